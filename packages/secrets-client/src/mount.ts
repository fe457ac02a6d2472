// Engines may be mounted at any path: each call may name its own mount, checked like the client's.
import { encodeMount } from '@infra-sdk/core';
import type { EngineRequestOptions } from './call-options.js';

/** The checked mount of an engine call: the call's `mount` option or the client's. */
export function mountOf(fallback: string, options: EngineRequestOptions | undefined): string {
  return options?.mount === undefined ? fallback : encodeMount(options.mount, 'mount');
}
