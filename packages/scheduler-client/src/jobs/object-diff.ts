// Diff objects nest to any depth, so this one type is written out for the recursion (ObjectDiffSchema in
// diff.ts is typed by it).
import type { FieldDiff } from './types.generated.js';

/** A changed nested object: its fields and the objects inside it. */
export interface ObjectDiff {
  /** Name of the object, e.g. `Update` or `Resources`. */
  readonly Name: string;
  /** Kind of change: `Added`, `Deleted`, `Edited` or `None`. */
  readonly Type?: string | undefined;
  /** Changed fields of the object. */
  readonly Fields?: FieldDiff[] | null | undefined;
  /** Changed objects nested in it. */
  readonly Objects?: ObjectDiff[] | null | undefined;
  readonly [extra: string]: unknown;
}
