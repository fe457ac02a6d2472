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

/** A lease as a renewal reports it. */
export interface Lease extends v.InferOutput<typeof LeaseSchema> {}
