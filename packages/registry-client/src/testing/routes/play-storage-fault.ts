// Plays a storage fault on a PUT to an upload address, reading as much of the body as the fault says.
import { Readable } from 'node:stream';
import type { TestRequest, TestResponse } from '@infra-sdk/core/testing';
import type { UploadRecord } from '../records.js';
import { sendError } from '../reply.js';
import type { StorageFault } from '../storage-faults.js';

/** What a fault does to the upload once played: `early-answer` keeps the bytes it read. */
export type KeepPartial = (upload: UploadRecord, bytes: Uint8Array) => Promise<void>;

/** Answers (or cuts) the PUT as `fault` says. */
export async function playStorageFault(
  fault: StorageFault,
  upload: UploadRecord,
  req: TestRequest,
  res: TestResponse,
  keepPartial: KeepPartial,
): Promise<void> {
  const body = req.stream ?? Readable.from([]);
  switch (fault.kind) {
    case 'status': {
      if (fault.afterBytes === undefined) await drain(body);
      else await readFirst(body, fault.afterBytes);
      const retryAfter = fault.retryAfter === undefined ? {} : { 'retry-after': String(fault.retryAfter) };
      sendError(res, fault.status ?? 503, 'storage failed the upload (an injected fault)', retryAfter);
      return;
    }
    case 'reset':
      await readFirst(body, fault.afterBytes ?? 0);
      res.destroy();
      return;
    case 'early-answer': {
      const partial = await readFirst(body, fault.afterBytes);
      await keepPartial(upload, partial);
      // The rest of the body is dropped with the connection, once the answer is out.
      res.raw.once('finish', () => res.raw.destroy());
      res.empty(fault.status ?? 200);
      return;
    }
  }
}

/** Reads the whole body and lets it go. */
async function drain(body: Readable): Promise<void> {
  for await (const _chunk of body) {
    // Nothing kept: the fault answers as if storage had failed after the body arrived.
  }
}

/** The first `bytes` bytes of the body (fewer if it ends sooner); the rest stays unread. */
function readFirst(body: Readable, bytes: number): Promise<Uint8Array> {
  if (bytes <= 0) return Promise.resolve(new Uint8Array(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let got = 0;
    const settle = (error?: unknown) => {
      body.off('data', onData).off('end', onEnd).off('error', onError);
      body.pause();
      if (error === undefined) resolve(new Uint8Array(Buffer.concat(chunks)));
      else reject(error);
    };
    const onData = (chunk: Buffer) => {
      const take = chunk.length > bytes - got ? chunk.subarray(0, bytes - got) : chunk;
      chunks.push(take);
      got += take.length;
      if (got >= bytes) settle();
    };
    const onEnd = () => settle();
    const onError = (error: unknown) => settle(error);
    body.on('data', onData).once('end', onEnd).once('error', onError);
  });
}
