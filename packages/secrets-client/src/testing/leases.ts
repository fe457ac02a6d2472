// Leases of the fake: issued with a TTL and a max TTL, renewed up to the max, revoked on demand or
// when they expire; revoking one undoes its secret (a database user, a service-account key).

/** A lease as the fake keeps it. */
export interface FakeLease {
  /** Lease id, as the API returns it. */
  readonly id: string;
  /** Whether it can be renewed. */
  readonly renewable: boolean;
  /** When it was issued, in ms since the epoch. */
  readonly issuedAt: number;
  /** Milliseconds since the epoch. */
  readonly expiresAt: number;
  /** The latest it may expire, renewals included, in ms since the epoch. */
  readonly maxExpiresAt: number;
  /** The TTL it was issued with, in seconds; the default increment of a renewal. */
  readonly ttlSeconds: number;
  /** The namespace it was issued in (`''` for the root): only requests in that namespace see it. */
  readonly namespace: string;
  /** When each renewal arrived, in ms since the epoch (a renewal only reaches a live lease). */
  readonly renewedAt: readonly number[];
}

interface Entry {
  lease: FakeLease;
  readonly onRevoke: () => void;
}

/** What a new lease needs. */
export interface LeaseRequest {
  readonly id: string;
  readonly ttlSeconds: number;
  readonly maxTtlSeconds: number;
  readonly renewable: boolean;
  readonly now: number;
  readonly namespace: string;
  readonly onRevoke: () => void;
}

/** Every lease of a fake service. */
export class LeaseRegistry {
  readonly #entries = new Map<string, Entry>();

  /** Issues a lease; its TTL is cut to the max TTL. */
  issue(request: LeaseRequest): FakeLease {
    const maxExpiresAt = request.now + request.maxTtlSeconds * 1000;
    const lease: FakeLease = {
      id: request.id,
      renewable: request.renewable,
      issuedAt: request.now,
      expiresAt: Math.min(request.now + request.ttlSeconds * 1000, maxExpiresAt),
      maxExpiresAt,
      ttlSeconds: Math.min(request.ttlSeconds, request.maxTtlSeconds),
      namespace: request.namespace,
      renewedAt: [],
    };
    this.#entries.set(lease.id, { lease, onRevoke: request.onRevoke });
    return lease;
  }

  /** The lease `id` of `namespace`; a lease of another namespace is not there. */
  get(id: string, namespace: string): FakeLease | undefined {
    return this.#find(id, namespace)?.lease;
  }

  #find(id: string, namespace: string): Entry | undefined {
    const entry = this.#entries.get(id);
    return entry?.lease.namespace === namespace ? entry : undefined;
  }

  list(): FakeLease[] {
    return [...this.#entries.values()].map((entry) => entry.lease);
  }

  /**
   * Extends a lease by `incrementSeconds` (default: its TTL) from now, never past its max TTL.
   * Returns undefined for an unknown or expired lease; `capped` says the max TTL cut the increment.
   */
  renew(
    id: string,
    namespace: string,
    incrementSeconds: number | undefined,
    now: number,
  ): { lease: FakeLease; capped: boolean; requested: number } | undefined {
    this.sweep(now);
    const entry = this.#find(id, namespace);
    if (entry === undefined) return undefined;
    const requested = incrementSeconds && incrementSeconds > 0 ? incrementSeconds : entry.lease.ttlSeconds;
    const wanted = now + requested * 1000;
    const expiresAt = Math.min(wanted, entry.lease.maxExpiresAt);
    entry.lease = { ...entry.lease, expiresAt, renewedAt: [...entry.lease.renewedAt, now] };
    return { lease: entry.lease, capped: wanted > entry.lease.maxExpiresAt, requested };
  }

  /** Revokes one lease of `namespace` (an unknown one is ignored, as the service does). */
  revoke(id: string, namespace: string): boolean {
    const entry = this.#find(id, namespace);
    if (entry === undefined) return false;
    this.#entries.delete(id);
    entry.onRevoke();
    return true;
  }

  /** Revokes every lease of `namespace` whose id starts with `prefix`. */
  revokePrefix(prefix: string, namespace: string): number {
    let count = 0;
    for (const id of [...this.#entries.keys()]) {
      if (id.startsWith(prefix) && this.revoke(id, namespace)) count += 1;
    }
    return count;
  }

  /** Revokes the leases that expired by `now`. */
  sweep(now: number): void {
    for (const [id, entry] of [...this.#entries]) {
      if (entry.lease.expiresAt <= now) this.revoke(id, entry.lease.namespace);
    }
  }
}
