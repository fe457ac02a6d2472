import * as v from 'valibot';

/** One of the `Known` values, or any other string a newer server may send; editors list the known ones. */
export type OpenEnum<Known extends string> = Known | (string & {});

/**
 * A string field whose known values are listed for editors while any other string is accepted, so a
 * newer server's value never breaks decoding.
 */
/* @__NO_SIDE_EFFECTS__ */
export function openEnum<const T extends readonly string[]>(
  known: T,
): v.CustomSchema<OpenEnum<T[number]>, v.ErrorMessage<v.CustomIssue> | undefined> {
  return v.custom<OpenEnum<T[number]>>(
    (value) => typeof value === 'string',
    () => `Expected a string such as ${known.map((value) => JSON.stringify(value)).join(', ')}`,
  );
}
