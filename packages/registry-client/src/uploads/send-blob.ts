// The storage PUT of a Blob sent whole, for runtimes that cannot stream a request body. In a browser the
// Blob goes with XMLHttpRequest, whose upload events move progress (and the idle limit) as the bytes go
// and tell whether the body was all out when storage answered; through fetch, progress is reported at
// the start and the end.
import type { ResponseMeta } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { TRANSFER_TOTAL_LIMIT } from '../transfers/limits.js';
import { createMeter } from '../transfers/meter.js';
import { chooseBlobSender } from './choose-body.js';
import type { StorageAttempt } from './storage-attempt.js';
import { discardAnswer, putToStorage } from './storage-put.js';
import type { OpenableSource } from './upload-source.js';
import { supportsXhrUpload, xhrPut } from './xhr-put.js';

/** Sends the source as one Blob; the checksum takes a first read. */
export async function sendBlob(
  core: RegistryCore,
  uploadPath: string,
  source: OpenableSource,
  settings: StorageAttempt,
): Promise<{ bytes: number; meta: ResponseMeta }> {
  const { attempt, checksum, onProgress, signal, tally } = settings;
  // uploadBox only comes here with a source that has a Blob form.
  const blob = source.blob() ?? new Blob([]);
  let reported = -1;
  const progress = (loaded: number) => {
    // Each count once, in increasing order, whichever way the Blob goes.
    if (loaded <= reported) return;
    reported = loaded;
    tally.bytes = loaded;
    onProgress?.({ direction: 'upload', loaded, total: blob.size, attempt });
  };
  progress(0);
  if (checksum) {
    // A reader, not `for await`: Safari, one of the runtimes this path is for, cannot iterate streams.
    const reader = blob.stream().pipeThrough(createMeter({ checksum })).getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      // The bytes are read, not yet sent: progress waits for the upload.
    }
  }
  const totalTimeout = settings.timeout ?? TRANSFER_TOTAL_LIMIT;
  const sender = chooseBlobSender({ xhr: supportsXhrUpload(), ownFetch: core.customFetch });
  let meta: ResponseMeta;
  if (sender === 'xhr') {
    ({ meta } = await xhrPut({
      uploadPath,
      blob,
      contentType: settings.contentType,
      idleTimeout: settings.idleTimeout,
      clock: core.clock,
      totalTimeout,
      signal,
      onBytes: progress,
    }));
  } else {
    // fetch says nothing of how much of a Blob went out before the answer: it is taken as all of it.
    const answer = await putToStorage(core, {
      uploadPath,
      body: blob,
      size: undefined,
      contentType: settings.contentType,
      signal,
      timeout: totalTimeout,
    });
    await discardAnswer(answer.data);
    meta = answer.meta;
  }
  progress(blob.size);
  return { bytes: blob.size, meta };
}
