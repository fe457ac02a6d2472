// A lease looked up, and the leases under a prefix revoked together (a whole role, a whole mount).
import {
  type ApiPromise,
  type KeySets,
  type OwnOptionKeys,
  sendOperation,
  validateRequest,
} from '@infra-sdk/core';
import { type SecretsRequestOptions, secretsRequestOptionKeys } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { secretPath } from '../kv/path.js';
import type { WriteResult } from '../types.generated.js';
import { WriteResultSchema } from '../write-result.js';
import { LeaseInfoSchema, RevokeLeaseRequestSchema, RevokePrefixRequestSchema } from './schemas.js';
import type { LeaseLookup } from './types.generated.js';

/** Options of `revokeLeasePrefix`. */
export interface RevokePrefixOptions extends SecretsRequestOptions {
  /** Wait until every lease is revoked (default true); false: the service revokes them in the background. */
  readonly sync?: boolean | undefined;
}

/** The keys of `RevokePrefixOptions`. */
export const revokePrefixOptionKeys: KeySets = [
  secretsRequestOptionKeys,
  { sync: 1 } as const satisfies OwnOptionKeys<RevokePrefixOptions, SecretsRequestOptions>,
];

/**
 * `PUT /v1/sys/leases/lookup`: a lease as the service keeps it: when it was issued, when it ends, its
 * last renewal, renewability and seconds left. Retried like a read. `namespace`: the lease's own.
 *
 * @example
 * ```ts
 * import { generateCredentials, lookupLease } from '@infra-sdk/secrets-client';
 *
 * const { meta } = await generateCredentials(core, 'readonly').withMeta();
 * const lease = await lookupLease(core, meta.leaseId);
 * console.log(lease.ttl, lease.renewable, lease.expire_time);
 * ```
 * @throws {BadRequestError} when the lease is unknown or ended ("invalid lease").
 * @throws {RequestValidationError} before sending, when the lease id is empty.
 * @throws {PermissionDeniedError} when the token's policy does not allow `sys/leases/lookup`.
 */
export function lookupLease(
  core: SecretsCore,
  leaseId: string,
  options?: SecretsRequestOptions,
): ApiPromise<LeaseLookup, SecretsMeta> {
  return sendOperation(
    core,
    async () => ({
      method: 'PUT',
      path: '/sys/leases/lookup',
      body: await validateRequest(RevokeLeaseRequestSchema, { lease_id: leaseId }, 'lease lookup'),
      schema: LeaseInfoSchema,
      idempotent: true,
    }),
    options,
    secretsRequestOptionKeys,
  );
}

/**
 * `PUT /v1/sys/leases/revoke-prefix/:prefix`: revokes every lease whose id starts with `prefix` (a role:
 * `database/creds/readonly`, a mount: `gcp/`); each secret stops working. Needs `sudo` on the path.
 * Retried like a read: revoking twice ends the same leases.
 *
 * @example
 * ```ts
 * import { revokeLeasePrefix } from '@infra-sdk/secrets-client';
 *
 * await revokeLeasePrefix(core, 'database/creds/readonly'); // every credential of the role
 * ```
 * @throws {RequestValidationError} before sending, when the prefix is empty or has an empty, `.` or `..` part.
 * @throws {PermissionDeniedError} when the token's policy does not give `sudo` on the path.
 */
export function revokeLeasePrefix(
  core: SecretsCore,
  prefix: string,
  options?: RevokePrefixOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  const { sync, ...request } = options ?? {};
  return sendOperation(
    core,
    async () => ({
      method: 'PUT',
      path: `/sys/leases/revoke-prefix/${prefixPath(prefix)}`,
      body: await validateRequest(
        RevokePrefixRequestSchema,
        sync === undefined ? {} : { sync },
        'lease revocation',
      ),
      schema: WriteResultSchema,
      idempotent: true,
    }),
    request,
    revokePrefixOptionKeys,
  );
}

/**
 * `PUT /v1/sys/leases/revoke-force/:prefix`: removes every lease under `prefix` even when the engine
 * fails to revoke its secret (a database that is gone): the leases are forgotten, the secrets may live
 * on. For recovery only; needs `sudo`. Retried like a read.
 *
 * @example
 * ```ts
 * import { forceRevokeLeasePrefix } from '@infra-sdk/secrets-client';
 *
 * await forceRevokeLeasePrefix(core, 'database/creds/legacy');
 * ```
 * @throws {RequestValidationError} before sending, when the prefix is empty or has an empty, `.` or `..` part.
 * @throws {PermissionDeniedError} when the token's policy does not give `sudo` on the path.
 */
export function forceRevokeLeasePrefix(
  core: SecretsCore,
  prefix: string,
  options?: SecretsRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'PUT',
      path: `/sys/leases/revoke-force/${prefixPath(prefix)}`,
      schema: WriteResultSchema,
      idempotent: true,
    }),
    options,
    secretsRequestOptionKeys,
  );
}

/** A prefix as path segments: its parts checked like a secret path's; a trailing "/" is kept. */
function prefixPath(prefix: string): string {
  const folder = prefix.endsWith('/');
  return `${secretPath(folder ? prefix.slice(0, -1) : prefix)}${folder ? '/' : ''}`;
}
