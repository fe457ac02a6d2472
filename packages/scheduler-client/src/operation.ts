// How every typed operation reaches the transport: the request is described (and its input checked)
// first, and only then sent, so a rejected input never produces a request.
import {
  ApiPromise,
  type Query,
  type RequestOptions,
  type RequestSpec,
  type ResponseMeta,
} from '@infra-sdk/core';
import type { SchedulerCore } from './client.js';
import { parseExactJson } from './unix-nanos.js';

/** Options every scheduler call takes: core's per-call options plus the region and pretty-printing. */
export interface CallOptions extends RequestOptions {
  /** Forward the call to this region instead of the client's. */
  readonly region?: string;
  /** Ask for indented JSON (`pretty`); only useful when reading raw bodies. */
  readonly pretty?: boolean;
}

/** Options of calls on namespaced objects. */
export interface NamespaceOptions extends CallOptions {
  /** Namespace of the call instead of the client's; `*` on list endpoints means all the token may see. */
  readonly namespace?: string;
}

/** Sends the request that `describe` builds (Unix-nanosecond times parsed exactly); a validation failure rejects before anything is sent. */
export function send<T, M extends ResponseMeta = ResponseMeta>(
  core: SchedulerCore,
  options: RequestOptions | undefined,
  describe: () => RequestSpec<T, M> | Promise<RequestSpec<T, M>>,
): ApiPromise<T, M> {
  return new ApiPromise(
    (async () =>
      core.transport.request({ parseJson: parseExactJson, ...(await describe()) }, options).withMeta())(),
  );
}

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
