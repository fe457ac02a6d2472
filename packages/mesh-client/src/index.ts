/**
 * Typed client for the service-mesh namespace API.
 *
 * @module @infra-sdk/mesh-client
 */
// Core's types that appear in this package's signatures, so users need no direct import of core.
export type {
  ApiPromise,
  ApiResult,
  BlockingOptions,
  BlockingWatchOptions,
  Consistency,
  DurationInput,
  RawRequest,
  RequestOptions,
  ResponseMeta,
  RetryInput,
  RetryOptions,
  ServiceErrorItem,
  TokenProvider,
  TokenSource,
  TransportHooks,
  ValidationIssue,
  WatchCallOptions,
} from '@infra-sdk/core';
export { createMeshClient, type MeshClient, type MeshClientOptions } from './client.js';
export { createMeshCore, type MeshCore } from './core.js';
export {
  type BlockingQueryOptions,
  type BlockingReadOptions,
  ConsistencySchema,
  type MeshWatchOptions,
} from './deprecated.js';
export * from './errors.js';
export { fromEnv } from './from-env.js';
export * from './namespaces/index.js';
export { packageVersion } from './version.js';
