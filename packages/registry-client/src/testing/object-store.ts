// Where uploaded assets live: in memory, or as files in a temporary folder removed on close. An upload is
// written as it arrives and hashed on the way, so the folder store holds one chunk at a time.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What a store knows about an object once it is written. */
export interface StoredObject {
  readonly size: number;
  /** SHA-256 of the object, in hex. */
  readonly sha256: string;
}

/** Storage of the fake's box assets. */
export interface ObjectStore {
  put(key: string, bytes: Uint8Array): Promise<StoredObject>;
  /** Writes a stream as it arrives; on failure nothing is kept under `key`. */
  write(key: string, body: Readable): Promise<StoredObject>;
  /** The whole object, or undefined. */
  read(key: string): Promise<Uint8Array | undefined>;
  /** The object as a stream with its size, or undefined. */
  open(key: string): Promise<{ size: number; stream: Readable | Uint8Array } | undefined>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A pass-through that counts and hashes what flows through it. */
function measuring(): { stream: Transform; result: () => StoredObject } {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex') }) };
}

/** Keeps objects in a map (an upload is collected in memory: use the folder store for large boxes). */
export function createMemoryStore(): ObjectStore {
  const objects = new Map<string, Uint8Array>();
  return {
    put: async (key, bytes) => {
      objects.set(key, bytes);
      return { size: bytes.byteLength, sha256: sha256Of(bytes) };
    },
    write: async (key, body) => {
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      const bytes = new Uint8Array(Buffer.concat(chunks));
      objects.set(key, bytes);
      return { size: bytes.byteLength, sha256: sha256Of(bytes) };
    },
    read: async (key) => objects.get(key),
    open: async (key) => {
      const bytes = objects.get(key);
      return bytes === undefined ? undefined : { size: bytes.byteLength, stream: bytes };
    },
    delete: async (key) => {
      objects.delete(key);
    },
    close: async () => {
      objects.clear();
    },
  };
}

/** Keeps objects as files in a new temporary folder, which `close` removes. */
export async function createFolderStore(): Promise<ObjectStore> {
  const folder = await mkdtemp(join(tmpdir(), 'fake-registry-'));
  // Keys are generated ids, never user input, so they are safe file names.
  const file = (key: string) => join(folder, key);
  const exists = async (key: string) =>
    stat(file(key)).then(
      (info) => info.size,
      () => undefined,
    );
  const write = async (key: string, body: Readable): Promise<StoredObject> => {
    const measure = measuring();
    try {
      await pipeline(body, measure.stream, createWriteStream(file(key)));
    } catch (error) {
      await rm(file(key), { force: true });
      throw error;
    }
    return measure.result();
  };
  return {
    put: (key, bytes) => write(key, Readable.from([Buffer.from(bytes)])),
    write,
    read: async (key) =>
      (await exists(key)) === undefined ? undefined : new Uint8Array(await readFile(file(key))),
    open: async (key) => {
      const size = await exists(key);
      return size === undefined ? undefined : { size, stream: createReadStream(file(key)) };
    },
    delete: (key) => rm(file(key), { force: true }),
    close: () => rm(folder, { recursive: true, force: true }),
  };
}
