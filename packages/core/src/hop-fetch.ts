// The fetch every hop of an attempt goes through (`followRedirects` sends each one). fetch reports a
// network failure as a TypeError, whatever its message; anything else it throws is something else. So
// the failure is named here, where it is known for sure, as ky's NetworkError, which ky retries and the
// transport reports as a ConnectionError; ky's own guess from the message would miss other runtimes'.
//
// A hop also ends when its signal aborts, whether or not the fetch hears of it. Node's fetch hears of an
// abort only through the request object it was given, and a request made from another holds its parent's
// abort weakly: a fetch that hands on a copy (`new Request(url, request)`, as a routing or logging fetch
// does) leaves the copy, which nothing else holds, to the garbage collector, and with it the abort. A
// blocking read then waits out its minutes.
import { NetworkError } from 'ky';

/** `custom` (or the global fetch, looked up at each call), with its TypeErrors as ky's NetworkError. */
export function hopFetch(custom: typeof fetch | undefined): typeof fetch {
  return async (input, init) => {
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    const answer = (custom ?? globalThis.fetch)(input, init);
    let onAbort = () => {};
    try {
      return await Promise.race([
        answer,
        // Rejects as fetch itself would; an answer that comes later has its body cancelled, so its
        // connection is let go.
        new Promise<never>((_, reject) => {
          onAbort = () => {
            reject(signal?.reason);
            answer.then((late) => late.body?.cancel()).catch(() => {});
          };
          if (signal?.aborted) onAbort();
          else signal?.addEventListener('abort', onAbort);
        }),
      ]);
    } catch (error) {
      if (error instanceof TypeError) {
        const request = input instanceof Request ? input : new Request(input, init);
        throw new NetworkError(request, { cause: error });
      }
      throw error;
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  };
}
