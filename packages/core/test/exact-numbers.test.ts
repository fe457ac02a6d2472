// Exact numbers are a client's to read (the scheduler's Unix-nanosecond times, time-fields.ts), from the
// text core hands its `parseJson` and `parse` hooks: the body and each NDJSON line as the service wrote
// them, key escapes included, so a parser that reads each number's source text keeps every digit
// however its key is spelled.
import { describe, expect, it } from 'vitest';
import { createTransport, parseNdjson } from '../src/index.js';
import { trackServers } from './support.js';

const serve = trackServers();
const BODY = '{"Modify\\u0054ime":1700000000123456789,"Other":1.5e3}';

/** Every number of `text` as its source digits, by the key JSON.parse gives it (escapes read). */
function exactNumbers(text: string): Record<string, string> {
  const found: Record<string, string> = {};
  JSON.parse(text, (key, value, context?: { source?: string }) => {
    if (typeof value === 'number' && context?.source !== undefined) found[key] = context.source;
    return value;
  });
  return found;
}

describe('the text behind exact numbers', () => {
  it('parseJson gets the body as written, escaped keys and all digits', async () => {
    const server = await serve();
    server.route('GET', '/v1/alloc', (_req, res) => {
      res.raw.writeHead(200, { 'content-type': 'application/json' });
      res.raw.end(BODY);
    });
    const transport = createTransport({ baseUrl: server.url, pathPrefix: '/v1' });
    const texts: string[] = [];
    const parsed = await transport.request({
      method: 'GET',
      path: '/alloc',
      parseJson: (text) => {
        texts.push(text);
        return exactNumbers(text);
      },
    });
    expect(texts).toEqual([BODY]);
    expect(parsed).toEqual({ ModifyTime: '1700000000123456789', Other: '1.5e3' });
  });

  it('an NDJSON parse hook gets each line as written', async () => {
    const server = await serve();
    server.route('GET', '/v1/event/stream', (_req, res) =>
      res.chunked(200, [`${BODY}\n`, '{"\\u0054ime":9007199254740993}\n']),
    );
    const transport = createTransport({ baseUrl: server.url, pathPrefix: '/v1' });
    const body = await transport.request<ReadableStream<Uint8Array>>({
      method: 'GET',
      path: '/event/stream',
      responseType: 'stream',
    });
    const lines: unknown[] = [];
    for await (const line of parseNdjson(body, { parse: exactNumbers })) lines.push(line);
    expect(lines).toEqual([
      { ModifyTime: '1700000000123456789', Other: '1.5e3' },
      { Time: '9007199254740993' },
    ]);
  });
});
