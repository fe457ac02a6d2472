// The fetch every hop of an attempt goes through (`followRedirects` sends each one). fetch reports a
// network failure as a TypeError, whatever its message; anything else it throws is something else. So
// the failure is named here, where it is known for sure, as ky's NetworkError, which ky retries and the
// transport reports as a ConnectionError; ky's own guess from the message would miss other runtimes'.
import { NetworkError } from 'ky';

/** `custom` (or the global fetch, looked up at each call), with its TypeErrors as ky's NetworkError. */
export function hopFetch(custom: typeof fetch | undefined): typeof fetch {
  return async (input, init) => {
    try {
      return await (custom ?? globalThis.fetch)(input, init);
    } catch (error) {
      if (error instanceof TypeError) {
        const request = input instanceof Request ? input : new Request(input, init);
        throw new NetworkError(request, { cause: error });
      }
      throw error;
    }
  };
}
