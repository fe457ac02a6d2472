// Version diffs, as the versions endpoint (with `diffs`) and the plan endpoint return them.

import { openEnum } from '@infra-sdk/core';
import * as v from 'valibot';

/** Known diff types; others are accepted. */
export const DiffTypeSchema = openEnum(['Added', 'Deleted', 'Edited', 'None']);
/** Known diff types; others are accepted. */
export type DiffType = v.InferOutput<typeof DiffTypeSchema>;

/** One changed field: its name, old and new value as text, and what kind of change. */
export const FieldDiffSchema = v.looseObject({
  Name: v.string(),
  Old: v.optional(v.string()),
  New: v.optional(v.string()),
  Type: v.optional(DiffTypeSchema),
  Annotations: v.nullish(v.array(v.string())),
});
/** One changed field: its name, old and new value as text, and what kind of change. */
export interface FieldDiff extends v.InferOutput<typeof FieldDiffSchema> {}

// Objects nest to any depth, so this one type is written out for the recursion.
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

/** A changed nested object: its fields and the objects inside it. */
export const ObjectDiffSchema: v.GenericSchema<ObjectDiff> = v.looseObject({
  Name: v.string(),
  Type: v.optional(DiffTypeSchema),
  Fields: v.nullish(v.array(FieldDiffSchema)),
  Objects: v.nullish(v.array(v.lazy(() => ObjectDiffSchema))),
});

/** Changes of one task. */
export const TaskDiffSchema = v.looseObject({
  Name: v.string(),
  Type: v.optional(DiffTypeSchema),
  Fields: v.nullish(v.array(FieldDiffSchema)),
  Objects: v.nullish(v.array(ObjectDiffSchema)),
  Annotations: v.nullish(v.array(v.string())),
});
/** Changes of one task. */
export interface TaskDiff extends v.InferOutput<typeof TaskDiffSchema> {}

/** Changes of one task group, with the count of each kind of placement update. */
export const TaskGroupDiffSchema = v.looseObject({
  Name: v.string(),
  Type: v.optional(DiffTypeSchema),
  Fields: v.nullish(v.array(FieldDiffSchema)),
  Objects: v.nullish(v.array(ObjectDiffSchema)),
  Updates: v.nullish(v.record(v.string(), v.number())),
  Tasks: v.nullish(v.array(TaskDiffSchema)),
});
/** Changes of one task group, with the count of each kind of placement update. */
export interface TaskGroupDiff extends v.InferOutput<typeof TaskGroupDiffSchema> {}

/** Changes between two versions of a job. */
export const JobDiffSchema = v.looseObject({
  ID: v.string(),
  Type: v.optional(DiffTypeSchema),
  Fields: v.nullish(v.array(FieldDiffSchema)),
  Objects: v.nullish(v.array(ObjectDiffSchema)),
  TaskGroups: v.nullish(v.array(TaskGroupDiffSchema)),
});
/** Changes between two versions of a job. */
export interface JobDiff extends v.InferOutput<typeof JobDiffSchema> {}
