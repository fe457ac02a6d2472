// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

/** A lease as a renewal reports it (from the envelope). */
export interface Lease {
  lease_id: string;
  /** Seconds from now. */
  lease_duration: number;
  renewable: boolean;
}

/** `data` of PUT /sys/leases/lookup: a lease as the service keeps it. */
export interface LeaseLookup {
  [key: string]: unknown;
  /** The lease id. */
  id: string;
  /** When it was issued (RFC 3339). */
  issue_time: string;
  /** When it ends unless renewed (RFC 3339); null when it never does. */
  expire_time?: string | null | undefined;
  /** When it was last renewed (RFC 3339); null before any renewal. */
  last_renewal?: string | null | undefined;
  /** Whether it can be renewed. */
  renewable: boolean;
  /** Seconds left. */
  ttl: number;
}
