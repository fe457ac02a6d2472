/**
 * Typed client for the service-mesh namespace API.
 *
 * @module @infra-sdk/mesh-client
 */
// Core's errors and the types that appear in this package's signatures, so users need no direct
// import of core to catch what this client throws.
export {
  AbortError,
  ApiError,
  type ApiPromise,
  type ApiResult,
  BadRequestError,
  type BlockingOptions,
  type BlockingWatchOptions,
  ConflictError,
  ConnectionError,
  type Consistency,
  type DurationInput,
  InfraSdkError,
  type Logger,
  type LogLevelSetting,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  type RawRequest,
  RedirectError,
  type RequestOptions,
  RequestValidationError,
  type ResponseMeta,
  ResponseValidationError,
  type RetryInput,
  type RetryLoopEvent,
  type RetryOptions,
  ServerError,
  type ServiceErrorItem,
  ServiceUnavailableError,
  TimeoutError,
  type TokenProvider,
  type TokenSource,
  type TransientError,
  type TransportHooks,
  UnauthorizedError,
  UnprocessableEntityError,
  type ValidationIssue,
  type WatchCallOptions,
} from '@infra-sdk/core';
export {
  createMeshClient,
  type MeshClient,
} from './client.js';
export {
  createMeshCore,
  type MeshClientOptions,
  type MeshCore,
} from './core.js';
export { fromEnv } from './from-env.js';
export type { MeshMeta } from './meta.js';
export * from './namespaces/index.js';
export { meshOptionKeys } from './option-keys.js';
export type { MeshRequestOptions, MeshScope } from './scope.js';
export { packageVersion } from './version.js';
