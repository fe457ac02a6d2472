/**
 * Test kit for the clients and their fakes: a loopback HTTP server with routes and request recording, a forward proxy, canned replies, faults and blocking-query helpers.
 *
 * @module @infra-sdk/core/testing
 */
export { BlockingIndex } from './blocking-index.js';
export {
  type BlockingQuery,
  type BlockingQueryOptions,
  type BlockingWaitOptions,
  blockingWait,
  readBlockingQuery,
} from './blocking-wait.js';
export { delayed, statusSequence } from './faults.js';
export { type ProxiedRequest, startTestProxy, type TestProxy, type TestProxyOptions } from './proxy.js';
export { type RateLimitedHandler, type RateLimitedOptions, rateLimited } from './rate-limited.js';
export { ReplyError } from './reply-error.js';
export type { ReplySpec } from './reply-spec.js';
export {
  type ErrorReply,
  type RequestHook,
  startTestServer,
  type TestServer,
  type TestServerOptions,
  type UpgradeHandler,
  type UpgradeRequest,
} from './server.js';
export { sleep } from './sleep.js';
export { createTestClock, type TestClock } from './test-clock.js';
export type {
  ChunkedOptions,
  Handler,
  HeaderRecord,
  NdjsonOptions,
  RecordedRequest,
  ResetAfterOptions,
  RouteOptions,
  TestRequest,
  TestResponse,
} from './types.js';
export { parseWaitMs } from './wait-duration.js';
