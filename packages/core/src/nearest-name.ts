// The known name a misspelt one most likely meant, for the messages that refuse an unknown option or
// field. Written here rather than taken from a package: the distance wanted counts a swap of two
// neighbouring letters as one typo (the commonest one; plain Levenshtein counts two), and compares
// names with case, `_` and `-` set aside (`perPage` is `per_page`, `baseURL` is `baseUrl`). See
// DESIGN-NOTES.md ("Nearest names").

/** A name as the comparison sees it: lower case, without `_` and `-`. */
const fold = (name: string): string => name.toLowerCase().replace(/[-_]/g, '');

/**
 * Edit distance of `a` and `b` counting an insertion, a deletion, a replacement or a swap of two
 * neighbouring characters as one edit (the optimal string alignment distance).
 */
export function editDistance(a: string, b: string): number {
  // The rows of the table two above, one above and being filled, over `b`'s prefixes.
  let before: number[] = [];
  let above = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const swap = j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1];
      row[j] = Math.min(
        (above[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (above[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
        swap ? (before[j - 2] ?? 0) + 1 : Number.POSITIVE_INFINITY,
      );
    }
    before = above;
    above = row;
  }
  return above[b.length] ?? 0;
}

/** The nearest of `names` to `name`, and how near: its edit distance once both are folded. */
export interface NearestName {
  /** The known name. */
  readonly name: string;
  /** Edits between the two, case, `_` and `-` set aside. */
  readonly distance: number;
  /** Whether the distance is small enough for a typo: 1 edit for names of up to 4 letters, else 2. */
  readonly close: boolean;
}

/**
 * The name of `names` nearest to `name` (the first of equals), or undefined when `names` is empty. Case,
 * `_` and `-` are set aside, and a swap of two neighbouring letters is one edit.
 *
 * @example
 * ```ts
 * import { nearestName } from '@infra-sdk/core';
 *
 * console.log(nearestName('maxFialures', ['maxFailures', 'backoffMs'])); // { name: 'maxFailures', distance: 1, close: true }
 * ```
 */
export function nearestName(name: string, names: readonly string[]): NearestName | undefined {
  const folded = fold(name);
  let best: NearestName | undefined;
  for (const known of names) {
    const distance = editDistance(folded, fold(known));
    if (best === undefined || distance < best.distance) {
      best = { name: known, distance, close: distance <= (known.length <= 4 ? 1 : 2) };
    }
  }
  return best;
}
