import { describe, expect, it } from 'vitest';
import { sleep, startTestServer } from '../src/testing/index.js';
import { deferred, trackServers } from './support.js';

const serve = trackServers();

/** Reads a body line by line, as a streaming client would. */
function lineReader(body: ReadableStream<Uint8Array> | null): () => Promise<string | undefined> {
  if (body === null) throw new Error('no body');
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  return async () => {
    while (!buffered.includes('\n')) {
      const { value, done } = await reader.read();
      if (done) return undefined;
      buffered += decoder.decode(value, { stream: true });
    }
    const end = buffered.indexOf('\n');
    const line = buffered.slice(0, end);
    buffered = buffered.slice(end + 1);
    return line;
  };
}

describe('whole replies', () => {
  it('sends JSON with headers from header() and from the call', async () => {
    const server = await serve();
    server.route('GET', '/json', (_req, res) =>
      res
        .header('X-Scheduler-Index', '7')
        .header('x-both', 'from header()')
        .json(201, { ok: true }, { 'X-Both': 'from call' }),
    );
    const res = await fetch(`${server.url}/json`);
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('x-scheduler-index')).toBe('7');
    expect(res.headers.get('x-both')).toBe('from call');
    expect(await res.json()).toEqual({ ok: true });
  });

  it('sends text and empty replies', async () => {
    const server = await serve();
    server.route('GET', '/text', (_req, res) => res.text(200, 'héllo'));
    server.route('DELETE', '/empty', (_req, res) => res.empty());
    server.route('PUT', '/accepted', (_req, res) => res.empty(202, { location: '/x' }));
    const text = await fetch(`${server.url}/text`);
    expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await text.text()).toBe('héllo');
    const empty = await fetch(`${server.url}/empty`, { method: 'DELETE' });
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe('');
    const accepted = await fetch(`${server.url}/accepted`, { method: 'PUT' });
    expect(accepted.status).toBe(202);
    expect(accepted.headers.get('content-length')).toBe('0');
    expect(accepted.headers.get('location')).toBe('/x');
  });

  it('lets a handler answer through the raw node response', async () => {
    const server = await serve();
    server.route('GET', '/raw', (_req, res) => {
      res.raw.writeHead(207, { 'x-raw': 'yes' });
      res.raw.end('by hand');
    });
    const res = await fetch(`${server.url}/raw`);
    expect(res.status).toBe(207);
    expect(res.headers.get('x-raw')).toBe('yes');
    expect(await res.text()).toBe('by hand');
  });

  it('refuses a second reply and a header after the reply', async () => {
    const server = await serve();
    const problems: string[] = [];
    server.route('GET', '/twice', (_req, res) => {
      res.json(200, {});
      for (const again of [() => res.text(200, 'x'), () => res.header('a', 'b')]) {
        try {
          again();
        } catch (error) {
          problems.push(error instanceof Error ? error.message : String(error));
        }
      }
    });
    expect((await fetch(`${server.url}/twice`)).status).toBe(200);
    expect(problems).toEqual([
      'this request was already answered',
      'header("a") came after the reply was sent',
    ]);
  });
});

describe('gzip', () => {
  it('is off by default even when the client accepts it', async () => {
    const server = await serve();
    server.route('GET', '/json', (_req, res) => res.json(200, { big: 'x'.repeat(1000) }));
    const res = await fetch(`${server.url}/json`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('content-length')).toBe(String(JSON.stringify({ big: 'x'.repeat(1000) }).length));
  });

  it('compresses JSON and text when on and accepted, and fetch decodes them', async () => {
    const server = await serve({ gzip: true });
    server.route('GET', '/json', (_req, res) => res.json(200, { big: 'x'.repeat(1000) }));
    server.route('GET', '/text', (_req, res) => res.text(200, 'y'.repeat(1000)));
    const json = await fetch(`${server.url}/json`, { headers: { 'accept-encoding': 'gzip' } });
    expect(json.headers.get('content-encoding')).toBe('gzip');
    expect(json.headers.get('vary')).toBe('accept-encoding');
    expect(Number(json.headers.get('content-length'))).toBeLessThan(1000);
    expect(await json.json()).toEqual({ big: 'x'.repeat(1000) });
    const text = await fetch(`${server.url}/text`, { headers: { 'accept-encoding': 'br, gzip;q=0.5' } });
    expect(text.headers.get('content-encoding')).toBe('gzip');
    expect(await text.text()).toBe('y'.repeat(1000));
  });

  it('sends identity when the client does not accept gzip', async () => {
    const server = await serve({ gzip: true });
    server.route('GET', '/json', (_req, res) => res.json(200, { a: 1 }));
    for (const accept of ['identity', 'gzip;q=0', 'gzip;q=0, *']) {
      const res = await fetch(`${server.url}/json`, { headers: { 'accept-encoding': accept } });
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(res.headers.get('vary')).toBe('accept-encoding');
      expect(await res.json()).toEqual({ a: 1 });
    }
  });
});

describe('streams', () => {
  it.each(['\n', '\r\n'] as const)('writes NDJSON lines ending in %j', async (lineEnding) => {
    const server = await serve();
    server.route('GET', '/sync', (_req, res) => res.ndjson(200, [{ a: 1 }, 'two', null], { lineEnding }));
    server.route('GET', '/async', (_req, res) =>
      res.ndjson(
        200,
        (async function* () {
          yield { a: 1 };
          yield [2];
        })(),
        { lineEnding, headers: { 'x-stream': 'yes' } },
      ),
    );
    const sync = await fetch(`${server.url}/sync`);
    expect(sync.headers.get('content-type')).toBe('application/x-ndjson');
    expect(await sync.text()).toBe(`{"a":1}${lineEnding}"two"${lineEnding}null${lineEnding}`);
    const stream = await fetch(`${server.url}/async`);
    expect(stream.headers.get('x-stream')).toBe('yes');
    const lines = (await stream.text()).split(lineEnding);
    expect(lines.slice(0, -1).map((line) => JSON.parse(line))).toEqual([{ a: 1 }, [2]]);
    expect(lines.at(-1)).toBe('');
  });

  it.each([false, true])('flushes each NDJSON line as it comes (gzip %s)', async (gzip) => {
    const server = await serve({ gzip });
    const second = deferred();
    server.route('GET', '/events', (_req, res) =>
      res.ndjson(
        200,
        (async function* () {
          yield { n: 1 };
          // The second line waits for the client to have read the first: it only can if line 1 was flushed.
          await second.promise;
          yield { n: 2 };
        })(),
      ),
    );
    const res = await fetch(`${server.url}/events`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe(gzip ? 'gzip' : null);
    const next = lineReader(res.body);
    expect(await next()).toBe('{"n":1}');
    second.resolve();
    expect(await next()).toBe('{"n":2}');
    expect(await next()).toBeUndefined();
  });

  it('stops an endless NDJSON stream when the client goes away', async () => {
    const server = await serve();
    const streamEnded = deferred();
    const sourceClosed = deferred();
    server.route('GET', '/events', async (_req, res) => {
      await res.ndjson(
        200,
        (async function* () {
          try {
            for (let n = 0; ; n += 1) {
              yield { n };
              await sleep(1);
            }
          } finally {
            sourceClosed.resolve();
          }
        })(),
      );
      streamEnded.resolve();
    });
    const client = new AbortController();
    const res = await fetch(`${server.url}/events`, { signal: client.signal });
    expect(await lineReader(res.body)()).toBe('{"n":0}');
    client.abort();
    await streamEnded.promise;
    await sourceClosed.promise;
  });

  it('ends the stream of a quiet source when the client goes away', async () => {
    const server = await serve();
    const streamEnded = deferred();
    server.route('GET', '/events', async (_req, res) => {
      await res.ndjson(
        200,
        (async function* () {
          yield { n: 0 };
          // A source with nothing more to say: only the client leaving can end this stream.
          await new Promise(() => undefined);
        })(),
      );
      streamEnded.resolve();
    });
    const client = new AbortController();
    const res = await fetch(`${server.url}/events`, { signal: client.signal });
    expect(await lineReader(res.body)()).toBe('{"n":0}');
    client.abort();
    await streamEnded.promise;
  });

  it('writes chunks one by one, never compressed', async () => {
    const server = await serve({ gzip: true });
    server.route('GET', '/slow', (_req, res) =>
      res.chunked(200, ['ab', new TextEncoder().encode('cd'), 'ef'], {
        delayMs: 5,
        headers: { 'content-type': 'text/plain' },
      }),
    );
    const res = await fetch(`${server.url}/slow`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(await res.text()).toBe('abcdef');
  });

  it('cuts the body when the stream source fails', async () => {
    const server = await serve();
    server.route('GET', '/broken', (_req, res) =>
      res.chunked(
        200,
        (async function* () {
          yield 'partial';
          throw new Error('source failed');
        })(),
      ),
    );
    const res = await fetch(`${server.url}/broken`);
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
  });
});

describe('connection faults', () => {
  it.each(['content-length', 'chunked'] as const)(
    'resetAfter lets fetch resolve and fails the body read (%s framing)',
    async (framing) => {
      const server = await serve();
      server.route('GET', '/cut', (_req, res) =>
        res.resetAfter('{"items":[1,2', { status: 200, headers: { 'x-kind': 'cut' }, framing }),
      );
      const res = await fetch(`${server.url}/cut`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-kind')).toBe('cut');
      expect(res.headers.get('content-type')).toBe('application/json');
      await expect(res.text()).rejects.toThrow();
    },
  );

  it('cuts the connection when a handler fails after its reply started', async () => {
    const server = await serve();
    server.route('GET', '/late-failure', (_req, res) => {
      void res.ndjson(
        200,
        (async function* () {
          yield { n: 0 };
          await new Promise(() => undefined);
        })(),
      );
      throw new Error('failed after the head was sent');
    });
    const res = await fetch(`${server.url}/late-failure`);
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
  });

  it('destroy drops the connection without a reply', async () => {
    const server = await serve();
    server.route('GET', '/drop', (_req, res) => res.destroy());
    await expect(fetch(`${server.url}/drop`)).rejects.toThrow();
  });

  it('hang keeps the request open until close() ends it', async () => {
    const server = await startTestServer();
    const arrived = deferred();
    server.route('GET', '/hang', (_req, res) => {
      res.hang();
      arrived.resolve();
    });
    const outcome = fetch(`${server.url}/hang`).then(
      () => 'resolved',
      () => 'rejected',
    );
    await arrived.promise;
    await server.close();
    expect(await outcome).toBe('rejected');
  });
});
