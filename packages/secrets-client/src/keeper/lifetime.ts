// How long a credential lives, read from the answer that issued it. Leased secrets (database credentials,
// service-account keys) say so in the envelope's lease; an access token in its own `token_ttl` and
// `expires_at_seconds`; static credentials in `ttl`, the time to their next rotation, after which the
// service hands out the new password (there is no lease to renew or revoke).
import type { SecretsMeta } from '../envelope.js';

/** The life of one credential, as a keeper plans with it. */
export interface Lifetime {
  /** Its lease, `''` when it has none. */
  readonly leaseId: string;
  /** Whether the lease can be renewed. */
  readonly renewable: boolean;
  /** Seconds it was granted when issued (or last renewed). */
  readonly durationSeconds: number;
  /** When it ends, in ms since the epoch; undefined when it never does. */
  readonly expiresAt: number | undefined;
  /** Replaced only once it ends, by a rotation (static credentials): a new one is read after `expiresAt`. */
  readonly rotates: boolean;
  /** For a credential that rotates, which rotation it is (`last_service_rotation`): a read before the next gives the same. */
  readonly rotation?: string | undefined;
}

function numberField(data: unknown, name: string): number | undefined {
  const value =
    typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[name] : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * The life of what an answer issued, counted from `sentAt` (when the request left, so the count is never
 * later than the service's own).
 */
export function lifetimeOf(data: unknown, meta: SecretsMeta, sentAt: number): Lifetime {
  const after = (seconds: number) => (seconds > 0 ? sentAt + seconds * 1000 : undefined);
  if (meta.leaseId !== '') {
    return {
      leaseId: meta.leaseId,
      renewable: meta.renewable,
      durationSeconds: meta.leaseDuration,
      expiresAt: after(meta.leaseDuration),
      rotates: false,
    };
  }
  const tokenTtl = numberField(data, 'token_ttl');
  const expiresAtSeconds = numberField(data, 'expires_at_seconds');
  if (tokenTtl !== undefined || expiresAtSeconds !== undefined) {
    // An access token: its TTL from when it was asked for, else its expiry by the service's clock.
    const expiresAt = tokenTtl === undefined ? (expiresAtSeconds ?? 0) * 1000 : after(tokenTtl);
    const durationSeconds = tokenTtl ?? Math.max(0, Math.floor(((expiresAt ?? sentAt) - sentAt) / 1000));
    return { leaseId: '', renewable: false, durationSeconds, expiresAt, rotates: false };
  }
  const ttl = numberField(data, 'ttl');
  const rotation =
    typeof data === 'object' && data !== null
      ? (data as Record<string, unknown>).last_service_rotation
      : undefined;
  if (ttl !== undefined && rotation !== undefined) {
    return {
      leaseId: '',
      renewable: false,
      durationSeconds: ttl,
      expiresAt: sentAt + ttl * 1000,
      rotates: true,
      rotation: String(rotation),
    };
  }
  return {
    leaseId: '',
    renewable: false,
    durationSeconds: meta.leaseDuration,
    expiresAt: after(meta.leaseDuration),
    rotates: false,
  };
}
