import { formatDuration } from '@infra-sdk/core';
import * as v from 'valibot';
import { Nanoseconds } from '../durations.js';
import { UnixNanosSchema } from '../unix-nanos-schema.js';
import { MAX_VARIABLE_ITEMS_BYTES } from './items-limit.js';

/** A lock over a variable: its holder's `ID` (only the holder sees it), its time to live and the delay after it lapses. */
export const VariableLockSchema = v.looseObject({
  /** The lock's id, given to its holder when acquired; renewing, releasing and writing under the lock name it. */
  ID: v.optional(v.string()),
  /** How long the lock lives without a renewal, as Go duration text (`"15s"`). */
  TTL: v.optional(v.union([v.string(), v.number()])),
  /** How long the variable stays unlockable after a lock lapsed without a release, as Go duration text. */
  LockDelay: v.optional(v.union([v.string(), v.number()])),
});

const metadata = {
  Namespace: v.optional(v.string()),
  Path: v.string(),
  CreateIndex: v.optional(v.number()),
  /** The index of the last change: the `cas` of a check-and-set write or delete. */
  ModifyIndex: v.optional(v.number()),
  /** When it was created, in Unix nanoseconds (every digit kept). */
  CreateTime: v.optional(UnixNanosSchema),
  /** When it last changed, in Unix nanoseconds (every digit kept). */
  ModifyTime: v.optional(UnixNanosSchema),
  /** The lock over it, when one is held. */
  Lock: v.nullish(VariableLockSchema),
};

/** A variable as lists show it: its path and indexes, without its items. */
export const VariableMetadataSchema = v.looseObject(metadata);

/** A list of variables without their items. */
export const VariableMetadataListSchema: v.ArraySchema<typeof VariableMetadataSchema, undefined> =
  v.array(VariableMetadataSchema);

/** A variable: its items (text values by key) and its metadata. */
export const VariableSchema = v.looseObject({
  ...metadata,
  /** The values, by key; null in a conflict answer to a token that may not read them. */
  Items: v.nullish(v.record(v.string(), v.string())),
});

/** Bytes of the keys and values of `items`, as the scheduler counts them against its 64 KiB limit. */
export function itemsBytes(items: Readonly<Record<string, string>>): number {
  const encoder = new TextEncoder();
  let total = 0;
  for (const [key, value] of Object.entries(items)) {
    total += encoder.encode(key).length + encoder.encode(value).length;
  }
  return total;
}

const Items = v.pipe(
  v.record(v.string(), v.string()),
  v.check(
    (items) => itemsBytes(items) <= MAX_VARIABLE_ITEMS_BYTES,
    (issue) =>
      `Items hold ${itemsBytes(issue.input as Record<string, string>)} bytes of keys and values; the scheduler takes at most ${MAX_VARIABLE_ITEMS_BYTES}`,
  ),
);

/** The lock a write names: the holder's lock id. */
export const VariableLockIdSchema = v.strictObject({
  /** The id `acquireVariableLock` answered. */
  ID: v.pipe(v.string(), v.nonEmpty('name the lock id the acquisition answered')),
});

/** What `writeVariable` takes: the items (at least one), and the lock's id when the variable is locked. */
export const WriteVariableRequestSchema = v.strictObject({
  /** The values by key: at least one, at most 64 KiB of keys and values together. */
  Items: v.pipe(
    Items,
    v.check((items) => Object.keys(items).length > 0, 'a variable needs at least one item'),
  ),
  /** The lock held over the variable: a locked variable is written only under its lock. */
  Lock: v.optional(VariableLockIdSchema),
});

/** The shortest and longest lock TTL and delay the scheduler takes, in nanoseconds: 10 seconds and 24 hours. */
const LOCK_BOUNDS = { min: 10_000_000_000, max: 86_400_000_000_000 } as const;

const LockDuration = (name: string) =>
  v.pipe(
    Nanoseconds,
    v.check(
      (nanos) => nanos >= LOCK_BOUNDS.min && nanos <= LOCK_BOUNDS.max,
      `${name} must be between 10 seconds and 24 hours`,
    ),
    // The scheduler reads lock times as Go duration text.
    v.transform(formatDuration),
  );

/** The lock `acquireVariableLock` asks for: its time to live and its delay. */
export const VariableLockSpecSchema = v.strictObject({
  /** How long the lock lives without a renewal: nanoseconds or unit text, 10 s to 24 h; default 15 s. */
  TTL: v.optional(LockDuration('TTL')),
  /** How long the variable stays unlockable after the lock lapsed unreleased: 10 s to 24 h; default 15 s. */
  LockDelay: v.optional(LockDuration('LockDelay')),
});

/** What `acquireVariableLock` takes: the lock's times, and items to write with it (none keeps the variable's). */
export const AcquireVariableLockRequestSchema = v.strictObject({
  /** Items written with the acquisition; left out, the variable keeps its own (a new one starts empty). */
  Items: v.optional(Items),
  /** The lock's TTL and delay; default 15 s each. */
  Lock: v.optional(VariableLockSpecSchema),
});

/** What deleting a variable answers: the index of the deletion (an empty body from some versions). */
export const DeleteVariableResponseSchema = v.nullish(
  v.looseObject({
    Index: v.optional(v.number()),
  }),
);
