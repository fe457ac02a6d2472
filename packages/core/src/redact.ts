// Secrets must never reach a message, a log line or a serialised object. Everything that can carry
// text from a request (URLs, error bodies) passes through here first.

/** Query parameters whose values are credentials wherever they appear. */
const SENSITIVE_QUERY = new Set(['access_token', 'token', 'auth_token', 'secret', 'password']);

/** What replaces a secret in any text we produce. */
export const REDACTED = '[redacted]';

/** Removes user info and credential query values from a URL, and any of `secrets` that it contains. */
export function redactUrl(url: string, secrets: readonly string[] = []): string {
  let out = url;
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    for (const key of [...parsed.searchParams.keys()]) {
      if (SENSITIVE_QUERY.has(key.toLowerCase())) parsed.searchParams.set(key, REDACTED);
    }
    out = parsed.href;
  } catch {
    // Not an absolute URL: only the plain-text scrub below applies.
  }
  return redactText(out, secrets);
}

/** Replaces every occurrence of each secret (and its URL-encoded form) in `text`. */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    // Very short values would blank out ordinary words; tokens are never that short.
    if (secret.length < 4) continue;
    out = out.split(secret).join(REDACTED);
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) out = out.split(encoded).join(REDACTED);
  }
  return out;
}

/** The `util.inspect` hook, reached by its registry name so the main entry needs no `node:util`. */
export const inspectSymbol: unique symbol = Symbol.for('nodejs.util.inspect.custom') as never;
