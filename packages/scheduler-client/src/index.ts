/**
 * Typed client for the workload scheduler: jobs, nodes, allocations, evaluations, deployments, exec sessions and the event stream.
 *
 * @module @infra-sdk/scheduler-client
 */
export {
  AbortError,
  ApiError,
  ApiPromise,
  type ApiResult,
  BadRequestError,
  type BlockingWatchOptions,
  ConflictError,
  ConnectionError,
  DEFAULT_MAX_FAILURES,
  type DurationInput,
  InfraSdkError,
  type Logger,
  type LogLevelSetting,
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
  type RetryLoopEvent,
  ServerError,
  ServiceUnavailableError,
  TimeoutError,
  type TransientError,
  UnauthorizedError,
  UnprocessableEntityError,
  type WatchCallOptions,
} from '@infra-sdk/core';
export * from './acl/index.js';
export * from './allocations/index.js';
export type { SchedulerBlockingOptions, SchedulerConsistency } from './blocking.js';
export type { CallOptions, NamespaceOptions } from './call-options.js';
export { createSchedulerClient, type SchedulerClient } from './client.js';
export {
  createSchedulerCore,
  type SchedulerClientOptions,
  type SchedulerCore,
  type WebSocketConstructor,
} from './core.js';
export * from './deployments/index.js';
export * from './evaluations/index.js';
export * from './events/index.js';
export * from './exec/index.js';
export { fromEnv } from './from-env.js';
export * from './jobs/index.js';
export * from './nodes/index.js';
export { schedulerOptionKeys } from './option-keys.js';
export type { IterateOptions, PagingOptions } from './paging.js';
export * from './search/index.js';
export { UnixNanos } from './unix-nanos.js';
export * from './variables/index.js';
export { packageVersion } from './version.js';
