/**
 * What every infra-sdk client shares: the HTTP transport, errors, retries, paging, blocking-query watches, NDJSON streams, durations, safe paths and redaction.
 *
 * @module @infra-sdk/core
 */

export {
  ApiError,
  type ApiErrorInit,
  BadRequestError,
  ConflictError,
  createApiError,
  isTransientError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  type ServiceErrorItem,
  ServiceUnavailableError,
  type TransientError,
  UnauthorizedError,
  UnprocessableEntityError,
} from './api-errors.js';
export {
  type AuthScheme,
  type BearerAuth,
  type HeaderAuth,
  type QueryAuth,
  resolveToken,
  type TokenProvider,
  type TokenSource,
} from './auth.js';
export { type Backoff, type BackoffOptions, backoffDelay, createBackoff } from './backoff.js';
export {
  type BlockingLimits,
  type BlockingOptions,
  type BlockingWatchOptions,
  blockingOptionKeys,
  blockingWatchOptionKeys,
  type Consistency,
  toBlockingQuery,
  type WatchCallOptions,
  watchBlocking,
} from './blocking.js';
export { blockingTimeout } from './call.js';
export {
  type ClientOptions,
  createServiceTransport,
  type RawRequest,
  type ServiceProfile,
  sendRawRequest,
} from './client.js';
export { type Clock, systemClock } from './clock.js';
export type { DebugFields, DebugLogger, DebugOptions, DebugSetting } from './debug.js';
export { delay } from './delay.js';
export type { AsyncDisposableWhereAvailable } from './disposable.js';
export {
  type DurationInput,
  formatDuration,
  formatSeconds,
  parseDuration,
  toMilliseconds,
  toNanoseconds,
  toSeconds,
} from './duration.js';
export {
  type ClientEnv,
  type EnvNames,
  type EnvOptions,
  type EnvOverrides,
  optionsFromEnv,
  readClientEnv,
  readEnv,
  readTokenEnv,
} from './env.js';
export type { EnvVariable, TlsEnv } from './env-settings.js';
export { readErrorBody } from './error-body.js';
export {
  AbortError,
  ConnectionError,
  InfraSdkError,
  RedirectError,
  type RedirectErrorInit,
  type RedirectProblem,
  RequestValidationError,
  type ResponseProblem,
  ResponseValidationError,
  TimeoutError,
  type ValidationIssue,
} from './errors.js';
export {
  type Bound,
  type BoundGroup,
  bindOperation,
  bindOperations,
  type StandaloneOperation,
} from './facade.js';
export { createFailureStreak, type FailureStreak, type FailureStreakOptions } from './failure-streak.js';
export { fieldsAt, unknownFieldMessage, validateRequestBody } from './field-hint.js';
export { checkToken, type HeadersInput, mergeHeaders } from './header-values.js';
export type {
  HookHeaders,
  RequestEvent,
  RequestHookResult,
  ResponseEvent,
  RetriedError,
  RetryEvent,
  TransportEvent,
  TransportHooks,
} from './hooks.js';
export type { LogFields, LogFunction, Logger, LogLevel, LogLevelSetting, LogMethods } from './log.js';
export { ApiPromise, type ApiResult, emptyResponseMeta, extendMeta, type ResponseMeta } from './meta.js';
export { type NdjsonOptions, parseNdjson } from './ndjson.js';
export { type NearestName, nearestName } from './nearest-name.js';
export { type ClientCore, type OperationSpec, type ServiceRules, sendOperation } from './operation.js';
export {
  checkOptions,
  type KeySet,
  type KeySets,
  type OptionKeys,
  type OwnOptionKeys,
} from './option-keys.js';
export {
  type Page,
  type PageFetcher,
  type PaginateOptions,
  type Paginator,
  paginate,
  paginateOptionKeys,
} from './paginate.js';
export { encodeMount, encodePathSegment, path } from './path.js';
export { type Query, type QueryList, type QueryScalar, type QueryValue, toSearchParams } from './query.js';
export type { RateLimit } from './rate-limit.js';
export { REDACTED, redactText, redactUrl } from './redact.js';
export type { CrossOriginRedirects } from './redirect.js';
export {
  type BlockingQuery,
  type RequestOptions,
  type RequestSpec,
  type ResponseType,
  requestOptionKeys,
} from './request-spec.js';
export { parseRetryAfter, type RetryInput, type RetryOptions } from './retry.js';
export {
  createRetryLoop,
  DEFAULT_MAX_FAILURES,
  type RetryLoop,
  type RetryLoopEvent,
  type RetryLoopOptions,
  retryLoopOptionKeys,
} from './retry-loop.js';
export { type StandardSchemaV1, toIssues, validateRequest, validateResponse } from './schema.js';
export { createTransport, type Transport } from './transport.js';
export type { MetaHeaderNames, TransportOptions } from './transport-options.js';
export { clientOptionKeys } from './transport-options.js';
export { formatWait } from './url.js';
export { type BlockingFetcher, type WatchOptions, watch, watchOptionKeys } from './watch.js';
