// Secrets must never reach a message, a log line or a serialised object. Everything that can carry
// text from a request (URLs, error bodies, the messages and stacks of causes) passes through here first.

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

/**
 * Replaces every occurrence of each secret in `text`, in every form it takes on the wire: as it is,
 * percent-encoded (`encodeURIComponent`, or a URL's own encoding, hex digits in either case),
 * form-encoded (`URLSearchParams`: a space as `+`, `~ ( ) ! '` encoded), mixed freely, and in base64
 * (standard or URL-safe), alone or inside a longer value such as the `user:token` of Basic auth.
 */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    // Very short values would blank out ordinary words; tokens are never that short.
    if (secret.length < 4) continue;
    const { plain, encoded } = formsOf(secret);
    for (const form of plain) out = out.split(form).join(REDACTED);
    // An encoded form needs a `%` (or a `+` for a space) in the text: most texts have none.
    if (out.includes('%') || (out.includes('+') && secret.includes(' ')))
      out = out.replace(encoded, REDACTED);
  }
  return out;
}

/** The `util.inspect` hook, reached by its registry name so the main entry needs no `node:util`. */
export const inspectSymbol: unique symbol = Symbol.for('nodejs.util.inspect.custom') as never;

interface SecretForms {
  /** The secret as it is and its base64 runs. */
  readonly plain: readonly string[];
  /** The secret with each character as it is or percent-encoded, a space also as `+`. */
  readonly encoded: RegExp;
}

// A client has one or two secrets at a time, and a provider's rotations are few: a small cache keeps
// each secret's forms from being worked out again for every message of a call.
const cache = new Map<string, SecretForms>();
const utf8 = new TextEncoder();

function formsOf(secret: string): SecretForms {
  let forms = cache.get(secret);
  if (forms) return forms;
  const bytes = utf8.encode(secret);
  const plain = [secret];
  // The base64 of the secret at each of the three offsets it can start at inside a longer value
  // (`user:token`), trimmed to the characters that only its own bytes decide; standard and URL-safe.
  for (let offset = 0; offset < 3; offset++) {
    const base64 = btoa(String.fromCharCode(...new Uint8Array(offset), ...bytes));
    const form = base64.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6));
    // Too short a run of base64 would match ordinary words.
    if (form.length >= 8) plain.push(form, form.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  let source = '';
  for (const char of secret) {
    const hex = [...utf8.encode(char)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
    source += `(?:${char.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')}|${hex}|${hex.toUpperCase()}${char === ' ' ? '|\\+' : ''})`;
  }
  forms = { plain, encoded: new RegExp(source, 'g') };
  if (cache.size >= 32) cache.clear();
  cache.set(secret, forms);
  return forms;
}
