import { type ApiPromise, type KeySets, path, sendOperation, validateRequestBody } from '@infra-sdk/core';
import { EmptyResponseSchema } from '../allocations/schemas.js';
import type { EmptyResponse } from '../allocations/types.generated.js';
import { blockingRead, type SchedulerBlockingOptions, schedulerBlockingOptionKeys } from '../blocking.js';
import { type CallOptions, callOptionKeys, regionQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import { AclTokenSchema, CreateAclTokenRequestSchema } from './schemas.js';
import type { AclToken, CreateAclTokenRequest } from './types.generated.js';

/** Options of reads of one ACL token. */
export interface ReadAclTokenOptions extends CallOptions, SchedulerBlockingOptions {}

/** The keys of `ReadAclTokenOptions`. */
export const readAclTokenOptionKeys: KeySets = [callOptionKeys, schedulerBlockingOptionKeys];

/**
 * `GET /v1/acl/token/self`: reads the token the call is made with: its accessor, type, policies and
 * expiry (and its secret, which the caller already holds).
 *
 * Options: `token` (read that token instead of the client's).
 *
 * @example
 * ```ts
 * import { createSchedulerCore, readOwnAclToken } from '@infra-sdk/scheduler-client';
 * import { startFakeScheduler } from '@infra-sdk/scheduler-client/testing';
 *
 * await using fake = await startFakeScheduler({ acl: { tokens: { 'root-secret': 'management' } } });
 * const me = await readOwnAclToken(createSchedulerCore({ baseUrl: fake.url, token: 'root-secret' }));
 * console.log(me.Type, me.Policies); // management null
 * ```
 * @throws {BadRequestError} when the scheduler has ACLs off.
 * @throws {PermissionDeniedError} when the call has no token, or one the scheduler does not know (or
 *   that expired).
 */
export function readOwnAclToken(core: SchedulerCore, options?: ReadAclTokenOptions): ApiPromise<AclToken> {
  return blockingRead(core, options, readAclTokenOptionKeys, () => ({
    path: '/acl/token/self',
    query: regionQuery(core, options),
    schema: AclTokenSchema,
  }));
}

/**
 * `GET /v1/acl/token/:accessor_id`: reads a token by its accessor id (full UUID). Needs a management
 * token, or the token itself.
 *
 * @example
 * ```ts
 * import { createSchedulerCore, listAclTokens, readAclToken } from '@infra-sdk/scheduler-client';
 * import { startFakeScheduler } from '@infra-sdk/scheduler-client/testing';
 *
 * await using fake = await startFakeScheduler({ acl: { tokens: { 'root-secret': 'management' } } });
 * const admin = createSchedulerCore({ baseUrl: fake.url, token: 'root-secret' });
 * const [first] = await listAclTokens(admin);
 * const token = await readAclToken(admin, first.AccessorID);
 * console.log(token.Name, token.CreateTime);
 * ```
 * @throws {RequestValidationError} before sending, when the accessor id is not a full UUID.
 * @throws {NotFoundError} when no token has that accessor id.
 * @throws {BadRequestError} when the scheduler has ACLs off.
 * @throws {PermissionDeniedError} when the call's token is neither a management token nor the one read.
 */
export function readAclToken(
  core: SchedulerCore,
  accessorId: string,
  options?: ReadAclTokenOptions,
): ApiPromise<AclToken> {
  return blockingRead(core, options, readAclTokenOptionKeys, () => ({
    path: path`/acl/token/${fullUuid(accessorId, 'accessor id')}`,
    query: regionQuery(core, options),
    schema: AclTokenSchema,
  }));
}

/**
 * `POST /v1/acl/token`: creates a token and answers it with its `SecretID` (the only time a caller
 * other than its holder sees it). Needs a management token.
 *
 * Options: the body's `Type` (`client` or `management`), `Name`, `Policies` and `Roles` (a client
 * token needs at least one; a management token none), `Global`, and `ExpirationTime` (ISO 8601) or
 * `ExpirationTTL` (nanoseconds or unit text). Sent once unless the client has `retryWrites: true`.
 *
 * @example
 * ```ts
 * import { createAclToken, createSchedulerCore } from '@infra-sdk/scheduler-client';
 * import { startFakeScheduler } from '@infra-sdk/scheduler-client/testing';
 *
 * await using fake = await startFakeScheduler({
 *   acl: { tokens: { 'root-secret': 'management' }, policies: { deployer: { namespaces: { default: ['submit-job'] } } } },
 * });
 * const admin = createSchedulerCore({ baseUrl: fake.url, token: 'root-secret' });
 * const token = await createAclToken(admin, { Name: 'ci', Type: 'client', Policies: ['deployer'], ExpirationTTL: '1h' });
 * console.log(token.AccessorID, token.ExpirationTime); // hand token.SecretID to the pipeline
 * ```
 * @throws {RequestValidationError} before sending, when `Type` is not `client` or `management`, a
 *   client token has no policy or role, a management token has some, both expirations are given, a
 *   time or duration is unreadable, or a field is unknown.
 * @throws {BadRequestError} when the scheduler has ACLs off, or a policy does not exist.
 * @throws {PermissionDeniedError} when the call's token is not a management token.
 */
export function createAclToken(
  core: SchedulerCore,
  body: CreateAclTokenRequest,
  options?: CallOptions,
): ApiPromise<AclToken> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: '/acl/token',
      query: regionQuery(core, options),
      body: await validateRequestBody(CreateAclTokenRequestSchema, body, 'ACL token'),
      schema: AclTokenSchema,
    }),
    options,
    callOptionKeys,
  );
}

/**
 * `DELETE /v1/acl/token/:accessor_id`: deletes a token; calls made with its secret are refused from
 * then on. Needs a management token.
 *
 * Sent once unless the client has `retryWrites: true`.
 *
 * @example
 * ```ts
 * import { createAclToken, createSchedulerCore, deleteAclToken } from '@infra-sdk/scheduler-client';
 * import { startFakeScheduler } from '@infra-sdk/scheduler-client/testing';
 *
 * await using fake = await startFakeScheduler({ acl: { tokens: { 'root-secret': 'management' } } });
 * const admin = createSchedulerCore({ baseUrl: fake.url, token: 'root-secret' });
 * const { AccessorID } = await createAclToken(admin, { Type: 'management', Name: 'temporary' });
 * await deleteAclToken(admin, AccessorID);
 * ```
 * @throws {RequestValidationError} before sending, when the accessor id is not a full UUID.
 * @throws {NotFoundError} when no token has that accessor id.
 * @throws {BadRequestError} when the scheduler has ACLs off.
 * @throws {PermissionDeniedError} when the call's token is not a management token.
 */
export function deleteAclToken(
  core: SchedulerCore,
  accessorId: string,
  options?: CallOptions,
): ApiPromise<EmptyResponse> {
  return sendOperation(
    core,
    () => ({
      method: 'DELETE',
      path: path`/acl/token/${fullUuid(accessorId, 'accessor id')}`,
      query: regionQuery(core, options),
      schema: EmptyResponseSchema,
    }),
    options,
    callOptionKeys,
  );
}
