// Options are checked at run time as strictly as TypeScript checks them. Each options type has one key
// set: an object literal written `{ ... } satisfies OptionKeys<TheOptions>`, so the compiler refuses a key
// the type does not have and asks for every key it has; the two cannot drift apart. A JavaScript caller,
// a JSON configuration or an `as` cast that passes an unknown key is refused before anything is sent,
// with the nearest known option named. A key set is a few bytes per option, where a schema would carry
// a validator per option into every bundle.
import { RequestValidationError } from './errors.js';
import { nearestName } from './nearest-name.js';

/**
 * The keys of the options type `O`, each set to `1`. Written as an object literal with
 * `satisfies OptionKeys<O>`, it must name every option of `O` and nothing else.
 */
export type OptionKeys<O> = { readonly [K in keyof O]-?: 1 };

/**
 * The keys options type `O` adds to `Base`, each set to `1`: a client's options that extend core's list
 * only their own, `{ namespace: 1 } satisfies OwnOptionKeys<MyOptions, ClientOptions>`, and are checked
 * against both sets, `[clientOptionKeys, myOwnKeys]`.
 */
export type OwnOptionKeys<O, Base> = OptionKeys<Omit<O, keyof Base>>;

/** One options type's key set. */
export type KeySet = Readonly<Record<string, number>>;

/**
 * The keys an options object may hold: one set, or a list of sets (and lists) whose keys together make
 * its type's. A list rather than a spread: a bundler keeps a spread object nobody uses, never a list.
 */
export type KeySets = KeySet | readonly KeySets[];

/**
 * Refuses every key of `options` that `keys` (one set, or a list of sets) does not list: RequestValidationError naming each unknown
 * key and the nearest known option ("did you mean `maxFailures`?"), or, when the unknown key holds an
 * object of known options (`{ https: { ca } }`), the options to give at the top level instead. `what`
 * names the options in the message (`createNodeFetch options`). `undefined` and `null` pass.
 *
 * @example
 * ```ts
 * import { checkOptions, type OptionKeys } from '@infra-sdk/core';
 *
 * interface ScanOptions {
 *   readonly depth?: number | undefined;
 *   readonly followLinks?: boolean | undefined;
 * }
 * const scanOptionKeys = { depth: 1, followLinks: 1 } as const satisfies OptionKeys<ScanOptions>;
 * try {
 *   checkOptions({ dept: 2 }, scanOptionKeys, 'scan options');
 * } catch (error) {
 *   console.log((error as Error).message); // Invalid scan options (nothing was sent): dept: unknown option; did you mean `depth`?
 * }
 * ```
 * @throws {RequestValidationError} when `options` holds a key `keys` does not list.
 */
export function checkOptions(options: unknown, keys: KeySets, what: string): void {
  if (typeof options !== 'object' || options === null) return;
  // Lists nest a few levels at most: a client's list holds core's lists.
  const sets = ([keys] as unknown[]).flat(8) as KeySet[];
  const unknown = Object.keys(options).filter((key) => !sets.some((set) => Object.hasOwn(set, key)));
  if (unknown.length > 0) {
    const known = sets.flatMap(Object.keys);
    throw new RequestValidationError(
      what,
      unknown.map((key) => ({
        path: key,
        message: unknownOption(key, (options as Record<string, unknown>)[key], known),
      })),
    );
  }
}

/** Why `key` is refused, and what the caller most likely meant. */
function unknownOption(key: string, value: unknown, known: readonly string[]): string {
  // `{ https: { ca } }`: options of this function wrapped in a key of their own.
  const inside =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.keys(value).filter((inner) => known.includes(inner))
      : [];
  const nearest = nearestName(key, known);
  return inside.length > 0
    ? `unknown option; give ${inside.map((inner) => `\`${inner}\``).join(', ')} at the top level, not inside \`${key}\``
    : !nearest
      ? 'unknown option; this takes no options'
      : `unknown option; did you mean \`${nearest.name}\`?${nearest.close ? '' : ` The options are ${known.join(', ')}`}`;
}
