// Schemas of lease renewal and revocation.
import * as v from 'valibot';
import { durationSchema } from '../duration.js';
import { requestObject } from '../request-fields.js';

/** Body of PUT /sys/leases/renew. */
export const RenewLeaseRequestSchema = /* @__PURE__ */ requestObject({
  lease_id: v.pipe(v.string(), v.nonEmpty('is required')),
  /** Seconds (or duration text) asked for from now; the service caps it at the lease's max TTL. */
  increment: v.optional(durationSchema()),
});

/** Body of PUT /sys/leases/revoke. */
export const RevokeLeaseRequestSchema = /* @__PURE__ */ requestObject({
  lease_id: v.pipe(v.string(), v.nonEmpty('is required')),
});

/** A lease as a renewal reports it (from the envelope). */
export const LeaseSchema = /* @__PURE__ */ v.object({
  lease_id: v.string(),
  /** Seconds from now. */
  lease_duration: v.number(),
  renewable: v.boolean(),
});

/** `data` of PUT /sys/leases/lookup: a lease as the service keeps it. */
export const LeaseInfoSchema = /* @__PURE__ */ v.looseObject({
  /** The lease id. */
  id: v.string(),
  /** When it was issued (RFC 3339). */
  issue_time: v.string(),
  /** When it ends unless renewed (RFC 3339); null when it never does. */
  expire_time: v.nullish(v.string()),
  /** When it was last renewed (RFC 3339); null before any renewal. */
  last_renewal: v.nullish(v.string()),
  /** Whether it can be renewed. */
  renewable: v.boolean(),
  /** Seconds left. */
  ttl: v.number(),
});

/** Body of PUT /sys/leases/revoke-prefix/:prefix. */
export const RevokePrefixRequestSchema = /* @__PURE__ */ requestObject({
  /** Wait for the revocations to finish (default true); false: answer at once, revoke in the background. */
  sync: v.optional(v.boolean()),
});
