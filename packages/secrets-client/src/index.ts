/**
 * Typed client for the secrets service: the cloud-credentials engine, the database engine, the key-value engine,
 * secret sync, leases and their keepers, the client's own token, and response wrapping.
 *
 * @module @infra-sdk/secrets-client
 */
// Core's errors and result types, so users catch what this client throws without importing core.

export {
  AbortError,
  ApiError,
  ApiPromise,
  type ApiResult,
  BadRequestError,
  ConflictError,
  ConnectionError,
  InfraSdkError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RedirectError,
  type RequestOptions,
  RequestValidationError,
  type ResponseMeta,
  ResponseValidationError,
  ServerError,
  ServiceUnavailableError,
  TimeoutError,
  UnauthorizedError,
  UnprocessableEntityError,
} from '@infra-sdk/core';
export * from './auth/index.js';
export type {
  EngineListOptions,
  EngineRequestOptions,
  ListMethod,
  ListRequestOptions,
  SecretsRequestOptions,
} from './call-options.js';
export {
  createSecretsClient,
  type SecretsClient,
} from './client.js';
export * from './cloud/index.js';
export {
  INCONSISTENT_HEADER,
  INDEX_HEADER,
  InconsistentReadError,
  type InconsistentReadInit,
  type ReadYourWritesOptions,
} from './consistency/index.js';
export {
  createSecretsCore,
  type SecretsClientOptions,
  type SecretsCore,
} from './core.js';
export * from './database/index.js';
export {
  type LeaseInfo,
  type SecretsMeta,
  unwrapEnvelope,
} from './envelope.js';
export { fromEnv } from './from-env.js';
export {
  readCloudHelp,
  readDatabaseHelp,
  readHelp,
  readSyncHelp,
} from './help.js';
export * from './keeper/index.js';
export * from './kv/index.js';
export * from './leases/index.js';
export { NAMESPACE_HEADER } from './namespace.js';
export { secretsOptionKeys } from './option-keys.js';
export {
  DEFAULT_MAX_REQUEST_BYTES,
  MAX_IMPERSONATED_TTL_SECONDS,
  MIN_ROOT_ROTATION_PERIOD_SECONDS,
  MIN_STATIC_ROLE_ROTATION_PERIOD_SECONDS,
} from './spec-limits.js';
export * from './sync/index.js';
export * from './token/index.js';
export type { DurationValue, Help, KeyList, WriteResult } from './types.generated.js';
export { packageVersion } from './version.js';
export * from './wrapping/index.js';
