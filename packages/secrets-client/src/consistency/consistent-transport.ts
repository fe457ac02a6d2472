// Read-your-writes on the one path every call takes: the transport of the client's core, wrapped so
// that each write's consistency index is kept, each read carries the newest, and a 412 answer to a
// request that carried one is asked again after a back-off on the client's clock.
import {
  ApiError,
  ApiPromise,
  type ApiResult,
  backoffDelay,
  type Clock,
  mergeHeaders,
  type RequestOptions,
  type RequestSpec,
  type ResponseMeta,
  type Transport,
} from '@infra-sdk/core';
import { InconsistentReadError } from './inconsistent-read-error.js';
import { INCONSISTENT_HEADER, INDEX_HEADER, mergeIndexStates } from './index-states.js';
import type { ReadYourWrites } from './read-your-writes.js';

const READS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'LIST']);
const INDEX_KEY = INDEX_HEADER.toLowerCase();

/** `meta` with the attempts and duration of the whole call, its retries after 412 included. */
function withTotals<M extends ResponseMeta>(meta: M, attempts: number, durationMs: number): M {
  // Copied by descriptors, so `headers` (and the envelope's lazy fields) stay read when asked.
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(meta));
  return Object.defineProperties(copy, {
    attempts: { value: attempts, enumerable: true },
    durationMs: { value: durationMs, enumerable: true },
  }) as M;
}

/** `transport` keeping and sending consistency indexes by `settings`; `clock` times the back-off. */
export function consistentTransport(transport: Transport, settings: ReadYourWrites, clock: Clock): Transport {
  let kept: readonly string[] = [];
  const backoff = { initialMs: settings.backoffMs, maxMs: settings.maxBackoffMs };

  async function send<T, M extends ResponseMeta>(
    spec: RequestSpec<T, M>,
    options: RequestOptions & { readonly consistencyIndex?: string | undefined } = {},
  ): Promise<ApiResult<T, M>> {
    const read = READS.has(spec.method.toUpperCase());
    const own = options.consistencyIndex;
    const states = read && settings.remember ? kept : [];
    const index = (own === undefined ? states : mergeIndexStates(states, own)).join(', ');
    const call: RequestOptions = index
      ? {
          ...options,
          headers: mergeHeaders(
            { [INDEX_HEADER]: index },
            settings.whenBehind === 'forward' ? { [INCONSISTENT_HEADER]: 'forward-active-node' } : undefined,
            options.headers,
          ),
        }
      : options;
    const started = clock.now();
    for (let refused = 0; ; ) {
      try {
        const result = await transport.send(spec, call);
        // A write's answer carries the index of the state after it.
        const written = !read && settings.remember && result.meta.headers[INDEX_KEY];
        if (written) kept = mergeIndexStates(kept, written);
        if (refused === 0) return result;
        const meta = withTotals(result.meta, refused + result.meta.attempts, clock.now() - started);
        return { data: result.data, meta };
      } catch (error) {
        // Only a request that named an index can be refused for not reaching it.
        if (!index || !ApiError.isInstance(error) || error.status !== 412) throw error;
        refused += 1;
        if (settings.whenBehind === 'fail' || refused > settings.retries) {
          const elapsedMs = clock.now() - started;
          throw new InconsistentReadError({ ...error, index, attempts: refused, elapsedMs });
        }
        await clock.sleep(backoffDelay(refused - 1, backoff), options.signal);
      }
    }
  }

  return {
    ...transport,
    send,
    request: (spec, options) => new ApiPromise(send(spec, options)),
  };
}
