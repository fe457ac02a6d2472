// Bodies as hooks and the debug log see them: text with every credential masked that can be recognised
// without knowing the service (the token, credential-like JSON fields, a password in an address),
// and raw bodies by their size only.
import { REDACTED, redactText } from './redact.js';

// A JSON field whose name says it holds a credential, and its value (a string or a bare scalar); also
// in JSON quoted inside a JSON string (a service that echoes a body), where every quote is `\"`.
const CREDENTIAL_FIELD =
  /((\\?)"[^"\\]*(?:token|secret|passw|passphrase|private|credential|authorization|cookie|api_?key|signature)[^"\\]*\2"\s*:\s*)(?:\2"(?:[^"\\]|\\.)*?\2"(?=\s*(?:[,}\]]|$))|[\w.+-]+)/gi;
// The password of an address with user information (`postgres://user:password@host`).
const ADDRESS_PASSWORD = /(\/\/[^\s/:@"]*:)[^\s/@"]+@/g;

/** `body` as text for a log: masked text, `[N bytes]`, `[Blob, N bytes]` or `[stream]`; undefined for none. */
export function bodyText(body: unknown, secrets: readonly string[]): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') {
    const masked = body
      .replace(CREDENTIAL_FIELD, `$1$2"${REDACTED}$2"`)
      .replace(ADDRESS_PASSWORD, `$1${REDACTED}@`);
    return redactText(masked, secrets);
  }
  if (body instanceof ReadableStream) return '[stream]';
  if (body instanceof Blob) return `[Blob, ${body.size} bytes]`;
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return `[${body.byteLength} bytes]`;
  // Form data and the like: their fields are not shown.
  return `[${(body as object).constructor?.name ?? 'body'}]`;
}
