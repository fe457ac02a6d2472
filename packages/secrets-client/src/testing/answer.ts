// What a fake route returns, and how it becomes the service's envelope or error body.
import { randomUUID } from 'node:crypto';
import { ReplyError } from '@infra-sdk/core/testing';

/** A route's answer; `undefined` is a 204 without a body. */
export interface FakeAnswer {
  readonly status?: number;
  readonly data?: unknown;
  readonly leaseId?: string;
  readonly leaseDuration?: number;
  readonly renewable?: boolean;
  readonly warnings?: readonly string[];
  readonly mountType?: string;
  /** The `auth` block (an answer that hands out or renews a token). */
  readonly auth?: Record<string, unknown>;
  /** Sent as it is, without the envelope (help). */
  readonly raw?: unknown;
}

/** Stops a handler with an error answer: `{errors: [message]}`, or `{errors: []}` without a message (the service's plain 404). */
export function fail(status: number, message?: string): never {
  throw new ReplyError(status, message ?? '');
}

/** The body of an error answer. */
export function errorBody(message: string): { errors: string[] } {
  return { errors: message === '' ? [] : [message] };
}

/** Builds the envelope of a successful answer. */
export function envelopeOf(answer: FakeAnswer, extraWarnings: readonly string[]): Record<string, unknown> {
  const warnings = [...(answer.warnings ?? []), ...extraWarnings];
  return {
    request_id: randomUUID(),
    lease_id: answer.leaseId ?? '',
    renewable: answer.renewable ?? false,
    lease_duration: answer.leaseDuration ?? 0,
    data: answer.data ?? null,
    wrap_info: null,
    warnings: warnings.length > 0 ? warnings : null,
    auth: answer.auth ?? null,
    ...(answer.mountType === undefined ? {} : { mount_type: answer.mountType }),
  };
}

/** A listing: `data.keys` sorted, or the service's bare 404 when there is nothing to list. */
export function listAnswer(keys: Iterable<string>, extra: Record<string, unknown> = {}): FakeAnswer {
  const sorted = [...keys].sort();
  if (sorted.length === 0) fail(404);
  return { data: { keys: sorted, ...extra } };
}
