// Type tests: checked by `tsc` (the typecheck task) and run as ordinary tests.
import { describe, expectTypeOf, it } from 'vitest';
import {
  ApiError,
  type ApiPromise,
  type ApiResult,
  type AuthScheme,
  createTransport,
  InfraSdkError,
  NotFoundError,
  type Page,
  type Paginator,
  paginate,
  type RequestOptions,
  type ResponseMeta,
  type StandardSchemaV1,
  type Transport,
  watch,
} from '../src/index.js';

const numberSchema: StandardSchemaV1<unknown, number> = {
  '~standard': { version: 1, vendor: 't', validate: (value) => ({ value: Number(value) }) },
};

describe('public types', () => {
  it('types a request by its schema and keeps metadata on the same promise', async () => {
    const transport: Transport = createTransport({ baseUrl: 'http://127.0.0.1:1', retry: false });
    const call = transport.request({ method: 'GET', path: '/x', schema: numberSchema });
    const withMeta = call.withMeta();
    const mapped = call.map(String);
    expectTypeOf(call).toEqualTypeOf<ApiPromise<number, ResponseMeta>>();
    expectTypeOf(call).resolves.toBeNumber();
    expectTypeOf(withMeta).resolves.toEqualTypeOf<ApiResult<number, ResponseMeta>>();
    expectTypeOf(mapped).toEqualTypeOf<ApiPromise<string, ResponseMeta>>();
    // Nothing listens on port 1: each of the three ends in a rejection this test takes.
    await Promise.allSettled([call, withMeta, mapped]);
  });

  it('carries a service-specific metadata type through unwrap', async () => {
    interface LeaseMeta extends ResponseMeta {
      readonly leaseId: string;
    }
    const transport = createTransport({ baseUrl: 'http://127.0.0.1:1', retry: false });
    const call = transport.request<number, LeaseMeta>({
      method: 'GET',
      path: '/x',
      schema: numberSchema,
      unwrap: (body, meta) => ({ data: body, meta: { ...meta, leaseId: 'l' } }),
    });
    const withMeta = call.withMeta();
    expectTypeOf(withMeta).resolves.toHaveProperty('meta').toHaveProperty('leaseId').toBeString();
    await Promise.allSettled([call, withMeta]);
  });

  it('narrows errors with isInstance', () => {
    const error: unknown = new NotFoundError({ status: 404, method: 'GET', url: 'http://h/x' });
    if (NotFoundError.isInstance(error)) expectTypeOf(error).toEqualTypeOf<NotFoundError>();
    if (ApiError.isInstance(error)) expectTypeOf(error.status).toBeNumber();
    if (InfraSdkError.isInstance(error)) expectTypeOf(error).toMatchTypeOf<Error>();
  });

  it('types options strictly', () => {
    expectTypeOf<RequestOptions['timeout']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<{ type: 'bearer' }>().toMatchTypeOf<AuthScheme>();
    // @ts-expect-error a header scheme needs the header name
    const missing: AuthScheme = { type: 'header' };
    expectTypeOf(missing).not.toBeNever();
    // @ts-expect-error a timeout is a number of milliseconds
    const options: RequestOptions = { timeout: '30s' };
    expectTypeOf(options).not.toBeNever();
  });

  it('types paging and watches by their item type', () => {
    const pages = paginate(async (): Promise<Page<{ ID: string }>> => ({ items: [] }));
    expectTypeOf(pages).toEqualTypeOf<Paginator<{ ID: string }>>();
    const snapshots = watch(async () => ({ data: [1, 2], meta: {} as ResponseMeta }));
    expectTypeOf(snapshots).toMatchTypeOf<AsyncIterable<ApiResult<number[], ResponseMeta>>>();
  });
});
