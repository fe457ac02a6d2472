// The allocation directories of the fake, as a node lays them out: `alloc/` shared by the group's tasks
// (`logs/` with each task's `<task>.stdout.0` and `.stderr.0`, `data/`, `tmp/`) and a directory per
// task (`local/`, `secrets/`, `tmp/`). A running task writes, on the fake's clock, its log lines and
// `<task>/local/progress` (one `tick <n>` line per log tick, after `started`); tests write files of
// their own with `writeAllocationFile`.
import { badRequest, notFound } from './fault.js';
import type { SchedulerStore } from './store.js';
import { logFileName } from './task-logs.js';
import type { Allocation } from './wire-types.js';

/** One entry of an allocation directory. */
export interface FakeFileInfo {
  readonly Name: string;
  readonly IsDir: boolean;
  readonly Size: number;
  readonly FileMode: string;
  readonly ModTime: string;
}

const DIRECTORY_MODE = 'drwxrwxrwx';
const FILE_MODE = '-rw-r--r--';

/** A path in the allocation directory without its leading, trailing and repeated slashes. */
export function cleanPath(path: string): string {
  const parts = path.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.includes('..')) throw badRequest(`path "${path}" leaves the allocation directory`);
  return parts.join('/');
}

/** The files of every allocation: what tests wrote, beside what the tasks write. */
export class AllocFiles {
  readonly #store: SchedulerStore;
  /** Written files by allocation id, then path: their bytes and when they were written. */
  readonly #written = new Map<string, Map<string, { bytes: Buffer; at: number }>>();

  constructor(store: SchedulerStore) {
    this.#store = store;
  }

  /** Writes (or replaces) a file of an allocation, creating its directories. */
  write(allocId: string, path: string, content: string | Uint8Array): void {
    const clean = cleanPath(path);
    if (clean === '') throw new Error('name a file, not the allocation directory');
    const files = this.#written.get(allocId) ?? new Map<string, { bytes: Buffer; at: number }>();
    files.set(clean, { bytes: Buffer.from(content), at: this.#store.clock.now() });
    this.#written.set(allocId, files);
    this.#store.taskLogs.changed();
  }

  /** Every file of the allocation by path, with its bytes now (the tasks' lines due by now written). */
  files(alloc: Allocation): Map<string, { bytes: Buffer; at: number }> {
    const store = this.#store;
    const now = store.clock.now();
    store.taskLogs.catchUp(alloc.ID, now);
    const files = new Map<string, { bytes: Buffer; at: number }>();
    for (const task of Object.keys(alloc.TaskStates ?? {})) {
      for (const type of ['stdout', 'stderr'] as const) {
        files.set(logFileName(task, type), {
          bytes: store.taskLogs.read(alloc.ID, task, type).bytes,
          at: now,
        });
      }
      const startedAt = store.taskLogs.startedAt(alloc.ID, task);
      if (startedAt !== undefined) {
        const ticks = store.taskLogs.ticks(alloc.ID, task);
        const lines = ['started', ...Array.from({ length: ticks }, (_, n) => `tick ${n + 1}`)];
        files.set(`${task}/local/progress`, { bytes: Buffer.from(`${lines.join('\n')}\n`), at: now });
      }
    }
    for (const [path, file] of this.#written.get(alloc.ID) ?? []) files.set(path, file);
    return files;
  }

  /** The directories of the allocation: the layout's, and those of every file. */
  directories(alloc: Allocation, files: Map<string, unknown>): Set<string> {
    const directories = new Set(['', 'alloc', 'alloc/logs', 'alloc/data', 'alloc/tmp']);
    for (const task of Object.keys(alloc.TaskStates ?? {})) {
      for (const sub of ['', '/local', '/secrets', '/tmp']) directories.add(`${task}${sub}`);
    }
    for (const path of files.keys()) {
      const parts = path.split('/');
      for (let depth = 1; depth < parts.length; depth++) directories.add(parts.slice(0, depth).join('/'));
    }
    return directories;
  }

  /** The entry at `path`, as stat answers it. */
  stat(alloc: Allocation, path: string): FakeFileInfo {
    const clean = cleanPath(path);
    const files = this.files(alloc);
    const name = clean.split('/').at(-1) ?? '';
    const file = files.get(clean);
    if (file !== undefined) return this.#info(name || '/', file.bytes.length, false, file.at);
    if (this.directories(alloc, files).has(clean))
      return this.#info(name || '/', 4096, true, this.#store.clock.now());
    throw notFound(`stat ${clean}: no such file or directory`);
  }

  /** The entries of the directory at `path`, by name. */
  list(alloc: Allocation, path: string): FakeFileInfo[] {
    const clean = cleanPath(path);
    const files = this.files(alloc);
    const directories = this.directories(alloc, files);
    if (!directories.has(clean)) {
      if (files.has(clean)) throw badRequest(`${clean} is not a directory`);
      throw notFound(`open ${clean}: no such file or directory`);
    }
    const prefix = clean === '' ? '' : `${clean}/`;
    const entries: FakeFileInfo[] = [];
    for (const directory of directories) {
      if (
        directory === clean ||
        !directory.startsWith(prefix) ||
        directory.slice(prefix.length).includes('/')
      )
        continue;
      entries.push(this.#info(directory.slice(prefix.length), 4096, true, this.#store.clock.now()));
    }
    for (const [file, { bytes, at }] of files) {
      if (!file.startsWith(prefix) || file.slice(prefix.length).includes('/')) continue;
      entries.push(this.#info(file.slice(prefix.length), bytes.length, false, at));
    }
    return entries.sort((a, b) => (a.Name < b.Name ? -1 : a.Name > b.Name ? 1 : 0));
  }

  /** The bytes of the file at `path`. */
  read(alloc: Allocation, path: string): Buffer {
    const clean = cleanPath(path);
    const files = this.files(alloc);
    const file = files.get(clean);
    if (file !== undefined) return file.bytes;
    if (this.directories(alloc, files).has(clean)) throw badRequest(`file "${clean}" is a directory`);
    throw notFound(`open ${clean}: no such file or directory`);
  }

  #info(name: string, size: number, directory: boolean, at: number): FakeFileInfo {
    return {
      Name: name,
      IsDir: directory,
      Size: size,
      FileMode: directory ? DIRECTORY_MODE : FILE_MODE,
      ModTime: new Date(at).toISOString(),
    };
  }
}
