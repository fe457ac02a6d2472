// The options every scheduler operation takes beyond core's, and the query parameters they become: the
// region (and namespace) of a call, falling back to the client's.
import {
  type KeySets,
  type OwnOptionKeys,
  type Query,
  type RequestOptions,
  requestOptionKeys,
} from '@infra-sdk/core';
import type { SchedulerCore } from './core.js';

/**
 * Options every scheduler call takes: core's per-call options plus the region and pretty-printing. The
 * options of every call extend these and are checked against their type at run time: a key the type
 * does not have is refused before anything is sent, with a `RequestValidationError` naming the nearest
 * option (`schedulerOptionKeys` lists each type's keys).
 *
 * Every call can also fail with a `TimeoutError` (no answer within its `timeout` or `totalTimeout`), a
 * `ConnectionError` (the connection failed or broke) or an `AbortError` (its `signal` aborted; a watch or
 * a stream ends quietly instead); an iteration, a watch or a stream fails so from the iteration. The
 * operations' `@throws` leave these out (the README's "Errors"); a watch retries the first two, and its
 * `@throws` say when it gives up.
 */
export interface CallOptions extends RequestOptions {
  /** Forward the call to this region instead of the client's. */
  readonly region?: string | undefined;
  /** Ask for indented JSON (`pretty`); only useful when reading raw bodies. */
  readonly pretty?: boolean | undefined;
}

/** Options of calls on namespaced objects. */
export interface NamespaceOptions extends CallOptions {
  /** Namespace of the call instead of the client's; `*` on list endpoints means all the token may see. */
  readonly namespace?: string | undefined;
}

/** The keys of `CallOptions`: core's per-call options, the region and pretty-printing. */
export const callOptionKeys: KeySets = [
  requestOptionKeys,
  { region: 1, pretty: 1 } as const satisfies OwnOptionKeys<CallOptions, RequestOptions>,
];

/** The keys of `NamespaceOptions`. */
export const namespaceOptionKeys: KeySets = [
  callOptionKeys,
  { namespace: 1 } as const satisfies OwnOptionKeys<NamespaceOptions, CallOptions>,
];

/** The region and pretty flag of a call, falling back to the client's region. */
export function regionQuery(core: SchedulerCore, options: CallOptions | undefined): Query {
  return {
    region: options?.region ?? core.region,
    pretty: options?.pretty,
  };
}

/** Region, namespace and pretty flag of a call on namespaced objects. */
export function namespaceQuery(core: SchedulerCore, options: NamespaceOptions | undefined): Query {
  return {
    ...regionQuery(core, options),
    namespace: options?.namespace ?? core.namespace,
  };
}
