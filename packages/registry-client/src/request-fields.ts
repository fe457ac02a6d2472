// Field schemas shared by the request bodies.
import * as v from 'valibot';

/** A string with at least one character. */
/* @__NO_SIDE_EFFECTS__ */
export function nonEmptyString() {
  return v.pipe(v.string('must be a string'), v.minLength(1, 'must not be empty'));
}

/** Refuses an update that names no field, which would change nothing. */
/* @__NO_SIDE_EFFECTS__ */
export function atLeastOneField<T extends Record<string, unknown>>() {
  return v.check<T, string>(
    (input) => Object.values(input).some((value) => value !== undefined),
    'give at least one field to change',
  );
}

/** A whole number from `min` to `max`. */
/* @__NO_SIDE_EFFECTS__ */
export function wholeNumber(min: number, max: number) {
  return v.pipe(
    v.number('must be a number'),
    v.integer('must be a whole number'),
    v.minValue(min, `must be ${min} or more`),
    v.maxValue(max, `must be at most ${max}`),
  );
}
