// A watch of a blocking endpoint wakes whenever the server's index moves, and the index moves for any
// change on the server (another namespace, another partition). The Go client's watch compares each
// result with the last and stays quiet when nothing it returns changed; these watches do the same.
import type { ApiResult, OptionKeys, ResponseMeta } from '@infra-sdk/core';

/** How a namespace watch decides to yield. */
export interface ChangedOnlyOptions {
  /**
   * Yield a snapshot each time the server's index moves, even when the result is the same as the last
   * one yielded. Default false: after the first snapshot, one is yielded only when the result changed.
   */
  readonly everyIndex?: boolean | undefined;
}

/** The keys of `ChangedOnlyOptions`. */
export const changedOnlyOptionKeys = { everyIndex: 1 } as const satisfies OptionKeys<ChangedOnlyOptions>;

/** The snapshots of `watch`, those equal to the last one yielded left out unless `everyIndex`. */
export async function* changedOnly<T, M extends ResponseMeta>(
  watch: AsyncGenerator<ApiResult<T, M>, void, undefined>,
  everyIndex: boolean | undefined,
): AsyncGenerator<ApiResult<T, M>, void, undefined> {
  if (everyIndex === true) {
    yield* watch;
    return;
  }
  let last: { readonly data: T } | undefined;
  for await (const snapshot of watch) {
    if (last !== undefined && sameJson(last.data, snapshot.data)) continue;
    last = snapshot;
    yield snapshot;
  }
}

/** Deep equality of decoded JSON: the same values, whatever the order of object keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, at) => sameJson(item, b[at]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  if (keys.length !== Object.keys(right).filter((key) => right[key] !== undefined).length) return false;
  return keys.every((key) => Object.hasOwn(right, key) && sameJson(left[key], right[key]));
}
