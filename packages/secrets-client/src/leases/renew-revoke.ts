// Renewal and revocation of the leases of service-account keys and database credentials. The spec
// leaves their paths open; these are the service family's usual `sys/leases` endpoints.
import {
  type ApiPromise,
  type KeySets,
  type OwnOptionKeys,
  sendOperation,
  validateRequest,
} from '@infra-sdk/core';
import { type SecretsRequestOptions, secretsRequestOptionKeys } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import { type SecretsMeta, unwrapEnvelope } from '../envelope.js';
import type { DurationValue, WriteResult } from '../types.generated.js';
import { WriteResultSchema } from '../write-result.js';
import { LeaseSchema, RenewLeaseRequestSchema, RevokeLeaseRequestSchema } from './schemas.js';
import type { Lease } from './types.generated.js';

/** Options of a lease renewal. */
export interface RenewLeaseOptions extends SecretsRequestOptions {
  /** Time asked for from now: seconds or duration text. Default: the service's choice (the lease's TTL). */
  readonly increment?: DurationValue | undefined;
}

/** The keys of `RenewLeaseOptions`. */
export const renewLeaseOptionKeys: KeySets = [
  secretsRequestOptionKeys,
  { increment: 1 } as const satisfies OwnOptionKeys<RenewLeaseOptions, SecretsRequestOptions>,
];

/**
 * `PUT /v1/sys/leases/renew`: extends a lease (a database user's, a service-account key's), never past
 * its max TTL, and resolves to the lease as renewed: the `lease_duration` granted may be shorter than
 * asked when the max TTL is near. Retried like a read: renewing twice extends the same lease. `namespace`:
 * the lease's own (a lease lives in the namespace it was issued in).
 *
 * @example
 * ```ts
 * import { generateCredentials, renewLease } from '@infra-sdk/secrets-client';
 *
 * const { meta } = await generateCredentials(core, 'readonly').withMeta();
 * const lease = await renewLease(core, meta.leaseId, { increment: '30m' });
 * console.log(lease.lease_duration, lease.renewable); // 1800 true
 * ```
 * @throws {BadRequestError} when the lease is unknown, revoked, expired or cannot be renewed.
 * @throws {RequestValidationError} before sending, when the lease id is empty or `increment` is not
 *   whole seconds or duration text.
 * @throws {PermissionDeniedError} when the token's policy does not allow `sys/leases/renew`.
 */
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
    renewLeaseOptionKeys,
  );
}

/**
 * `PUT /v1/sys/leases/revoke`: ends a lease now; its secret (a database user, a service-account key)
 * stops working. An unknown lease is not an error, as the service ignores it; retried like a read.
 * `namespace`: the lease's own.
 *
 * @example
 * ```ts
 * import { generateCredentials, revokeLease } from '@infra-sdk/secrets-client';
 *
 * const { meta } = await generateCredentials(core, 'readonly').withMeta();
 * await revokeLease(core, meta.leaseId); // the database user is dropped
 * ```
 * @throws {RequestValidationError} before sending, when the lease id is empty.
 * @throws {PermissionDeniedError} when the token's policy does not allow `sys/leases/revoke`.
 */
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
    secretsRequestOptionKeys,
  );
}
