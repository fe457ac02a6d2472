import { type DurationInput, type RequestOptions, toMilliseconds, type WatchOptions } from '@infra-sdk/core';
import type { Consistency } from './consistency.js';

/** Options of a watch: where to start, how long each blocking request waits, back-off, and per-request options. */
export interface MeshWatchOptions extends Omit<WatchOptions, 'waitMs'>, RequestOptions {
  /** Longest wait of each blocking request: milliseconds or duration text (`"5m"`). Default 5 minutes. */
  readonly wait?: DurationInput;
  /** Consistency mode of every request; default: the client's. */
  readonly consistency?: Consistency;
}

/** Per-request options of the reads a watch makes. */
export type WatchRequestOptions = Omit<RequestOptions, 'signal'> & { readonly consistency?: Consistency };

/** Splits watch options into core's watch options (wait checked and in ms) and the options of each request. */
export function splitWatchOptions(options: MeshWatchOptions): {
  readonly watch: WatchOptions;
  readonly request: WatchRequestOptions;
} {
  const { index, wait, signal, backoffMs, maxBackoffMs, maxFailures, ...request } = options;
  const watch: WatchOptions = {
    ...(wait === undefined ? {} : { waitMs: toMilliseconds(wait) }),
    ...(index === undefined ? {} : { index }),
    ...(signal === undefined ? {} : { signal }),
    ...(backoffMs === undefined ? {} : { backoffMs }),
    ...(maxBackoffMs === undefined ? {} : { maxBackoffMs }),
    ...(maxFailures === undefined ? {} : { maxFailures }),
  };
  return { watch, request };
}
