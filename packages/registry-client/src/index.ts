/**
 * Typed client for the box registry: tokens, users, search, boxes, versions, providers, uploads and downloads.
 *
 * @module @infra-sdk/registry-client
 */
// Core's errors and call types are re-exported, so users of this client need no second import.
export {
  AbortError,
  ApiError,
  type ApiPromise,
  type ApiResult,
  BadRequestError,
  ConflictError,
  ConnectionError,
  InfraSdkError,
  NotFoundError,
  type Paginator,
  PermissionDeniedError,
  RateLimitError,
  type RawRequest,
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
export * from './boxes/index.js';
export {
  createRegistryClient,
  type RegistryClient,
} from './client.js';
export {
  API_PREFIX,
  createRegistryCore,
  type RegistryAuthHeader,
  type RegistryClientOptions,
  type RegistryCore,
} from './core.js';
export { DisallowedUseError } from './disallowed-use-error.js';
export * from './downloads/index.js';
export { fromEnv } from './from-env.js';
export {
  CHECKSUM_HEX_LENGTH,
  CHECKSUM_TYPES,
  type Checksum,
  type ChecksumType,
  createChecksum,
} from './hashing/index.js';
export { registryOptionKeys } from './option-keys.js';
export {
  API_V2_PREFIX,
  type ProviderArchitecture,
  type ProviderRef,
} from './paths.js';
export * from './providers/index.js';
export {
  newRequestId,
  REQUEST_ID_HEADER,
  requestIdOf,
} from './request-id.js';
export * from './search/index.js';
export * from './transfers/index.js';
export type { RegistryErrorBody } from './types.generated.js';
export * from './uploads/index.js';
export * from './users/index.js';
export { packageVersion } from './version.js';
export * from './versions/index.js';
