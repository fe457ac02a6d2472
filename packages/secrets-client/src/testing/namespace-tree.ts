// Namespaces of the fake, each with its own mounts and sync state. A request's namespace header is
// joined with its path, and the longest known namespace prefix of the result is the namespace used.
import { createHash } from 'node:crypto';
import { fail } from './answer.js';
import type { EngineContext, FakeEngine } from './engine.js';

/** One engine mounted in a namespace. */
export interface MountEntry {
  readonly path: string;
  readonly type: string;
  /** Stable identifier of the mount, as sync associations name it (`kv_1a2b3c4d`). */
  readonly accessor: string;
  readonly engine: FakeEngine<unknown>;
  readonly state: unknown;
}

/** A namespace: its path (`''` for the root), its mounts, and per-namespace state of `sys/`. */
export class FakeNamespace<S> {
  readonly path: string;
  readonly mounts = new Map<string, MountEntry>();
  readonly sys: S;

  constructor(path: string, sys: S) {
    this.path = path;
    this.sys = sys;
  }

  /** Mounts `engine` at `path` (segments joined by "/"). */
  mount(
    path: string,
    type: string,
    engine: FakeEngine<unknown>,
    context: Omit<EngineContext, 'mountPath' | 'leasePrefix' | 'namespace'>,
  ): MountEntry {
    const clean = path.replace(/^\/+|\/+$/g, '');
    if (clean === '' || clean.split('/').some((part) => part === '' || part === 'sys')) {
      throw new TypeError(`cannot mount an engine at ${JSON.stringify(path)}`);
    }
    if (this.mounts.has(clean)) throw new TypeError(`${JSON.stringify(clean)} is already mounted`);
    const prefix = this.path === '' ? clean : `${this.path}/${clean}`;
    const entry: MountEntry = {
      path: clean,
      type,
      accessor: `${type}_${createHash('sha256').update(prefix).digest('hex').slice(0, 8)}`,
      engine,
      state: engine.create({ ...context, mountPath: clean, leasePrefix: prefix, namespace: this.path }),
    };
    this.mounts.set(clean, entry);
    return entry;
  }

  /** The mount that `segments` start with (longest first), and the segments after it. */
  findMount(segments: readonly string[]): { mount: MountEntry; rest: string[] } | undefined {
    for (let length = segments.length; length > 0; length -= 1) {
      const mount = this.mounts.get(segments.slice(0, length).join('/'));
      if (mount) return { mount, rest: segments.slice(length) };
    }
    return undefined;
  }
}

/** Splits a header or path into segments, dropping empty ones at the ends. */
export function segmentsOf(text: string): string[] {
  const trimmed = text.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? [] : trimmed.split('/');
}

/**
 * Decodes raw path segments one by one. The service routes on the decoded path, so a segment that
 * decodes to something holding "/" (or "%", a second encoding) or to a dot segment would address
 * another object; the fake refuses it rather than treat it as a name.
 */
export function decodeSegments(rawPath: string): string[] {
  return segmentsOf(rawPath).map((segment) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return fail(400, `malformed percent-encoding in path segment ${JSON.stringify(segment)}`);
    }
    if (decoded.includes('/') || decoded.includes('%') || decoded === '.' || decoded === '..') {
      fail(
        400,
        `path segment ${JSON.stringify(segment)} decodes to ${JSON.stringify(decoded)}, which cannot be a name: names hold no "/", "%" or dot segments`,
      );
    }
    return decoded;
  });
}
