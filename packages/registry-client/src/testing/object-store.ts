// Where uploaded assets live: in memory, or as files in a temporary folder removed on close.
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/** Storage of the fake's box assets. */
export interface ObjectStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The whole object, or undefined. */
  read(key: string): Promise<Uint8Array | undefined>;
  /** The object as a stream with its size, or undefined. */
  open(key: string): Promise<{ size: number; stream: Readable | Uint8Array } | undefined>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Keeps objects in a map. */
export function createMemoryStore(): ObjectStore {
  const objects = new Map<string, Uint8Array>();
  return {
    put: async (key, bytes) => {
      objects.set(key, bytes);
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
  return {
    put: (key, bytes) => writeFile(file(key), bytes),
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
