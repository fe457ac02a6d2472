// The storage PUT of a stream: the source is read chunk by chunk, counted and checksummed on the way,
// and handed to fetch one chunk per read, so the client knows at any moment how much fetch took and
// whether the source reached its end. An answer that comes before all of it went out is no success.
import { InfraSdkError, RedirectError, type ResponseMeta, redactUrl, TimeoutError } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { type IdleWatch, watchIdle } from '../transfers/idle-watch.js';
import { TRANSFER_TOTAL_LIMIT } from '../transfers/limits.js';
import { createMeter } from '../transfers/meter.js';
import { EarlyStorageAnswerError } from './early-answer-error.js';
import type { StorageAttempt } from './storage-attempt.js';
import { discardAnswer, putToStorage } from './storage-put.js';
import { sizeMismatch, sourceFailed } from './upload-errors.js';
import type { OpenableSource } from './upload-source.js';

/** What was handed to fetch so far. */
interface HandedOut {
  bytes: number;
  /** Whether fetch read the end of the body. */
  ended: boolean;
}

/** Streams the source to `uploadPath`; resolves once storage answered 2xx after the whole body went out. */
export async function sendStream(
  core: RegistryCore,
  uploadPath: string,
  source: OpenableSource,
  settings: StorageAttempt,
): Promise<{ bytes: number; meta: ResponseMeta }> {
  const { attempt, checksum, idleTimeout, onProgress, signal: callerSignal, tally } = settings;
  const idle = new AbortController();
  const signal = callerSignal ? AbortSignal.any([callerSignal, idle.signal]) : idle.signal;
  const handedOut: HandedOut = { bytes: 0, ended: false };
  let watch: IdleWatch | undefined;
  const report = (loaded: number) => {
    tally.bytes = loaded;
    watch?.moved();
    onProgress?.({ direction: 'upload', loaded, total: source.size, attempt });
  };
  // Set when the source breaks its declared size; it explains the failed request better than fetch can.
  let failure: Error | undefined;
  const meter = createMeter({
    checksum,
    limit: source.size,
    onEnd: (loaded) => {
      if (source.size !== undefined && loaded !== source.size) {
        failure = sizeMismatch(source.size, loaded, true);
        throw failure;
      }
    },
    onOverflow: (limit) => {
      failure = sizeMismatch(limit, limit, false);
      return failure;
    },
  });
  report(0);
  let body: { stream: ReadableStream<Uint8Array>; stop: (reason: Error) => void } | undefined;
  try {
    const opened = await source.open();
    // A source may fail while it is read (a stream you pass in, a file that changed); fetch would only
    // say the service could not be reached.
    const read = watchSource(opened, (error) => {
      failure = sourceFailed(error, handedOut.bytes);
      return failure;
    });
    body = handOut(read.pipeThrough(meter), handedOut, report);
    // The idle limit runs from the PUT on, where fetch reads the source: a test clock waits for requests
    // in flight, not for a source being opened, so it never moves past the limit while a file opens.
    watch = watchIdle(core.clock, idleTimeout, () => idle.abort());
    const answer = await putToStorage(core, {
      uploadPath,
      body: body.stream,
      size: source.size,
      contentType: settings.contentType,
      signal,
      timeout: TRANSFER_TOTAL_LIMIT,
    });
    // What fetch had taken when the answer came, before anything else can happen on the connection.
    const sent = handedOut.bytes;
    const complete = source.size === undefined ? handedOut.ended : sent === source.size;
    await discardAnswer(answer.data);
    if (!complete) {
      const early = new EarlyStorageAnswerError({
        status: answer.meta.status,
        sent,
        size: source.size,
        url: redactUrl(uploadPath),
      });
      // fetch may still be sending the rest; nothing more goes.
      body.stop(early);
      throw early;
    }
    return { bytes: sent, meta: answer.meta };
  } catch (error) {
    if (failure !== undefined) throw failure;
    if (idle.signal.aborted && !callerSignal?.aborted) {
      throw new TimeoutError(idleTimeout, `the upload made no progress after ${handedOut.bytes} bytes`, {
        method: 'PUT',
        url: redactUrl(uploadPath),
      });
    }
    if (RedirectError.isInstance(error) && error.problem === 'body') {
      throw new InfraSdkError(
        `Storage answered the upload to ${redactUrl(uploadPath)} with a redirect, which a streamed upload cannot follow; ` +
          'the box was not stored. Upload to the final address, or send a Blob or bytes with streamBody: false',
        { cause: error },
      );
    }
    throw error;
  } finally {
    watch?.stop();
  }
}

/** Passes a stream on chunk by chunk; a failure to read it becomes the error `onError` returns. */
function watchSource(
  stream: ReadableStream<Uint8Array>,
  onError: (error: unknown) => Error,
): ReadableStream<Uint8Array> {
  const reader = stream.getReader();
  // Once the request gave up on the body (an abort, an early answer), a read still under way settles
  // into a stream that is already cancelled: that is no failure of the source.
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let next: ReadableStreamReadResult<Uint8Array>;
        try {
          next = await reader.read();
        } catch (error) {
          if (!cancelled) controller.error(onError(error));
          return;
        }
        if (cancelled) return;
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      cancel: (reason) => {
        cancelled = true;
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * The body fetch reads: one chunk per read and nothing queued ahead, so `handedOut` is what fetch took
 * (the meter before it may read ahead). `stop` ends it from outside, once an answer made it pointless.
 */
function handOut(
  metered: ReadableStream<Uint8Array>,
  handedOut: HandedOut,
  report: (loaded: number) => void,
): { stream: ReadableStream<Uint8Array>; stop: (reason: Error) => void } {
  const reader = metered.getReader();
  let stopped = false;
  let control: ReadableStreamDefaultController<Uint8Array> | undefined;
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        control = controller;
      },
      async pull(controller) {
        const next = await reader.read();
        if (stopped) return;
        if (next.done) {
          handedOut.ended = true;
          controller.close();
          return;
        }
        handedOut.bytes += next.value.byteLength;
        controller.enqueue(next.value);
        report(handedOut.bytes);
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
  const stop = (reason: Error) => {
    if (stopped) return;
    stopped = true;
    try {
      control?.error(reason);
    } catch {
      // Already closed or errored: fetch has let go of it.
    }
    reader.cancel(reason).catch(() => undefined);
  };
  return { stream, stop };
}
