// PUT {upload_path}: the asset goes to storage with neither the token nor the client's default headers.
import { InfraSdkError, RedirectError, type ResponseMeta, redactUrl, TimeoutError } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import type { Checksum } from '../hashing/checksum.js';
import { TRANSFER_TOTAL_LIMIT } from '../transfers/limits.js';
import { createMeter } from '../transfers/meter.js';
import { chooseBlobSender } from './choose-body.js';
import { hasOwnFetch } from './storage-fetch.js';
import { sizeMismatch, sourceFailed } from './upload-errors.js';
import type { UploadOptions } from './upload-options.js';
import type { OpenableSource } from './upload-source.js';
import { supportsXhrUpload, xhrPut } from './xhr-put.js';

/** One attempt at putting the asset to storage. */
export interface StorageAttempt {
  readonly attempt: number;
  readonly checksum: Checksum | undefined;
  readonly idleTimeout: number;
  readonly contentType: string;
  /** Send a stream (true) or a Blob (false). */
  readonly stream: boolean;
  readonly options: UploadOptions;
}

/** Sends the source to `uploadPath`; resolves with the bytes sent once storage answered 2xx. */
export async function sendToStorage(
  core: RegistryCore,
  uploadPath: string,
  source: OpenableSource,
  attempt: StorageAttempt,
): Promise<{ bytes: number; meta: ResponseMeta }> {
  return attempt.stream
    ? sendStream(core, uploadPath, source, attempt)
    : sendBlob(core, uploadPath, source, attempt);
}

function put(
  core: RegistryCore,
  uploadPath: string,
  body: BodyInit,
  size: number | undefined,
  { contentType }: StorageAttempt,
  signal: AbortSignal | undefined,
  timeout: number,
): Promise<{ meta: ResponseMeta }> {
  return core.storage
    .request(
      {
        method: 'PUT',
        path: '',
        url: uploadPath,
        rawBody: body,
        headers: {
          'content-type': contentType,
          ...(size === undefined ? {} : { 'content-length': String(size) }),
        },
        responseType: 'text',
      },
      // A large asset may take longer than a call is normally allowed; the idle guard bounds a stall.
      { ...(signal ? { signal } : {}), timeout, totalTimeout: TRANSFER_TOTAL_LIMIT, retry: false },
    )
    .withMeta();
}

/** Streams the source chunk by chunk, counting and checksumming; no progress for `idleTimeout` fails it. */
async function sendStream(
  core: RegistryCore,
  uploadPath: string,
  source: OpenableSource,
  settings: StorageAttempt,
): Promise<{ bytes: number; meta: ResponseMeta }> {
  const { attempt, checksum, idleTimeout, options } = settings;
  const idle = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, idle.signal]) : idle.signal;
  // One timer for the whole upload, moved on lazily: re-arming it for every chunk costs throughput.
  let lastProgress = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const watch = (wait: number) => {
    timer = setTimeout(() => {
      const quiet = Date.now() - lastProgress;
      if (quiet >= idleTimeout) idle.abort();
      else watch(idleTimeout - quiet);
    }, wait);
  };
  let bytes = 0;
  // Set when the source breaks its declared size; it explains the failed request better than fetch can.
  let failure: Error | undefined;
  const meter = createMeter({
    checksum,
    limit: source.size,
    onBytes: (loaded) => {
      bytes = loaded;
      lastProgress = Date.now();
      options.onProgress?.({ direction: 'upload', loaded, total: source.size, attempt });
    },
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
  watch(idleTimeout);
  try {
    const opened = await source.open();
    // A source may fail while it is read (a stream you pass in, a file that changed); fetch would only
    // say the service could not be reached.
    const stream = watchSource(opened, (error) => {
      failure = sourceFailed(error, bytes);
      return failure;
    });
    const { meta } = await put(
      core,
      uploadPath,
      stream.pipeThrough(meter),
      source.size,
      settings,
      signal,
      TRANSFER_TOTAL_LIMIT,
    );
    return { bytes, meta };
  } catch (error) {
    if (failure !== undefined) throw failure;
    if (idle.signal.aborted && !options.signal?.aborted) {
      throw new TimeoutError(idleTimeout, `the upload made no progress after ${bytes} bytes`, {
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
    clearTimeout(timer);
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
 * Sends the source as a Blob, for runtimes that cannot stream it; the checksum takes a first read. In a
 * browser the Blob goes with XMLHttpRequest, whose upload events move progress (and the idle limit) as the
 * bytes go; through fetch, progress is reported at the start and the end.
 */
async function sendBlob(
  core: RegistryCore,
  uploadPath: string,
  source: OpenableSource,
  settings: StorageAttempt,
): Promise<{ bytes: number; meta: ResponseMeta }> {
  const { attempt, checksum, options } = settings;
  // uploadBox only comes here with a source that has a Blob form.
  const blob = source.blob() ?? new Blob([]);
  let reported = -1;
  const progress = (loaded: number) => {
    // Each count once, in increasing order, whichever way the Blob goes.
    if (loaded <= reported) return;
    reported = loaded;
    options.onProgress?.({ direction: 'upload', loaded, total: blob.size, attempt });
  };
  progress(0);
  if (checksum) {
    // A reader, not `for await`: Safari, one of the runtimes this path is for, cannot iterate streams.
    const reader = blob.stream().pipeThrough(createMeter({ checksum })).getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      // The bytes are read, not yet sent: progress waits for the upload.
    }
  }
  const totalTimeout = options.timeout ?? TRANSFER_TOTAL_LIMIT;
  const sender = chooseBlobSender({ xhr: supportsXhrUpload(), ownFetch: hasOwnFetch(core.storage) });
  const { meta } =
    sender === 'xhr'
      ? await xhrPut({
          uploadPath,
          blob,
          contentType: settings.contentType,
          idleTimeout: settings.idleTimeout,
          totalTimeout,
          signal: options.signal,
          onBytes: progress,
        })
      : await put(core, uploadPath, blob, undefined, settings, options.signal, totalTimeout);
  progress(blob.size);
  return { bytes: blob.size, meta };
}
