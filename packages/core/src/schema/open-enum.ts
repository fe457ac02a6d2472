import * as v from 'valibot';

/**
 * A string field whose known values are listed for editors while any other string is accepted, so a
 * newer server's value never breaks decoding.
 */
/* @__NO_SIDE_EFFECTS__ */
export function openEnum<const T extends readonly string[]>(
  known: T,
): v.CustomSchema<T[number] | (string & {}), v.ErrorMessage<v.CustomIssue> | undefined> {
  return v.custom<T[number] | (string & {})>(
    (value) => typeof value === 'string',
    () => `Expected a string such as ${known.map((value) => JSON.stringify(value)).join(', ')}`,
  );
}
