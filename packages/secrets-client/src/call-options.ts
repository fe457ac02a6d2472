// Per-call options shared by every operation, on top of core's RequestOptions. Options a caller may fill
// from the environment take `undefined` as "not given", under exactOptionalPropertyTypes too. Each type
// has its key set beside it (`satisfies` keeps the two equal), which its operations check a call's
// options against before anything is sent.
import { type KeySets, type OwnOptionKeys, type RequestOptions, requestOptionKeys } from '@infra-sdk/core';

/** How lists are requested: the `LIST` verb, or `GET` with `?list=true` (for proxies and browsers that refuse unknown verbs). */
export type ListMethod = 'LIST' | 'GET';

/**
 * Options every operation takes last.
 *
 * Every call can fail with a `TimeoutError` (a time limit passed), a `ConnectionError` (the connection
 * failed or broke) or an `AbortError` (`signal` aborted); the operations' `@throws` leave these out
 * (the README's "Errors") and name only the errors of their own.
 */
export interface SecretsRequestOptions extends RequestOptions {
  /** Namespace of this call: a path selects it, `null` sends none (the root namespace), omitted uses the client's. */
  readonly namespace?: string | null | undefined;
  /**
   * A consistency index this call waits for (`meta.consistencyIndex` of a write, perhaps another
   * client's or process's): sent as `X-Secrets-Index`, with the client's own under `readYourWrites`;
   * a node that has not reached it answers 412, which is asked again as `readYourWrites` says.
   */
  readonly consistencyIndex?: string | undefined;
}

/** The keys `SecretsRequestOptions` adds to core's `RequestOptions`. */
export const secretsRequestOwnKeys = {
  namespace: 1,
  consistencyIndex: 1,
} as const satisfies OwnOptionKeys<SecretsRequestOptions, RequestOptions>;

/** The keys of `SecretsRequestOptions`. */
export const secretsRequestOptionKeys: KeySets = [requestOptionKeys, secretsRequestOwnKeys];

/** Options of an operation on an engine, which may be mounted at any path. */
export interface EngineRequestOptions extends SecretsRequestOptions {
  /**
   * Mount path of the engine for this call (`gcp`, `team-a/db`); default: the client's for the engine
   * (`cloudMount`, `databaseMount`, `kvMount`).
   */
  readonly mount?: string | undefined;
}

/** The keys of `EngineRequestOptions`. */
export const engineRequestOptionKeys: KeySets = [
  secretsRequestOptionKeys,
  { mount: 1 } as const satisfies OwnOptionKeys<EngineRequestOptions, SecretsRequestOptions>,
];

/** Options of a listing. */
export interface ListRequestOptions extends SecretsRequestOptions {
  /** `LIST` verb or `GET ?list=true` for this call; default: the client's `listMethod`. */
  readonly listMethod?: ListMethod | undefined;
}

const listOwnKeys = { listMethod: 1 } as const satisfies OwnOptionKeys<
  ListRequestOptions,
  SecretsRequestOptions
>;

/** The keys of `ListRequestOptions`. */
export const listRequestOptionKeys: KeySets = [secretsRequestOptionKeys, listOwnKeys];

/** Options of a listing on an engine. */
export interface EngineListOptions extends EngineRequestOptions, ListRequestOptions {}

/** The keys of `EngineListOptions`. */
export const engineListOptionKeys: KeySets = [
  engineRequestOptionKeys,
  listOwnKeys satisfies OwnOptionKeys<EngineListOptions, EngineRequestOptions>,
];
