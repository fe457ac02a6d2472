// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

import type { UnixNanos } from '../unix-nanos.js';

/** A lock over a variable: its holder's `ID` (only the holder sees it), its time to live and the delay after it lapses. */
export interface VariableLock {
  [key: string]: unknown;
  /** The lock's id, given to its holder when acquired; renewing, releasing and writing under the lock name it. */
  ID?: string | undefined;
  /** How long the lock lives without a renewal, as Go duration text (`"15s"`). */
  TTL?: string | number | undefined;
  /** How long the variable stays unlockable after a lock lapsed without a release, as Go duration text. */
  LockDelay?: string | number | undefined;
}

/** A variable as lists show it: its path and indexes, without its items. */
export interface VariableMetadata {
  [key: string]: unknown;
  Namespace?: string | undefined;
  Path: string;
  CreateIndex?: number | undefined;
  /** The index of the last change: the `cas` of a check-and-set write or delete. */
  ModifyIndex?: number | undefined;
  /** When it was created, in Unix nanoseconds (every digit kept). */
  CreateTime?: UnixNanos | undefined;
  /** When it last changed, in Unix nanoseconds (every digit kept). */
  ModifyTime?: UnixNanos | undefined;
  /** The lock over it, when one is held. */
  Lock?: VariableLock | null | undefined;
}

/** A list of variables without their items. */
export type VariableMetadataList = VariableMetadata[];

/** A variable: its items (text values by key) and its metadata. */
export interface Variable {
  [key: string]: unknown;
  Namespace?: string | undefined;
  Path: string;
  CreateIndex?: number | undefined;
  /** The index of the last change: the `cas` of a check-and-set write or delete. */
  ModifyIndex?: number | undefined;
  /** When it was created, in Unix nanoseconds (every digit kept). */
  CreateTime?: UnixNanos | undefined;
  /** When it last changed, in Unix nanoseconds (every digit kept). */
  ModifyTime?: UnixNanos | undefined;
  /** The lock over it, when one is held. */
  Lock?: VariableLock | null | undefined;
  /** The values, by key; null in a conflict answer to a token that may not read them. */
  Items?: Record<string, string> | null | undefined;
}

/** The lock a write names: the holder's lock id. */
export interface VariableLockId {
  /** The id `acquireVariableLock` answered. */
  ID: string;
}

/** What `writeVariable` takes: the items (at least one), and the lock's id when the variable is locked. */
export interface WriteVariableRequest {
  /** The values by key: at least one, at most 64 KiB of keys and values together. */
  Items: Record<string, string>;
  /** The lock held over the variable: a locked variable is written only under its lock. */
  Lock?: VariableLockId | undefined;
}

/** The lock `acquireVariableLock` asks for: its time to live and its delay. */
export interface VariableLockSpec {
  /** How long the lock lives without a renewal: nanoseconds or unit text, 10 s to 24 h; default 15 s. */
  TTL?: string | number | undefined;
  /** How long the variable stays unlockable after the lock lapsed unreleased: 10 s to 24 h; default 15 s. */
  LockDelay?: string | number | undefined;
}

/** What `acquireVariableLock` takes: the lock's times, and items to write with it (none keeps the variable's). */
export interface AcquireVariableLockRequest {
  /** Items written with the acquisition; left out, the variable keeps its own (a new one starts empty). */
  Items?: Record<string, string> | undefined;
  /** The lock's TTL and delay; default 15 s each. */
  Lock?: VariableLockSpec | undefined;
}

/** What deleting a variable answers: the index of the deletion (an empty body from some versions). */
export type DeleteVariableResponse =
  | {
      [key: string]: unknown;
      Index?: number | undefined;
    }
  | null
  | undefined;
