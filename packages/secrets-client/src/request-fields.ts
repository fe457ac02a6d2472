// Rules that relate several fields of a request (mutual exclusion, minimums that depend on units).
// They run once every field has its own type right, and report the field they are about.
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

/** Edit distance of two short field names (insertions, deletions, substitutions, adjacent swaps). */
function distance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= b.length; j += 1) (rows[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    const row = rows[i] as number[];
    const above = rows[i - 1] as number[];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = best;
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/** The declared field `name` is most likely a misspelling of, if any is close enough to be one. */
export function nearMiss(name: string, declared: readonly string[]): string | undefined {
  const folded = name.toLowerCase().replace(/[-_ ]/g, '');
  let best: { key: string; score: number } | undefined;
  for (const key of declared) {
    if (key === name) continue;
    const score = key.toLowerCase().replace(/[-_ ]/g, '') === folded ? 0 : distance(name, key);
    // Short names are too close to each other for a distance of 2 to mean a typo.
    const allowed = key.length <= 4 ? 1 : 2;
    if (score <= allowed && (best === undefined || score < best.score)) best = { key, score };
  }
  return best?.key;
}

function objectMessage(
  issue: v.StrictObjectIssue,
  what: string | undefined,
  declared: readonly string[],
): string {
  if (issue.expected === 'never') {
    const name = typeof issue.input === 'string' ? issue.input : String(issue.received).replace(/^"|"$/g, '');
    const guess = nearMiss(name, declared);
    return `is not a field of ${what ?? 'this request'}${guess === undefined ? '' : `; did you mean ${guess}?`}`;
  }
  if (issue.received === 'undefined' && issue.expected?.startsWith('"')) {
    return what === undefined ? 'is required' : `is required for ${what}`;
  }
  return `must be an object, got ${issue.received}`;
}

/** A request body: a strict object whose missing and unknown fields are reported in the spec's words ("is required"), a misspelt one with the declared name it is close to. */
/* @__NO_SIDE_EFFECTS__ */
export function requestObject<const E extends v.ObjectEntries>(entries: E, what?: string) {
  const declared = Object.keys(entries);
  return v.strictObject(entries, (issue) => objectMessage(issue, what, declared));
}
