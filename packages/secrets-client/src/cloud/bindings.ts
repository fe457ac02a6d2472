// Bindings go to the service as configuration text (JSON or block style, raw or base64). A map of
// resource to roles is accepted too and written as the JSON form of that text.
import * as v from 'valibot';

/** Writes a map of resource name to roles as the JSON bindings text the service parses. */
export function bindingsText(bindings: Readonly<Record<string, readonly string[]>>): string {
  const resource: Record<string, { roles: readonly string[] }> = {};
  for (const [name, roles] of Object.entries(bindings)) resource[name] = { roles };
  return JSON.stringify({ resource });
}

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
