// The schema of bindings in a request (bindings.ts writes a map of them as text).
import * as v from 'valibot';
import { bindingsText } from './bindings.js';

/** Bindings in a request: configuration text, or a map of resource name to roles. */
/* @__NO_SIDE_EFFECTS__ */
export function bindingsSchema() {
  return v.union(
    [
      v.pipe(v.string(), v.nonEmpty('must not be empty')),
      v.pipe(
        v.record(v.pipe(v.string(), v.nonEmpty()), v.pipe(v.array(v.string()), v.minLength(1))),
        v.check((bindings) => Object.keys(bindings).length > 0, 'must bind at least one resource'),
        v.transform((bindings: Record<string, string[]>) => bindingsText(bindings)),
      ),
    ],
    'must be bindings text (JSON or block style, raw or base64) or a map of resource name to a list of roles',
  );
}
