// Reads a whole body with the same guarantees as the streaming parser: a cap, abort, and the stream
// released whatever happens. The transport's attempt window is its time limit.
import { concatBytes } from './bytes.js';
import { AbortError, ConnectionError, ResponseValidationError } from './errors.js';

/** Limits on reading one body. */
export interface ReadBodyOptions {
  readonly maxBytes: number;
  readonly signal?: AbortSignal | undefined;
  /** Method and redacted URL for messages, worked out only when one is needed. */
  readonly where: () => { readonly method: string; readonly url: string };
}

/** Reads `body` to the end into one buffer, or fails with a core error. */
export async function readBody(
  body: ReadableStream<Uint8Array> | null,
  options: ReadBodyOptions,
): Promise<Uint8Array> {
  if (body === null) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let failure: Error | undefined;
  const fail = (error: Error) => {
    failure ??= error;
    reader.cancel(error).catch(() => {});
  };
  const onAbort = () => fail(new AbortError('The request was aborted while its response was read'));
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    if (options.signal?.aborted) onAbort();
    while (failure === undefined) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > options.maxBytes) {
        fail(
          new ResponseValidationError(
            'too-large',
            `The response body is larger than the ${options.maxBytes}-byte limit`,
            options.where(),
          ),
        );
        break;
      }
      chunks.push(value);
    }
  } catch (error) {
    failure ??= new ConnectionError('the connection broke while the response was read', {
      ...options.where(),
      cause: error,
    });
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    reader.releaseLock();
  }
  if (failure) throw failure;
  return concatBytes(chunks, size);
}
