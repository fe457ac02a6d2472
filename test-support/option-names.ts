// What the packages' option-name property tests share: the names an options key set holds, the
// functions a module exports, random misspellings of a name, and what a call failed with.
import fc from 'fast-check';

/** An options key set as core's `KeySets`: one set of names, or a list of them. */
export type KeySets = object | readonly KeySets[];

/** The keys of a key set (a set, or a list of them). */
export function keysOf(sets: KeySets): string[] {
  return Array.isArray(sets) ? sets.flatMap((set) => keysOf(set as KeySets)) : Object.keys(sets);
}

/** The exported functions of a module that are not classes. */
export function functionsOf(module: object): string[] {
  return Object.entries(module)
    .filter(
      ([, value]) => typeof value === 'function' && !/^class\b/.test(Function.prototype.toString.call(value)),
    )
    .map(([name]) => name);
}

const letter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzAEIMNRST_');

/** A misspelling of `key`: a character dropped, two neighbours swapped, one inserted or replaced. */
export function misspelling(key: string): fc.Arbitrary<string> {
  const at = (extra: number) => fc.nat(Math.max(0, key.length - 1 + extra));
  return fc.oneof(
    at(0).map((i) => key.slice(0, i) + key.slice(i + 1)),
    at(-1).map((i) => key.slice(0, i) + key.slice(i + 1, i + 2) + key.slice(i, i + 1) + key.slice(i + 2)),
    fc.tuple(at(1), letter).map(([i, c]) => key.slice(0, i) + c + key.slice(i)),
    fc.tuple(at(0), letter).map(([i, c]) => key.slice(0, i) + c + key.slice(i + 1)),
  );
}

/** What `call` threw or rejected with; undefined when it succeeded. */
export async function failureOf(call: () => unknown): Promise<unknown> {
  try {
    await call();
    return undefined;
  } catch (error) {
    return error;
  }
}
