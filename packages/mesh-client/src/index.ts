/**
 * Typed client for the service-mesh namespace API.
 *
 * @module @infra-sdk/mesh-client
 */
// Core's types that appear in this package's signatures, so users need no direct import of core.
export type {
  ApiPromise,
  ApiResult,
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
} from '@infra-sdk/core';
export type { BlockingQueryOptions, BlockingReadOptions } from './blocking-query.js';
export { createMeshClient, type MeshClient, type MeshClientOptions } from './client.js';
export { type Consistency, ConsistencySchema } from './consistency.js';
export { createMeshCore, type MeshCore } from './core.js';
export * from './errors.js';
export { fromEnv } from './from-env.js';
export * from './namespaces/index.js';
export { packageVersion } from './version.js';
export type { MeshWatchOptions } from './watch-options.js';
