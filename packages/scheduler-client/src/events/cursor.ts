// Where an event stream stands and how a topic subscription is written: the cursor a stream can be
// resumed from, the identity of one delivery within an index, and the stream's `topic` query values.

import { RequestValidationError } from '@infra-sdk/core';
import type { EventMessage } from './types.generated.js';

/**
 * Where a stream stands: the index of the last delivered event and the identities of the events of that
 * index already delivered. Plain JSON, so it can be stored and given back as `resumeAfter`.
 */
export interface EventCursor {
  /** Index of the last delivered event; 0 before any. */
  readonly index: number;
  /** Identities of the events of `index` already delivered; one entry per delivery. */
  readonly delivered: readonly string[];
}

/** An option of the stream refused before connecting. */
export function invalid(path: string, message: string): RequestValidationError {
  return new RequestValidationError('event stream options', [{ path, message }]);
}

/** The repeated `topic` values: `Topic:key`, or `Topic:*` for every key. */
export function topicQuery(
  topics: Readonly<Record<string, readonly string[] | undefined>> | undefined,
): string[] {
  const values: string[] = [];
  for (const [topic, keys] of Object.entries(topics ?? {})) {
    if (keys === undefined) continue;
    if (topic === '' || topic.includes(':')) {
      throw invalid(`topics.${topic}`, `${JSON.stringify(topic)} is not a topic name`);
    }
    if (keys.length === 0) values.push(`${topic}:*`);
    for (const key of keys) {
      if (typeof key !== 'string' || key === '') {
        throw invalid(`topics.${topic}`, 'filter keys must be non-empty strings; use "*" for every key');
      }
      values.push(`${topic}:${key}`);
    }
  }
  return values;
}

/** A whole number, 0 or more. */
export function isIndex(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** Checks a cursor given back as `resumeAfter`. */
export function checkCursor(cursor: EventCursor): void {
  if (typeof cursor !== 'object' || cursor === null || !isIndex(cursor.index)) {
    throw invalid('resumeAfter.index', 'must be a whole number, 0 or more (use `stream.cursor`)');
  }
  if (!Array.isArray(cursor.delivered) || !cursor.delivered.every((id) => typeof id === 'string')) {
    throw invalid('resumeAfter.delivered', 'must be a list of strings (use `stream.cursor`)');
  }
}

/** One event of a line, as its envelope shows it. */
export type Envelope = NonNullable<EventMessage['Events']>[number];

/** How often each identity occurs in `ids`. */
export function countOf(ids: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

/** What identifies one delivery within its index: topic, type, key and namespace (and, by count, which). */
export function identity(event: Envelope): string {
  return `${event.Topic}\u0000${event.Type}\u0000${event.Key ?? ''}\u0000${event.Namespace ?? ''}`;
}
