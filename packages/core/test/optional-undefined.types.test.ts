// Under `exactOptionalPropertyTypes` (on in this package, as in a new TypeScript project), an optional
// option that does not list `undefined` refuses `token: process.env.TOKEN`. Every optional field of
// every option type a user fills must accept it; checked by `tsc` (the typecheck task) and run as tests.
import { describe, expectTypeOf, it } from 'vitest';
import type {
  BackoffOptions,
  BlockingLimits,
  BlockingOptions,
  BlockingQuery,
  BlockingWatchOptions,
  ClientOptions,
  DebugOptions,
  EnvNames,
  EnvOverrides,
  MetaHeaderNames,
  NdjsonOptions,
  PaginateOptions,
  RawRequest,
  RequestOptions,
  RequestSpec,
  RetryLoopOptions,
  RetryOptions,
  ServiceProfile,
  ServiceRules,
  TransportHooks,
  TransportOptions,
  WatchCallOptions,
  WatchOptions,
} from '../src/index.js';
import {
  createServiceTransport,
  createTransport,
  paginate,
  parseNdjson,
  sendRawRequest,
  watch,
} from '../src/index.js';
import type { NodeFetchOptions, TlsFilePaths, TlsOptions } from '../src/node/index.js';
import type {
  ChunkedOptions,
  ReplySpec,
  RouteOptions,
  TestProxyOptions,
  TestServerOptions,
} from '../src/testing/index.js';

/** The optional keys of `T` whose type does not take `undefined` (never when all of them do). */
type RefusingUndefined<T> = {
  [K in keyof T]-?: object extends Pick<T, K>
    ? { [P in K]: undefined } extends Pick<T, K>
      ? never
      : K
    : never;
}[keyof T];

describe('optional options accept undefined', () => {
  it('in every option type a user fills', () => {
    expectTypeOf<RefusingUndefined<ClientOptions>>().toBeNever();
    expectTypeOf<RefusingUndefined<TransportOptions>>().toBeNever();
    expectTypeOf<RefusingUndefined<RequestOptions>>().toBeNever();
    expectTypeOf<RefusingUndefined<RequestSpec>>().toBeNever();
    expectTypeOf<RefusingUndefined<RawRequest>>().toBeNever();
    expectTypeOf<RefusingUndefined<RetryOptions>>().toBeNever();
    expectTypeOf<RefusingUndefined<BlockingOptions>>().toBeNever();
    expectTypeOf<RefusingUndefined<BlockingQuery>>().toBeNever();
    expectTypeOf<RefusingUndefined<BlockingLimits>>().toBeNever();
    expectTypeOf<RefusingUndefined<WatchOptions>>().toBeNever();
    expectTypeOf<RefusingUndefined<BlockingWatchOptions>>().toBeNever();
    expectTypeOf<RefusingUndefined<WatchCallOptions<RequestOptions>>>().toBeNever();
    expectTypeOf<RefusingUndefined<RetryLoopOptions>>().toBeNever();
    expectTypeOf<RefusingUndefined<BackoffOptions>>().toBeNever();
    expectTypeOf<RefusingUndefined<NdjsonOptions>>().toBeNever();
    expectTypeOf<RefusingUndefined<PaginateOptions>>().toBeNever();
    expectTypeOf<RefusingUndefined<MetaHeaderNames>>().toBeNever();
    expectTypeOf<RefusingUndefined<TransportHooks>>().toBeNever();
    expectTypeOf<RefusingUndefined<DebugOptions>>().toBeNever();
    expectTypeOf<RefusingUndefined<ServiceProfile>>().toBeNever();
    expectTypeOf<RefusingUndefined<ServiceRules>>().toBeNever();
    expectTypeOf<RefusingUndefined<EnvNames>>().toBeNever();
    expectTypeOf<RefusingUndefined<EnvOverrides>>().toBeNever();
    expectTypeOf<RefusingUndefined<NodeFetchOptions>>().toBeNever();
    expectTypeOf<RefusingUndefined<TlsOptions>>().toBeNever();
    expectTypeOf<RefusingUndefined<TlsFilePaths>>().toBeNever();
    expectTypeOf<RefusingUndefined<TestServerOptions>>().toBeNever();
    expectTypeOf<RefusingUndefined<TestProxyOptions>>().toBeNever();
    expectTypeOf<RefusingUndefined<RouteOptions>>().toBeNever();
    expectTypeOf<RefusingUndefined<ReplySpec>>().toBeNever();
    expectTypeOf<RefusingUndefined<ChunkedOptions>>().toBeNever();
  });

  it('so values read from the environment pass straight through', async () => {
    const env: Record<string, string | undefined> = {};
    const maybeNumber = env.TIMEOUT === undefined ? undefined : Number(env.TIMEOUT);
    const profile: ServiceProfile = {
      packageName: 'x',
      packageVersion: '1',
      pathPrefix: '/v1',
      auth: { type: 'bearer' },
    };
    const transport = createServiceTransport(profile, {
      baseUrl: 'http://127.0.0.1:1',
      // An answer that is not retried, so the call below ends within this test.
      fetch: async () => new Response(null, { status: 404 }),
      token: env.TOKEN,
      userAgent: env.USER_AGENT,
      timeout: maybeNumber,
      retry: undefined,
      debug: undefined,
      trustedOrigins: undefined,
    });
    const direct = createTransport({
      baseUrl: 'http://127.0.0.1:1',
      token: env.TOKEN,
      pathPrefix: undefined,
    });
    const raw = sendRawRequest(
      { transport },
      { method: 'GET', path: '/x', query: undefined, schema: undefined },
      { signal: undefined, retry: { limit: maybeNumber } },
    );
    await raw.catch(() => undefined);
    expectTypeOf(direct).not.toBeNever();
    expectTypeOf(
      watch(async () => ({ data: 1, meta: {} as never }), { signal: undefined, maxFailures: maybeNumber }),
    ).not.toBeNever();
    expectTypeOf(paginate(async () => ({ items: [] }), { startToken: env.START })).not.toBeNever();
    expectTypeOf(parseNdjson).parameter(1).toMatchTypeOf<{ idleTimeout?: number | undefined } | undefined>();
  });
});
