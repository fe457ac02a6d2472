// Every response of the service wraps its payload in one envelope. Operations resolve to `data`; the
// rest of the envelope rides on the metadata, so leases and warnings are one `.withMeta()` away.
import { extendMeta, type ResponseMeta } from '@infra-sdk/core';

/** Metadata of a secrets-service response: core's fields plus everything the envelope says besides `data`. */
export interface SecretsMeta extends ResponseMeta {
  /** The lease of a leased secret (a service-account key, database credentials); `''` when there is none. */
  readonly leaseId: string;
  /** Seconds the lease is valid for; 0 when there is no lease. */
  readonly leaseDuration: number;
  /** Whether the lease can be renewed. */
  readonly renewable: boolean;
  /** Response-wrapping information, when the response was wrapped. */
  readonly wrapInfo: Readonly<Record<string, unknown>> | null;
  /** Authentication information (login responses). */
  readonly auth: Readonly<Record<string, unknown>> | null;
  /** Type of the mount that answered (`system` for `sys/` paths), when the service says. */
  readonly mountType: string | undefined;
  /**
   * The consistency index of the state after a write (`X-Secrets-Index`), when the service sent one:
   * a read given it as its `consistencyIndex` option waits until the node answering has reached it.
   */
  readonly consistencyIndex: string | undefined;
}

/** The lease part of a response, as the lease helpers take it (a `SecretsMeta` is one). */
export interface LeaseInfo {
  /** Id of the lease; `''` when there is none. */
  readonly leaseId: string;
  /** Seconds the lease is valid for; 0 when there is no lease. */
  readonly leaseDuration: number;
  /** Whether the lease can be renewed. */
  readonly renewable: boolean;
}

/** Takes `data` out of an envelope and puts the rest on the metadata; a body without an envelope is the payload itself. */
export function unwrapEnvelope(
  body: unknown,
  meta: ResponseMeta,
): {
  /** The payload: the envelope's `data`, or the whole body when it has no envelope. */
  data: unknown;
  /** Core's metadata plus what the envelope says. */
  meta: SecretsMeta;
} {
  const envelope =
    typeof body === 'object' && body !== null && 'data' in body
      ? (body as Record<string, unknown>)
      : undefined;
  // A field of the envelope when it has the type the envelope gives it, else `fallback` (`wrap_info` and
  // `auth` are objects or null).
  const field = <T>(name: string, type: string, fallback: T): T =>
    typeof envelope?.[name] === type ? (envelope?.[name] as T) : fallback;
  const extended = extendMeta(meta, {
    requestId: field('request_id', 'string', '') || meta.requestId,
    leaseId: field('lease_id', 'string', ''),
    leaseDuration: field('lease_duration', 'number', 0),
    renewable: field('renewable', 'boolean', false),
    wrapInfo: field('wrap_info', 'object', null),
    auth: field('auth', 'object', null),
    mountType: field<string | undefined>('mount_type', 'string', undefined),
  });
  // Read from the headers when asked, like `headers` itself: most callers never look.
  Object.defineProperty(extended, 'consistencyIndex', {
    get: () => meta.headers['x-secrets-index'],
    enumerable: true,
  });
  return { data: envelope ? (envelope.data ?? undefined) : body, meta: extended as SecretsMeta };
}
