// Base64 with the functions every runtime has (atob, btoa), for dispatch payloads and exec frames.

const CHUNK = 0x8000;

/** Encodes bytes as standard base64. */
export function encodeBase64(bytes: Uint8Array): string {
  let binary = '';
  // Chunks keep the argument list of fromCharCode within engine limits.
  for (let start = 0; start < bytes.length; start += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  }
  return btoa(binary);
}

/** Decodes standard base64 into bytes; throws on text that is not base64. */
export function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Number of bytes that base64 text decodes to, or undefined when it is not base64. */
export function decodedLength(text: string): number | undefined {
  const compact = text.replace(/[\r\n]/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) return undefined;
  const padding = compact.endsWith('==') ? 2 : compact.endsWith('=') ? 1 : 0;
  return Math.floor(((compact.length - padding) * 3) / 4);
}
