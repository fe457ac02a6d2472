// Renewal and revocation of the leases of service-account keys and database credentials. The spec
// leaves their paths open; these are the service family's usual `sys/leases` endpoints.
import { type ApiPromise, sendOperation, validateRequest } from '@infra-sdk/core';
import type { SecretsRequestOptions } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { DurationValue } from '../duration.js';
import { type SecretsMeta, unwrapEnvelope } from '../envelope.js';
import { type WriteResult, WriteResultSchema } from '../write-result.js';
import { type Lease, LeaseSchema, RenewLeaseRequestSchema, RevokeLeaseRequestSchema } from './schemas.js';

/** Options of a lease renewal. */
export interface RenewLeaseOptions extends SecretsRequestOptions {
  /** Time asked for from now: seconds or duration text. Default: the service's choice (the lease's TTL). */
  readonly increment?: DurationValue | undefined;
}

/** PUT /v1/sys/leases/renew — extends a lease (never past its max TTL) and resolves to the lease as renewed. */
export function renewLease(
  core: SecretsCore,
  leaseId: string,
  options?: RenewLeaseOptions,
): ApiPromise<Lease, SecretsMeta> {
  const { increment, ...request } = options ?? {};
  return sendOperation(
    core,
    async () => ({
      method: 'PUT',
      path: '/sys/leases/renew',
      body: await validateRequest(
        RenewLeaseRequestSchema,
        { lease_id: leaseId, ...(increment === undefined ? {} : { increment }) },
        'lease renewal',
      ),
      // The renewed lease is the envelope's lease; `data` is empty.
      unwrap: (body, meta) => {
        const unwrapped = unwrapEnvelope(body, meta);
        const lease = unwrapped.meta;
        return {
          data: {
            lease_id: lease.leaseId || leaseId,
            lease_duration: lease.leaseDuration,
            renewable: lease.renewable,
          },
          meta: lease,
        };
      },
      schema: LeaseSchema,
      // Renewing twice only extends the same lease, so a lost answer may be retried.
      idempotent: true,
    }),
    request,
  );
}

/** PUT /v1/sys/leases/revoke — ends a lease now; its secret (key, database user) stops working. */
export function revokeLease(
  core: SecretsCore,
  leaseId: string,
  options?: SecretsRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    async () => ({
      method: 'PUT',
      path: '/sys/leases/revoke',
      body: await validateRequest(RevokeLeaseRequestSchema, { lease_id: leaseId }, 'lease revocation'),
      schema: WriteResultSchema,
      idempotent: true,
    }),
    options,
  );
}
