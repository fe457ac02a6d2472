// Enums in responses accept values this version does not know yet, so a newer service never breaks a read.
import * as v from 'valibot';

/** A string enum of a response: the known values, or any other string a newer service sends. */
/* @__NO_SIDE_EFFECTS__ */
export function openEnum<const T extends readonly [string, ...string[]]>(known: T) {
  return v.union([v.picklist(known), v.string()]);
}
