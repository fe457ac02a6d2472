import { afterEach, describe, expect, it } from 'vitest';
import { AbortError, createTransport, type Page, paginate, ResponseValidationError } from '../src/index.js';
import { startTestServer, type TestServer } from '../src/testing/index.js';

let server: TestServer;
afterEach(async () => {
  await server?.close();
});

const ITEMS = Array.from({ length: 25 }, (_, i) => ({ ID: `a${String(i).padStart(3, '0')}` }));

/** A listing that pages ITEMS `per_page` at a time, the next token in a header as the scheduler does. */
async function pagedServer(options: { hangAfterFirst?: boolean; repeatToken?: boolean } = {}) {
  const aborted: string[] = [];
  server = await startTestServer();
  server.route('GET', '/v1/allocations', async (req, res) => {
    const perPage = Number(req.query.get('per_page') ?? '10');
    const token = req.query.get('next_token') ?? '';
    const start = token === '' ? 0 : ITEMS.findIndex((item) => item.ID === token);
    if (options.hangAfterFirst && token !== '') {
      req.signal.addEventListener('abort', () => aborted.push(token));
      return res.hang();
    }
    const page = ITEMS.slice(start, start + perPage);
    const next = options.repeatToken ? 'a010' : (ITEMS[start + perPage]?.ID ?? '');
    return res.json(200, page, next ? { 'x-scheduler-nexttoken': next } : {});
  });
  const transport = createTransport({
    baseUrl: server.url,
    pathPrefix: '/v1',
    metaHeaders: { nextToken: 'X-Scheduler-NextToken' },
  });
  const fetchPage = async (token: string | undefined, signal: AbortSignal): Promise<Page<{ ID: string }>> => {
    const { data, meta } = await transport
      .request<{ ID: string }[]>(
        { method: 'GET', path: '/allocations', query: { per_page: 10, next_token: token } },
        { signal },
      )
      .withMeta();
    return { items: data, nextToken: meta.nextToken, meta };
  };
  return { fetchPage, aborted };
}

describe('paginate', () => {
  it('follows next-page tokens across every page', async () => {
    const { fetchPage } = await pagedServer();
    const seen: string[] = [];
    for await (const item of paginate(fetchPage)) seen.push(item.ID);
    expect(seen).toEqual(ITEMS.map((item) => item.ID));
    expect(server.requests.map((r) => r.query.get('next_token') ?? '')).toEqual(['', 'a010', 'a020']);
  });

  it('follows a token carried in a body field', async () => {
    server = await startTestServer();
    server.route('GET', '/v1/search', (req, res) => {
      const page = Number(req.query.get('page') ?? '1');
      const items = ITEMS.slice((page - 1) * 10, page * 10);
      return res.json(200, { items, next_page: page * 10 < ITEMS.length ? String(page + 1) : '' });
    });
    const transport = createTransport({ baseUrl: server.url, pathPrefix: '/v1' });
    const search = paginate(async (token, signal) => {
      const body = await transport.request<{ items: { ID: string }[]; next_page: string }>(
        { method: 'GET', path: '/search', query: { page: token } },
        { signal },
      );
      return { items: body.items, nextToken: body.next_page };
    });
    expect((await search.toArray()).map((item) => item.ID)).toEqual(ITEMS.map((item) => item.ID));
    expect(server.requests.map((r) => r.query.get('page'))).toEqual([null, '2', '3']);
  });

  it('iterates whole pages and collects arrays', async () => {
    const { fetchPage } = await pagedServer();
    const sizes: number[] = [];
    for await (const page of paginate(fetchPage).pages()) sizes.push(page.items.length);
    expect(sizes).toEqual([10, 10, 5]);
    expect(await paginate(fetchPage).toArray()).toHaveLength(25);
  });

  it('starts from a given token', async () => {
    const { fetchPage } = await pagedServer();
    const items = await paginate(fetchPage, { startToken: 'a020' }).toArray();
    expect(items.map((item) => item.ID)).toEqual(ITEMS.slice(20).map((item) => item.ID));
  });

  it('aborts the request in flight when the loop ends early', async () => {
    const { fetchPage, aborted } = await pagedServer({ hangAfterFirst: true });
    for await (const item of paginate(fetchPage)) {
      expect(item.ID).toBe('a000');
      // The next page was asked for while this one is in hand; leave while that request is open.
      for (let i = 0; i < 400 && server.requests.length < 2; i++) await new Promise((r) => setTimeout(r, 5));
      expect(server.requests).toHaveLength(2);
      break;
    }
    for (let i = 0; i < 400 && aborted.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
    expect(aborted).toEqual(['a010']);
  });

  it('stops with a clear error when the service repeats a page token', async () => {
    const { fetchPage } = await pagedServer({ repeatToken: true });
    const error = await paginate(fetchPage)
      .toArray()
      .catch((e: unknown) => e);
    expect(ResponseValidationError.isInstance(error)).toBe(true);
    expect((error as ResponseValidationError).problem).toBe('repeated-token');
    expect((error as Error).message).toMatch(/"a010" twice/);
  });

  it('ends with AbortError when the caller aborts', async () => {
    const { fetchPage } = await pagedServer({ hangAfterFirst: true });
    const controller = new AbortController();
    const seen: string[] = [];
    const error = await (async () => {
      for await (const item of paginate(fetchPage, { signal: controller.signal })) {
        seen.push(item.ID);
        if (seen.length === 10) controller.abort();
      }
    })().catch((e: unknown) => e);
    expect(AbortError.isInstance(error)).toBe(true);
    expect(seen).toHaveLength(10);
    const before = await paginate(fetchPage, { signal: AbortSignal.abort() })
      .toArray()
      .catch((e: unknown) => e);
    expect(AbortError.isInstance(before)).toBe(true);
  });
});
