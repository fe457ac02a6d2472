// Namespaces travel in a header; the service joins the header with the request path, so the value is
// checked like a mount path (segment by segment) before it is ever sent.
import { encodeMount } from '@infra-sdk/core';

/** The header that selects the namespace a path is relative to. */
export const NAMESPACE_HEADER = 'X-Secrets-Namespace';

/** Headers of one call for its `namespace` option: a path selects it, `null` sends none (the root namespace), `undefined` keeps the client's. */
export function namespaceHeaders(
  namespace: string | null | undefined,
): Readonly<Record<string, string | undefined>> {
  if (namespace === undefined) return {};
  return { [NAMESPACE_HEADER]: namespace === null ? undefined : encodeMount(namespace, 'namespace') };
}
