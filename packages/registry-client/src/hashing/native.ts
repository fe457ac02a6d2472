// Node, Bun and Deno hash natively, several times faster than JavaScript. The module is looked up at run
// time rather than imported, so the main entry still loads in browsers, where it is simply not there.
import { type Checksum, onceReadable } from './checksum.js';
import type { ChecksumType } from './types.generated.js';

interface NativeHash {
  update(chunk: Uint8Array): NativeHash;
  digest(encoding: 'hex'): string;
}
interface NativeCrypto {
  createHash(algorithm: string): NativeHash;
}

let lookedUp = false;
let native: NativeCrypto | undefined;

function nativeCrypto(): NativeCrypto | undefined {
  if (!lookedUp) {
    lookedUp = true;
    const runtime = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    try {
      const module = runtime?.getBuiltinModule?.('crypto') as Partial<NativeCrypto> | undefined;
      native = typeof module?.createHash === 'function' ? (module as NativeCrypto) : undefined;
    } catch {
      native = undefined;
    }
  }
  return native;
}

/** A checksum computed by the runtime's native crypto, or undefined where there is none. */
export function createNativeChecksum(type: ChecksumType): Checksum | undefined {
  const crypto = nativeCrypto();
  if (crypto === undefined) return undefined;
  let hash: NativeHash;
  try {
    hash = crypto.createHash(type);
  } catch {
    // A runtime may lack an algorithm (MD5 under FIPS): the JavaScript one is used instead.
    return undefined;
  }
  return onceReadable(
    (chunk) => hash.update(chunk),
    () => hash.digest('hex'),
  );
}
