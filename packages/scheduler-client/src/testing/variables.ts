// The fake's Variables: items by namespace and path, each write at a new index (its `ModifyIndex`, the
// check-and-set index), and locks with a TTL and a delay on the fake's clock. A lock lapses at the end
// of its TTL unless renewed; a lapsed lock leaves the variable unlockable for its delay; a released one
// does not. A locked variable is written only under its lock, and not deleted.
import { randomUUID } from 'node:crypto';
import { badRequest } from './fault.js';
import type { Change, SchedulerStore } from './store.js';
import { WireNanos } from './wire-nanos.js';

const VARIABLE_PATH = /^[a-zA-Z0-9\-_~/]{1,128}$/;
const MAX_ITEMS_BYTES = 65_536;
const MIN_LOCK_MS = 10_000;
const MAX_LOCK_MS = 86_400_000;
const DEFAULT_LOCK_MS = 15_000;

/** A lock held over a variable. */
interface FakeVariableLock {
  readonly ID: string;
  readonly ttlMs: number;
  readonly delayMs: number;
  /** When it lapses, by the fake's clock. */
  expiresAt: number;
}

/** A variable as the fake keeps it. */
export interface StoredVariable {
  readonly Namespace: string;
  readonly Path: string;
  Items: Record<string, string>;
  readonly CreateIndex: number;
  ModifyIndex: number;
  readonly CreateTime: WireNanos;
  ModifyTime: WireNanos;
  lock: FakeVariableLock | undefined;
  /** Until when, by the fake's clock, a lapsed lock's delay keeps it unlockable. */
  unlockableUntil: number;
}

/** What a write, delete or lock operation came to: done, or refused for a conflict with the variable as it is. */
export type VariableOutcome<T> = { readonly ok: T } | { readonly conflict: StoredVariable };

function variableKey(namespace: string, path: string): string {
  return `${namespace}\u0000${path}`;
}

function clockNanos(store: SchedulerStore): WireNanos {
  return new WireNanos(BigInt(Math.round(store.clock.now())) * 1_000_000n);
}

/** Go duration text of whole milliseconds, as the scheduler writes a lock's times (`15s`, `1m30s`). */
function durationText(ms: number): string {
  const seconds = ms / 1000;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return `${hours ? `${hours}h` : ''}${hours || minutes ? `${minutes}m` : ''}${rest}s`;
}

/** Reads Go duration text (`15s`, `1m30s`, `1.5h`) into ms; a number is nanoseconds. */
function durationMs(value: unknown, name: string): number {
  if (value === undefined || value === null || value === '') return DEFAULT_LOCK_MS;
  let ms: number | undefined;
  if (typeof value === 'number' && Number.isFinite(value)) ms = value / 1_000_000;
  else if (typeof value === 'string' && /^(\d+(\.\d+)?(h|m|s|ms))+$/.test(value)) {
    ms = 0;
    for (const [, amount, , unit] of value.matchAll(/(\d+(\.\d+)?)(h|ms|m|s)/g)) {
      ms += Number(amount) * { h: 3_600_000, m: 60_000, s: 1000, ms: 1 }[unit as 'h' | 'm' | 's' | 'ms'];
    }
  }
  if (ms === undefined) throw badRequest(`failed to parse lock ${name} ${JSON.stringify(value)}`);
  if (ms < MIN_LOCK_MS || ms > MAX_LOCK_MS) {
    throw badRequest(`lock ${name} must be between 10s and 24h`);
  }
  return ms;
}

/** Checks a variable path as the scheduler does; `write` also keeps out of the reserved `nomad/` tree. */
export function checkVariablePath(path: string, write: boolean): void {
  if (!VARIABLE_PATH.test(path) || path.split('/').includes('')) throw badRequest(`invalid path "${path}"`);
  const parts = path.split('/');
  const reserved =
    parts[0] === 'nomad' && parts[1] !== 'jobs' && !(parts[1] === 'job-templates' && parts.length === 3);
  if (write && reserved) {
    throw badRequest(
      '"nomad" is a reserved top-level directory path, but you may write variables to "nomad/jobs", "nomad/job-templates", or below',
    );
  }
}

/** Checks a variable's items: text values, at most 64 KiB of keys and values; `empty` allows none. */
function checkItems(items: unknown, empty: boolean): Record<string, string> {
  if (items === undefined || items === null) {
    if (empty) return {};
    throw badRequest('empty variables are invalid');
  }
  if (typeof items !== 'object' || Array.isArray(items)) throw badRequest('Items must be an object');
  let bytes = 0;
  for (const [key, value] of Object.entries(items)) {
    if (typeof value !== 'string') throw badRequest(`item ${JSON.stringify(key)} must be text`);
    bytes += Buffer.byteLength(key) + Buffer.byteLength(value);
  }
  if (!empty && Object.keys(items).length === 0) throw badRequest('empty variables are invalid');
  if (bytes > MAX_ITEMS_BYTES) throw badRequest('variables are limited to 64KiB in total size');
  return { ...(items as Record<string, string>) };
}

/** The variables of the fake, and their locks. */
export class FakeVariables {
  readonly #store: SchedulerStore;
  readonly #variables = new Map<string, StoredVariable>();

  constructor(store: SchedulerStore) {
    this.#store = store;
  }

  /** Every variable, by namespace and path. */
  all(): StoredVariable[] {
    return [...this.#variables.values()];
  }

  get(namespace: string, path: string): StoredVariable | undefined {
    return this.#variables.get(variableKey(namespace, path));
  }

  /** `PUT /v1/var/:path`: writes the items, under the lock when the variable is locked; `cas` checks the index. */
  put(
    namespace: string,
    path: string,
    body: { readonly Items?: unknown; readonly Lock?: { readonly ID?: unknown } | null },
    cas: number | undefined,
  ): VariableOutcome<StoredVariable> {
    checkVariablePath(path, true);
    const items = checkItems(body.Items, false);
    const existing = this.get(namespace, path);
    if (cas !== undefined && (existing?.ModifyIndex ?? 0) !== cas)
      return this.#conflict(existing, namespace, path);
    const lockId = body.Lock?.ID;
    if (existing?.lock !== undefined ? lockId !== existing.lock.ID : lockId !== undefined && lockId !== '') {
      return this.#conflict(existing, namespace, path);
    }
    return { ok: this.#store.commit((change) => this.#write(change, namespace, path, items, existing)) };
  }

  /** `DELETE /v1/var/:path`; deleting a variable that does not exist succeeds. */
  delete(namespace: string, path: string, cas: number | undefined): VariableOutcome<number> {
    checkVariablePath(path, false);
    const existing = this.get(namespace, path);
    if (cas !== undefined && (existing?.ModifyIndex ?? 0) !== cas)
      return this.#conflict(existing, namespace, path);
    if (existing?.lock !== undefined) return { conflict: existing };
    return {
      ok: this.#store.commit((change) => {
        this.#variables.delete(variableKey(namespace, path));
        change.touch('vars');
        return change.index;
      }),
    };
  }

  /** `PUT /v1/var/:path?lock-acquire`: locks the variable, creating it when new. */
  acquire(
    namespace: string,
    path: string,
    body: {
      readonly Items?: unknown;
      readonly Lock?: { readonly TTL?: unknown; readonly LockDelay?: unknown } | null;
    },
  ): VariableOutcome<StoredVariable> {
    checkVariablePath(path, true);
    const ttlMs = durationMs(body.Lock?.TTL, 'TTL');
    const delayMs = durationMs(body.Lock?.LockDelay, 'LockDelay');
    const given = body.Items === undefined || body.Items === null ? undefined : checkItems(body.Items, true);
    const existing = this.get(namespace, path);
    const now = this.#store.clock.now();
    if (existing !== undefined && (existing.lock !== undefined || existing.unlockableUntil > now)) {
      return { conflict: existing };
    }
    return {
      ok: this.#store.commit((change) => {
        const variable = this.#write(change, namespace, path, given ?? existing?.Items ?? {}, existing);
        variable.lock = { ID: randomUUID(), ttlMs, delayMs, expiresAt: now + ttlMs };
        this.#watchLapse(variable, variable.lock);
        return variable;
      }),
    };
  }

  /** `PUT /v1/var/:path?lock-renew`: the lock lives another TTL from now. */
  renew(namespace: string, path: string, lockId: unknown): VariableOutcome<StoredVariable> {
    checkVariablePath(path, false);
    const existing = this.get(namespace, path);
    const lock = existing?.lock;
    if (existing === undefined || lock === undefined || lock.ID !== lockId) {
      return this.#conflict(existing, namespace, path);
    }
    lock.expiresAt = this.#store.clock.now() + lock.ttlMs;
    this.#watchLapse(existing, lock);
    return { ok: existing };
  }

  /** `PUT /v1/var/:path?lock-release`: the lock goes at once, with no delay after it. */
  release(
    namespace: string,
    path: string,
    body: { readonly Items?: unknown; readonly Lock?: { readonly ID?: unknown } | null },
  ): VariableOutcome<StoredVariable> {
    checkVariablePath(path, false);
    if (body.Items !== undefined && body.Items !== null)
      throw badRequest('a lock release does not take items');
    const existing = this.get(namespace, path);
    if (existing === undefined || existing.lock === undefined || existing.lock.ID !== body.Lock?.ID) {
      return this.#conflict(existing, namespace, path);
    }
    return {
      ok: this.#store.commit((change) => {
        existing.lock = undefined;
        this.#modified(change, existing);
        return existing;
      }),
    };
  }

  /** The wire form of a variable; `items` and the lock's `lockId` only for those who may see them. */
  view(
    variable: StoredVariable,
    options: { readonly items: boolean; readonly lockId?: boolean },
  ): Record<string, unknown> {
    const lock = variable.lock;
    return {
      Namespace: variable.Namespace,
      Path: variable.Path,
      CreateIndex: variable.CreateIndex,
      ModifyIndex: variable.ModifyIndex,
      CreateTime: variable.CreateTime,
      ModifyTime: variable.ModifyTime,
      ...(options.items ? { Items: variable.Items } : {}),
      ...(lock === undefined
        ? {}
        : {
            Lock: {
              TTL: durationText(lock.ttlMs),
              LockDelay: durationText(lock.delayMs),
              ...(options.lockId ? { ID: lock.ID } : {}),
            },
          }),
    };
  }

  #conflict(
    existing: StoredVariable | undefined,
    namespace: string,
    path: string,
  ): { conflict: StoredVariable } {
    // A conflict over a variable that does not exist answers an empty one, as the scheduler does.
    return {
      conflict: existing ?? {
        Namespace: namespace,
        Path: path,
        Items: {},
        CreateIndex: 0,
        ModifyIndex: 0,
        CreateTime: new WireNanos(0n),
        ModifyTime: new WireNanos(0n),
        lock: undefined,
        unlockableUntil: 0,
      },
    };
  }

  #write(
    change: Change,
    namespace: string,
    path: string,
    items: Record<string, string>,
    existing: StoredVariable | undefined,
  ): StoredVariable {
    if (existing !== undefined) {
      existing.Items = items;
      this.#modified(change, existing);
      return existing;
    }
    const now = clockNanos(this.#store);
    const created: StoredVariable = {
      Namespace: namespace,
      Path: path,
      Items: items,
      CreateIndex: change.index,
      ModifyIndex: change.index,
      CreateTime: now,
      ModifyTime: now,
      lock: undefined,
      unlockableUntil: 0,
    };
    this.#variables.set(variableKey(namespace, path), created);
    change.touch('vars');
    return created;
  }

  #modified(change: Change, variable: StoredVariable): void {
    variable.ModifyIndex = change.index;
    variable.ModifyTime = clockNanos(this.#store);
    change.touch('vars');
  }

  /** At the lock's end by the fake's clock, a lock not renewed since lapses, and its delay starts. */
  #watchLapse(variable: StoredVariable, lock: FakeVariableLock): void {
    const store = this.#store;
    store.timeline.deadline(Math.max(0, lock.expiresAt - store.timeline.now()), () => {
      if (variable.lock !== lock || store.clock.now() < lock.expiresAt) return;
      store.commit((change) => {
        variable.lock = undefined;
        variable.unlockableUntil = lock.expiresAt + lock.delayMs;
        this.#modified(change, variable);
      });
    });
  }
}
