// Bindings go to the service as configuration text (JSON or block style, raw or base64). A map of
// resource to roles is accepted too and written as the JSON form of that text.
/** Writes a map of resource name to roles as the JSON bindings text the service parses. */
export function bindingsText(bindings: Readonly<Record<string, readonly string[]>>): string {
  const resource: Record<string, { roles: readonly string[] }> = {};
  for (const [name, roles] of Object.entries(bindings)) resource[name] = { roles };
  return JSON.stringify({ resource });
}
