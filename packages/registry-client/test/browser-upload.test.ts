// The parts of the browser's Blob upload (XMLHttpRequest, which Node lacks) that run anywhere: which way
// a Blob goes, and how storage's answers become errors and metadata. The answers come from real servers
// on 127.0.0.1 and are compared with what the fetch path makes of the same answer; the XHR path itself
// runs in the runtime suite, in headless Chromium.
import { startTestServer, type TestServer } from '@infra-sdk/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  createRegistryCore,
  InfraSdkError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  ServiceUnavailableError,
} from '../src/index.js';
import { chooseBlobSender } from '../src/uploads/choose-body.js';
import {
  crossOriginAnswer,
  parseHeaderBlock,
  storageError,
  storageMeta,
} from '../src/uploads/storage-answer.js';
import { toAddressError, UploadAddressError } from '../src/uploads/upload-errors.js';
import { supportsXhrUpload } from '../src/uploads/xhr-put.js';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A storage server whose PUT /bucket/box answers with `status`, `body` and `headers`. */
async function storage(status: number, body: string, headers: Record<string, string> = {}) {
  const server = await startTestServer();
  servers.push(server);
  server.route('PUT', '/bucket/box', (_req, res) => res.text(status, body, headers));
  return server;
}

/** The header block `getAllResponseHeaders()` gives for these headers. */
function headerBlock(headers: Headers): string {
  let block = '';
  headers.forEach((value, name) => {
    block += `${name}: ${value}\r\n`;
  });
  return block;
}

/** What the XHR path makes of the answer to a PUT of `body` at `url`, read over the socket with fetch. */
async function xhrView(url: string) {
  const response = await fetch(url, { method: 'PUT', body: new Blob([new Uint8Array(1024)]) });
  const headers = parseHeaderBlock(headerBlock(response.headers));
  return { status: response.status, headers, body: await response.text() };
}

/** What the fetch path (the storage transport) throws for the same answer. */
async function fetchPathError(url: string): Promise<ApiError> {
  const core = createRegistryCore({ baseUrl: 'http://127.0.0.1:9', token: 'a-token-never-sent' });
  const error = await core.storage
    .request(
      { method: 'PUT', path: '', url, rawBody: new Blob([new Uint8Array(1024)]), responseType: 'text' },
      { retry: false },
    )
    .then(
      () => undefined,
      (failure: unknown) => failure,
    );
  if (!ApiError.isInstance(error)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('which way a Blob goes', () => {
  it('goes with XMLHttpRequest only where it exists and the client has no fetch of its own', () => {
    expect(chooseBlobSender({ xhr: true, ownFetch: false })).toBe('xhr');
    expect(chooseBlobSender({ xhr: true, ownFetch: true })).toBe('fetch');
    expect(chooseBlobSender({ xhr: false, ownFetch: false })).toBe('fetch');
    expect(chooseBlobSender({ xhr: false, ownFetch: true })).toBe('fetch');
  });

  it('finds no XMLHttpRequest in Node, so Node keeps fetch', () => {
    expect(supportsXhrUpload()).toBe(false);
  });

  it('knows whether the client options gave a fetch', () => {
    const plain = createRegistryCore({ baseUrl: 'http://127.0.0.1:9' });
    const own = createRegistryCore({
      baseUrl: 'http://127.0.0.1:9',
      fetch: (input, init) => fetch(input, init),
    });
    expect(plain.customFetch).toBe(false);
    expect(own.customFetch).toBe(true);
  });
});

describe("storage's answers, as the browser path reports them", () => {
  const cases = [
    { status: 403, body: '{"errors":["address expired"]}', kind: PermissionDeniedError },
    { status: 404, body: 'NoSuchUpload', kind: NotFoundError },
    { status: 410, body: '{"message":"gone"}', kind: ApiError },
    { status: 429, body: '{"errors":["slow down"]}', kind: RateLimitError, headers: { 'retry-after': '3' } },
    { status: 500, body: 'internal failure', kind: ServerError },
    { status: 503, body: '', kind: ServiceUnavailableError },
  ] as const;

  for (const { status, body, kind, ...rest } of cases) {
    it(`maps ${status} to ${kind.kind}, like the fetch path, with the address redacted`, async () => {
      const headers = { 'x-request-id': `req-${status}`, ...('headers' in rest ? rest.headers : {}) };
      const server = await storage(status, body, headers);
      const url = `${server.url}/bucket/box?X-Signature=s1&access_token=secret-token-value`;
      const seen = await xhrView(url);
      const error = storageError(seen.status, seen.headers, seen.body, url);
      const expected = await fetchPathError(url);

      expect(kind.isInstance(error)).toBe(true);
      expect(error.name).toBe(expected.name);
      expect(error.status).toBe(status);
      expect(error.method).toBe('PUT');
      expect(error.url).toBe(expected.url);
      expect(error.url).not.toContain('secret-token-value');
      expect(error.message).not.toContain('secret-token-value');
      expect(error.errors).toEqual(expected.errors);
      expect(error.body).toBe(expected.body);
      expect(error.requestId).toBe(`req-${status}`);
      expect(error.retryAfterMs).toBe(expected.retryAfterMs);
      expect(error.message).toBe(expected.message);
    });
  }

  it('turns a refused address into the UploadAddressError that starts a new attempt', async () => {
    const server = await storage(403, '{"errors":["address expired"]}');
    const url = `${server.url}/bucket/box`;
    const seen = await xhrView(url);
    const refused = toAddressError(storageError(seen.status, seen.headers, seen.body, url));
    expect(UploadAddressError.isInstance(refused)).toBe(true);
    expect(refused.status).toBe(403);
    expect(refused.message).toContain('address expired');
  });

  it('gives the metadata of a 2xx answer, request id included', async () => {
    const server = await storage(200, '', { 'x-request-id': 'stored-1', etag: '"abc"' });
    const seen = await xhrView(`${server.url}/bucket/box`);
    const meta = storageMeta(seen.status, seen.headers);
    expect(meta.status).toBe(200);
    expect(meta.requestId).toBe('stored-1');
    expect(meta.headers.etag).toBe('"abc"');
    expect(meta.warnings).toEqual([]);
  });

  it('reads a header block with mixed case, repeated names and a blank end', () => {
    expect(parseHeaderBlock('X-Request-Id: r1\r\nVary: a\r\nvary: b\r\n\r\n')).toEqual({
      'x-request-id': 'r1',
      vary: 'a, b',
    });
    expect(parseHeaderBlock('')).toEqual({});
  });
});

describe('an answer from another origin', () => {
  const uploadPath = 'https://storage.example/bucket/box?X-Signature=s1';

  it('fails the upload, naming the redacted address the box went to', () => {
    const error = crossOriginAnswer(
      uploadPath,
      'https://other.example/elsewhere?access_token=secret-token-value',
    );
    expect(InfraSdkError.isInstance(error)).toBe(true);
    expect(error?.message).toContain('https://other.example/elsewhere');
    expect(error?.message).toContain('the browser sent the box there');
    expect(error?.message).not.toContain('secret-token-value');
    // Another scheme or port is another origin too.
    expect(crossOriginAnswer(uploadPath, 'http://storage.example/bucket/box')).toBeDefined();
    expect(crossOriginAnswer(uploadPath, 'https://storage.example:8443/bucket/box')).toBeDefined();
  });

  it('lets an answer from the same origin through, and one whose address the runtime does not give', () => {
    expect(crossOriginAnswer(uploadPath, 'https://storage.example/bucket/box-final')).toBeUndefined();
    expect(crossOriginAnswer(uploadPath, uploadPath)).toBeUndefined();
    expect(crossOriginAnswer(uploadPath, '')).toBeUndefined();
  });
});
