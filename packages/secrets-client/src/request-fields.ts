// Rules that relate several fields of a request (mutual exclusion, minimums that depend on units).
// They run once every field has its own type right, and report the field they are about.
import { nearestName, unknownFieldMessage } from '@infra-sdk/core';
import * as v from 'valibot';

/** Records a broken rule at `key` (a field of the checked object; `''` for the object itself). */
export type ReportRule = (key: string, message: string) => void;

/** `schema` followed by `rules`, which run on a well-typed value and turn each report into an issue at its field. */
/* @__NO_SIDE_EFFECTS__ */
export function withRules<S extends v.GenericSchema<unknown, Record<string, unknown>>>(
  schema: S,
  rules: (input: v.InferOutput<S>, report: ReportRule) => void,
) {
  return v.pipe(
    schema,
    v.rawCheck<v.InferOutput<S>>(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const input = dataset.value;
      rules(input, (key, message) => {
        addIssue({
          message,
          ...(key === ''
            ? {}
            : { path: [{ type: 'object', origin: 'value', input, key, value: input[key] }] }),
        });
      });
    }),
  );
}

/** True when a request field is given with a value that means something (not omitted, null or empty). */
export function isSet(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  return !(Array.isArray(value) && value.length === 0);
}

/** The declared field `name` is most likely a misspelling of, if any is close enough to be one. */
export function nearMiss(name: string, declared: readonly string[]): string | undefined {
  const nearest = nearestName(
    name,
    declared.filter((key) => key !== name),
  );
  return nearest?.close ? nearest.name : undefined;
}

function objectMessage(
  issue: v.StrictObjectIssue,
  what: string | undefined,
  declared: readonly string[],
  schema: unknown,
): string {
  if (issue.expected === 'never') {
    const name = typeof issue.input === 'string' ? issue.input : String(issue.received).replace(/^"|"$/g, '');
    return unknownFieldMessage(name, declared, schema);
  }
  if (issue.received === 'undefined' && issue.expected?.startsWith('"')) {
    return what === undefined ? 'is required' : `is required for ${what}`;
  }
  return `must be an object, got ${issue.received}`;
}

/**
 * A request body: a strict object whose missing and unknown fields are reported in the spec's words
 * ("is required"), an unknown one with the declared field it is close to, or the nested object of this
 * body where a field of that name belongs (core's `unknownFieldMessage`).
 */
/* @__NO_SIDE_EFFECTS__ */
export function requestObject<const E extends v.ObjectEntries>(entries: E, what?: string) {
  const declared = Object.keys(entries);
  // The message reads the schema it belongs to, made by then, for the nested objects it declares.
  const schema: v.StrictObjectSchema<E, (issue: v.StrictObjectIssue) => string> = v.strictObject(
    entries,
    (issue) => objectMessage(issue, what, declared, schema),
  );
  return schema;
}
