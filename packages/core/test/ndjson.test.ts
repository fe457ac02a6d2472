import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AbortError,
  ConnectionError,
  InfraSdkError,
  ResponseValidationError,
  TimeoutError,
} from '../src/errors.js';
import { parseNdjson } from '../src/ndjson.js';

const encoder = new TextEncoder();

/** A stream of the given chunks that records whether, and why, it was cancelled. */
function source(
  chunks: ReadonlyArray<Uint8Array | string>,
  options: { end?: 'close' | 'never' | Error } = {},
) {
  const cancel = vi.fn<(reason: unknown) => void>();
  let index = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const chunk = chunks[index++];
        if (chunk !== undefined) {
          controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
        } else if (options.end instanceof Error) {
          controller.error(options.end);
        } else if (options.end !== 'never') {
          controller.close();
        } else {
          return new Promise<void>(() => {}); // stalls: no more data, no end
        }
        return undefined;
      },
      cancel,
    },
    { highWaterMark: 0 },
  );
  return { body, cancel };
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const values: T[] = [];
  for await (const value of iterable) values.push(value);
  return values;
}

/** Runs `promise`, expecting it to fail, and returns the error. */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

function bytesOf(text: string): Uint8Array[] {
  return [...encoder.encode(text)].map((byte) => Uint8Array.of(byte));
}

describe('parseNdjson over in-memory streams', () => {
  it('yields one value per line across and within chunks', async () => {
    const { body } = source(['{"a":1}\n{"b":', '2}\n3\n"x"\n', 'null\n[1,2]\n']);
    expect(await collect(parseNdjson(body))).toEqual([{ a: 1 }, { b: 2 }, 3, 'x', null, [1, 2]]);
  });

  it('accepts CRLF line endings, also with the CR and LF in different chunks', async () => {
    const { body } = source(['{"a":1}\r\n{"b":2}\r', '\n"c"\r\n']);
    expect(await collect(parseNdjson(body))).toEqual([{ a: 1 }, { b: 2 }, 'c']);
  });

  it('skips empty and whitespace-only lines but counts them in line numbers', async () => {
    const { body } = source(['\n1\n  \n\t\r\n\r\n2\n\n', '   \n{oops\n']);
    const values: unknown[] = [];
    const error = await failure(
      (async () => {
        for await (const value of parseNdjson(body)) values.push(value);
      })(),
    );
    expect(values).toEqual([1, 2]);
    expect(ResponseValidationError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ problem: 'invalid-json' });
    expect((error as Error).message).toMatch(/^Line 9 of the NDJSON stream is not valid JSON/);
  });

  it('yields nothing for an empty body or one of blank lines only', async () => {
    expect(await collect(parseNdjson(source([]).body))).toEqual([]);
    expect(await collect(parseNdjson(source(['\n', ' \r\n', '\t']).body))).toEqual([]);
  });

  it('decodes multi-byte characters delivered one byte per chunk', async () => {
    const text = '{"name":"héllo wörld"}\n["日本語","€"]\n"😀🎉"\n';
    const { body } = source(bytesOf(text));
    expect(await collect(parseNdjson(body))).toEqual([{ name: 'héllo wörld' }, ['日本語', '€'], '😀🎉']);
  });

  it('keeps an emoji split across chunks intact', async () => {
    const bytes = encoder.encode('{"e":"👩‍💻"}\n');
    const { body } = source([bytes.subarray(0, 8), bytes.subarray(8, 10), bytes.subarray(10)]);
    expect(await collect(parseNdjson(body))).toEqual([{ e: '👩‍💻' }]);
  });

  it('accepts a line of exactly maxLineBytes', async () => {
    const { body } = source(['"12345678"\n"1234567890"', '\n']);
    expect(await collect(parseNdjson(body, { maxLineBytes: 12 }))).toEqual(['12345678', '1234567890']);
  });

  it('counts a line by its content: a CR LF ending does not count towards maxLineBytes', async () => {
    // 12 bytes of content each, ended by CR LF; the CR may end one chunk and the LF start the next.
    for (const chunks of [
      ['"1234567890"\r\n"abcdefghij"\r\n'],
      ['"1234567890"\r', '\n"abcdefghij"\r', '\n'],
      ['"1234567890"', '\r\n"abcdefghij"', '\r\n'],
    ]) {
      expect(await collect(parseNdjson(source(chunks).body, { maxLineBytes: 12 }))).toEqual([
        '1234567890',
        'abcdefghij',
      ]);
      const error = await failure(collect(parseNdjson(source(chunks).body, { maxLineBytes: 11 })));
      expect(error).toMatchObject({ problem: 'line-too-long' });
    }
    // A CR that is not followed by the LF is content like any other byte.
    const error = await failure(
      collect(parseNdjson(source(['"1234567890"\r', ' \n']).body, { maxLineBytes: 12 })),
    );
    expect(error).toMatchObject({ problem: 'line-too-long' });
  });

  it('reports the size of an invalid line ended by CR LF without its ending', async () => {
    const error = await failure(collect(parseNdjson(source(['1\r\n{oops\r\n']).body)));
    expect((error as Error).message).toBe('Line 2 of the NDJSON stream is not valid JSON (5 bytes)');
  });

  it('reads a valid deeply nested line, and tells a parser that runs out of stack from invalid JSON', async () => {
    const depth = 100_000;
    const line = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const [value] = await collect(parseNdjson(source([`${line}\n`]).body));
    expect(typeof value).toBe('object');
    // A recursive parser (as an exact-number parser may be) overflows the stack on the same line.
    const recursive = (text: string): unknown => {
      const walk = (at: number): [unknown, number] => {
        if (text.startsWith('{"a":', at)) {
          const [inner, end] = walk(at + 5);
          return [{ a: inner }, end + 1];
        }
        return [Number(text[at]), at + 1];
      };
      return walk(0)[0];
    };
    const error = await failure(collect(parseNdjson(source([`1\n${line}\n`]).body, { parse: recursive })));
    expect(error).toMatchObject({ problem: 'too-deep' });
    expect((error as Error).message).toBe(
      `Line 2 of the NDJSON stream nests ${depth} levels deep, deeper than its parser can follow ` +
        '(the line is valid JSON as far as the splitter knows)',
    );
  });

  it('fails as soon as a partial line exceeds maxLineBytes and cancels the body', async () => {
    // A long run of data without a newline (ending early only so that a broken cap fails instead of hanging).
    let pulls = 0;
    const cancel = vi.fn();
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulls += 1;
          if (pulls > 1000) controller.close();
          else controller.enqueue(encoder.encode(pulls === 1 ? '1\n"aaaa' : 'aaaa'));
        },
        cancel,
      },
      { highWaterMark: 0 },
    );
    const values: unknown[] = [];
    const error = await failure(
      (async () => {
        for await (const value of parseNdjson(body, {
          maxLineBytes: 10,
          method: 'GET',
          url: 'http://h/v1/x',
        }))
          values.push(value);
      })(),
    );
    expect(values).toEqual([1]);
    expect(ResponseValidationError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ problem: 'line-too-long', method: 'GET', url: 'http://h/v1/x' });
    expect((error as Error).message).toBe(
      'Line 2 of the NDJSON stream is longer than the limit of 10 bytes; ' +
        'raise maxLineBytes if the service really sends such lines (GET /v1/x)',
    );
    // 5 + 4 bytes fit, the third piece makes 13: the parser stopped there.
    expect(pulls).toBe(3);
    expect(cancel).toHaveBeenCalledWith(error);
    expect(body.locked).toBe(false);
  });

  it('fails on a complete line over the cap inside one chunk', async () => {
    const { body, cancel } = source(['1\n"a long line here"\n2\n']);
    const error = await failure(collect(parseNdjson(body, { maxLineBytes: 8 })));
    expect(error).toMatchObject({ problem: 'line-too-long' });
    expect(cancel).toHaveBeenCalledOnce();
  });

  it('parses a valid last line that has no newline', async () => {
    const { body } = source(['1\n{"last":', 'true}']);
    expect(await collect(parseNdjson(body))).toEqual([1, { last: true }]);
  });

  it('reports a cut-off last line as truncated', async () => {
    const { body } = source(['1\n{"last":', 'tr']);
    const values: unknown[] = [];
    const error = await failure(
      (async () => {
        for await (const value of parseNdjson(body)) values.push(value);
      })(),
    );
    expect(values).toEqual([1]);
    expect(ResponseValidationError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ problem: 'truncated' });
    expect((error as Error).message).toMatch(/^The NDJSON stream ended in the middle of line 2 \(/);
  });

  it('reports a malformed line with its number, after the values before it, and cancels the body', async () => {
    const { body, cancel } = source(['{"ok":1}\n{"ok":2}\n{"ok":', '3,}\n{"ok":4}\n']);
    const values: unknown[] = [];
    const error = await failure(
      (async () => {
        for await (const value of parseNdjson(body)) values.push(value);
      })(),
    );
    expect(values).toEqual([{ ok: 1 }, { ok: 2 }]);
    expect(error).toMatchObject({ problem: 'invalid-json' });
    expect((error as Error).message).toBe('Line 3 of the NDJSON stream is not valid JSON (9 bytes)');
    // The parser's own message would quote the line; it is not kept.
    expect((error as Error).cause).toBeUndefined();
    expect(cancel).toHaveBeenCalledOnce();
  });

  it('turns a read error into a ConnectionError that keeps the original as cause', async () => {
    const reset = new Error('read ECONNRESET');
    const { body } = source(['1\n2'], { end: reset });
    const values: unknown[] = [];
    const error = await failure(
      (async () => {
        for await (const value of parseNdjson(body, { method: 'GET', url: 'http://h/v1/events' }))
          values.push(value);
      })(),
    );
    expect(values).toEqual([1]);
    expect(ConnectionError.isInstance(error)).toBe(true);
    expect((error as Error).cause).toBe(reset);
    expect((error as Error).message).toBe(
      'GET /v1/events: The NDJSON stream broke off while reading (read ECONNRESET)',
    );
  });

  it('fails with TimeoutError when no data arrives within idleTimeout, and cancels the body', async () => {
    const { body, cancel } = source(['1\n'], { end: 'never' });
    const iterator = parseNdjson(body, { idleTimeout: 50, method: 'GET', url: 'http://h/v1/events' });
    expect(await iterator.next()).toEqual({ done: false, value: 1 });
    const error = await failure(iterator.next());
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ timeoutMs: 50 });
    expect((error as Error).message).toBe(
      'GET /v1/events: no data arrived within 50 ms; raise the timeout or check the service',
    );
    expect(cancel).toHaveBeenCalledWith(error);
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
  });

  it('ends with AbortError when aborted while waiting for data, and cancels the body', async () => {
    const { body, cancel } = source(['1\n'], { end: 'never' });
    const controller = new AbortController();
    const iterator = parseNdjson(body, { signal: controller.signal });
    expect(await iterator.next()).toEqual({ done: false, value: 1 });
    const pending = iterator.next();
    controller.abort(new Error('user gave up'));
    const error = await failure(pending);
    expect(AbortError.isInstance(error)).toBe(true);
    expect((error as Error).cause).toEqual(new Error('user gave up'));
    expect(cancel).toHaveBeenCalledOnce();
    expect(body.locked).toBe(false);
  });

  it('ends with AbortError when aborted between values of one chunk', async () => {
    const { body, cancel } = source(['1\n2\n3\n']);
    const controller = new AbortController();
    const seen: unknown[] = [];
    const error = await failure(
      (async () => {
        for await (const value of parseNdjson(body, { signal: controller.signal })) {
          seen.push(value);
          controller.abort();
        }
      })(),
    );
    expect(seen).toEqual([1]);
    expect(AbortError.isInstance(error)).toBe(true);
    expect(cancel).toHaveBeenCalledOnce();
  });

  it('cancels the body at once for an already aborted signal and fails the first read', async () => {
    const { body, cancel } = source(['1\n']);
    const iterator = parseNdjson(body, { signal: AbortSignal.abort() });
    expect(cancel).toHaveBeenCalledOnce();
    expect(AbortError.isInstance(await failure(iterator.next()))).toBe(true);
    expect(body.locked).toBe(false);
  });

  it('cancels the body and releases the lock when the consumer breaks early', async () => {
    const { body, cancel } = source(['1\n2\n', '3\n'], { end: 'never' });
    for await (const value of parseNdjson(body)) {
      expect(value).toBe(1);
      break;
    }
    expect(cancel).toHaveBeenCalledOnce();
    expect(body.locked).toBe(false);
  });

  it('cancels the body when return() is called before the first value', async () => {
    const { body, cancel } = source(['1\n']);
    const iterator = parseNdjson(body);
    expect(await iterator.return?.()).toEqual({ done: true, value: undefined });
    expect(cancel).toHaveBeenCalledOnce();
    expect(body.locked).toBe(false);
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
  });

  it('does not cancel a body that ended cleanly, and releases it', async () => {
    const { body, cancel } = source(['1\n']);
    expect(await collect(parseNdjson(body))).toEqual([1]);
    expect(cancel).not.toHaveBeenCalled();
    expect(body.locked).toBe(false);
  });

  it('leaves no idle timer behind, whichever way iteration ends', async () => {
    vi.useFakeTimers();
    try {
      await collect(parseNdjson(source(['1\n', '2\n']).body, { idleTimeout: 1000 }));
      expect(vi.getTimerCount()).toBe(0);
      await failure(collect(parseNdjson(source(['{', 'x\n']).body, { idleTimeout: 1000 })));
      expect(vi.getTimerCount()).toBe(0);
      await failure(
        collect(parseNdjson(source(['1\n'], { end: new Error('reset') }).body, { idleTimeout: 1000 })),
      );
      expect(vi.getTimerCount()).toBe(0);
      for await (const _ of parseNdjson(source(['1\n'], { end: 'never' }).body, { idleTimeout: 1000 })) break;
      expect(vi.getTimerCount()).toBe(0);
      const stalled = parseNdjson(source([], { end: 'never' }).body, { idleTimeout: 1000 });
      const pending = failure(stalled.next());
      await vi.advanceTimersByTimeAsync(1000);
      expect(TimeoutError.isInstance(await pending)).toBe(true);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('hands each line to the parse option, without its line ending', async () => {
    const seen: string[] = [];
    const parse = (line: string) => {
      seen.push(line);
      // Keeps integers beyond 2^53 exact, the reason the option exists.
      return JSON.parse(line.replace(/"Time":(\d+)/, '"Time":"$1"'));
    };
    const { body } = source(['{"Time":1700000000123456789}\r\n', '\n{"Time":', '2}\n"x"']);
    expect(await collect(parseNdjson(body, { parse }))).toEqual([
      { Time: '1700000000123456789' },
      { Time: '2' },
      'x',
    ]);
    expect(seen).toEqual(['{"Time":1700000000123456789}', '{"Time":2}', '"x"']);
  });

  it('reports what the parse option throws as invalid-json, without keeping its message', async () => {
    const { body, cancel } = source(['1\n2\n']);
    const parse = (line: string) => {
      if (line === '2') throw new SyntaxError('secret-bearing message 2');
      return Number(line);
    };
    const values: unknown[] = [];
    const error = await failure(
      (async () => {
        for await (const value of parseNdjson(body, { parse })) values.push(value);
      })(),
    );
    expect(values).toEqual([1]);
    expect(error).toMatchObject({ problem: 'invalid-json' });
    expect((error as Error).message).toBe('Line 2 of the NDJSON stream is not valid JSON (1 bytes)');
    expect((error as Error).cause).toBeUndefined();
    expect(cancel).toHaveBeenCalledOnce();
  });

  it('counts the line cap in bytes, not characters', async () => {
    // "€€€" is 3 characters and 9 bytes: with the quotes, 11 bytes.
    expect(await collect(parseNdjson(source(['"€€€"\n']).body, { maxLineBytes: 11 }))).toEqual(['€€€']);
    const error = await failure(collect(parseNdjson(source(['"€€€"\n']).body, { maxLineBytes: 10 })));
    expect(error).toMatchObject({ problem: 'line-too-long' });
    const split = await failure(collect(parseNdjson(source(bytesOf('"€€€"')).body, { maxLineBytes: 10 })));
    expect(split).toMatchObject({ problem: 'line-too-long' });
  });

  it('refuses a locked body and invalid options', () => {
    const { body } = source([]);
    body.getReader();
    expect(() => parseNdjson(body)).toThrow(TypeError);
    expect(() => parseNdjson(source([]).body, { maxLineBytes: 0 })).toThrow(RangeError);
    expect(() => parseNdjson(source([]).body, { idleTimeout: -1 })).toThrow(RangeError);
    expect(() => parseNdjson(source([]).body, { parse: 'json' as unknown as () => unknown })).toThrow(
      TypeError,
    );
  });

  it('property: any chunking and line endings yield the values of the whole buffer', async () => {
    const line = fc.record({
      value: fc.jsonValue(),
      ending: fc.constantFrom('\n', '\r\n'),
      blanks: fc.array(fc.constantFrom('\n', '\r\n', '  \n', '\t\r\n'), { maxLength: 2 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { maxLength: 12 }),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 12 }),
        async (lines, finalNewline, cuts) => {
          let text = lines.map((l) => l.blanks.join('') + JSON.stringify(l.value) + l.ending).join('');
          if (!finalNewline && text.endsWith('\n')) text = text.replace(/\r?\n$/, '');
          const bytes = encoder.encode(text);
          const offsets = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
          const chunks = [0, ...offsets].map((from, i) => bytes.subarray(from, offsets[i] ?? bytes.length));
          const expected = text
            .split('\n')
            .filter((l) => l.trim() !== '')
            .map((l) => JSON.parse(l));
          expect(await collect(parseNdjson(source(chunks).body))).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('property: under any chunking and line ending, the longest line fits a cap of its content in bytes and fails one byte less', async () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 20 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(text, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('\n', '\r\n'),
        fc.array(fc.nat(), { maxLength: 12 }),
        async (strings, ending, cuts) => {
          const lines = strings.map((s) => JSON.stringify(s));
          // The ending never counts: a CR LF line has the same cap as an LF one.
          const bytes = encoder.encode(`${lines.join(ending)}${ending}`);
          const longest = Math.max(...lines.map((l) => encoder.encode(l).length));
          const offsets = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
          const chunks = [0, ...offsets].map((from, i) => bytes.subarray(from, offsets[i] ?? bytes.length));
          expect(await collect(parseNdjson(source(chunks).body, { maxLineBytes: longest }))).toEqual(strings);
          const error = await failure(
            collect(parseNdjson(source(chunks).body, { maxLineBytes: longest - 1 })),
          );
          expect(error).toMatchObject({ problem: 'line-too-long' });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('property: under any chunking and cap, an invalid line is reported with its size in bytes', async () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(text, { maxLength: 4 }),
        text,
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.boolean(),
        async (before, bad, cuts, tightCap) => {
          // The invalid line: a string without its closing quote, possibly with multi-byte characters.
          const broken = `"${bad.replaceAll('"', '').replaceAll('\\', '')}`;
          const lines = [...before.map((s) => JSON.stringify(s)), broken, '1'];
          const bytes = encoder.encode(`${lines.join('\n')}\n`);
          const size = encoder.encode(broken).length;
          const offsets = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
          const chunks = [0, ...offsets].map((from, i) => bytes.subarray(from, offsets[i] ?? bytes.length));
          // A cap of the longest line's size makes each chunk take the byte-by-byte path; the default
          // cap the text-only one.
          const longest = Math.max(...lines.map((l) => encoder.encode(l).length));
          const options = tightCap ? { maxLineBytes: longest } : {};
          const error = await failure(collect(parseNdjson(source(chunks).body, options)));
          expect((error as Error).message).toBe(
            `Line ${before.length + 1} of the NDJSON stream is not valid JSON (${size} bytes)`,
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('parseNdjson over real HTTP', () => {
  let server: Server;
  let base: string;
  const routes = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();

  beforeAll(async () => {
    server = createServer((req, res) => {
      const route = routes.get(req.url ?? '');
      if (route) route(req, res);
      else res.writeHead(404).end();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  // A kept-alive connection would outlive the test that opened it.
  afterEach(() => server.closeAllConnections());

  afterAll(async () => {
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  });

  const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 5));

  it('parses a chunked response written in odd pieces', async () => {
    const values = [
      { id: 1, name: 'ünïcödé' },
      ['😀', '日本'],
      'plain',
      42,
      null,
      { nested: { deep: [true] } },
    ];
    const payload = Buffer.from(values.map((v, i) => JSON.stringify(v) + (i % 2 ? '\r\n' : '\n\n')).join(''));
    routes.set('/odd', async (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      // Cuts land inside multi-byte characters, inside CRLF and on line ends.
      for (let at = 0, size = 1; at < payload.length; at += size, size = (size * 3 + 1) % 11 || 2) {
        res.write(payload.subarray(at, at + size));
        await pause();
      }
      res.end();
    });
    const response = await fetch(`${base}/odd`);
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.body).not.toBeNull();
    if (!response.body) return;
    expect(await collect(parseNdjson(response.body))).toEqual(values);
  });

  it('reports a connection destroyed mid-line as ConnectionError', async () => {
    routes.set('/reset', async (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.write('{"seq":1}\n{"seq":');
      await pause();
      res.socket?.destroy();
    });
    const response = await fetch(`${base}/reset`);
    expect(response.body).not.toBeNull();
    if (!response.body) return;
    const values: unknown[] = [];
    const error = await failure(
      (async () => {
        for await (const value of parseNdjson(response.body as ReadableStream<Uint8Array>))
          values.push(value);
      })(),
    );
    // Chunked framing tells fetch the body is incomplete (no final 0-size chunk), so the read itself
    // fails; the partial line is never offered as 'truncated'.
    expect(values).toEqual([{ seq: 1 }]);
    expect(ConnectionError.isInstance(error)).toBe(true);
    expect((error as Error).cause).toBeInstanceOf(Error);
  });

  it('reports a close-delimited body that stops mid-line as truncated', async () => {
    routes.set('/close-delimited', (_req, res) => {
      // Neither chunked nor a length: the end of the connection is the end of the body, as HTTP/1.0 had it,
      // so the client cannot tell a cut from an end and the parser judges the last line itself.
      res.useChunkedEncodingByDefault = false;
      res.shouldKeepAlive = false;
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.end('{"seq":1}\n{"seq":');
    });
    const response = await fetch(`${base}/close-delimited`);
    expect(response.headers.get('transfer-encoding')).toBeNull();
    expect(response.headers.get('content-length')).toBeNull();
    if (!response.body) throw new Error('no body');
    const error = await failure(collect(parseNdjson(response.body)));
    expect(InfraSdkError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ problem: 'truncated' });
  });

  it('releases the connection when the consumer stops early', async () => {
    let closed: () => void = () => {};
    const serverSawClose = new Promise<void>((resolve) => {
      closed = resolve;
    });
    routes.set('/endless', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      const timer = setInterval(() => res.write('{"tick":true}\n'), 5);
      res.on('close', () => {
        clearInterval(timer);
        closed();
      });
    });
    const response = await fetch(`${base}/endless`);
    if (!response.body) throw new Error('no body');
    for await (const value of parseNdjson(response.body)) {
      expect(value).toEqual({ tick: true });
      break;
    }
    await serverSawClose;
  });
});
