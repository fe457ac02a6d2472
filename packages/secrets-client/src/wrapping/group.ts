// The `wrapping` group of the client, and the client whose every answer comes back wrapped.
import type { ApiPromise } from '@infra-sdk/core';
import type { SecretsRequestOptions } from '../call-options.js';
import type { CloudGroup } from '../cloud/group.js';
import type { SecretsCore } from '../core.js';
import type { DatabaseGroup } from '../database/group.js';
import type { SecretsMeta } from '../envelope.js';
import type { KvGroup } from '../kv/group.js';
import type { LeasesGroup } from '../leases/group.js';
import type { SyncGroup } from '../sync/group.js';
import type { TokenGroup } from '../token/group.js';
import type { WrappingTokenInfo } from './types.generated.js';
import { lookupWrappingToken, type UnwrapOptions, unwrap } from './unwrap.js';
import type { WrapInfo } from './wrap-info.js';

/** `client.wrapping`: unwrapping and looking up wrapping tokens (`sys/wrapping`). */
export interface WrappingGroup {
  /** {@inheritDoc unwrap} */
  unwrap<T>(wrapped: WrapInfo<T>, options?: SecretsRequestOptions): ApiPromise<T, SecretsMeta>;
  /** {@inheritDoc unwrap} */
  unwrap<T = unknown>(token?: string, options?: UnwrapOptions<T>): ApiPromise<T, SecretsMeta>;
  /** {@inheritDoc lookupWrappingToken} */
  lookup(
    wrapped: WrapInfo | string,
    options?: SecretsRequestOptions,
  ): ApiPromise<WrappingTokenInfo, SecretsMeta>;
}

/** Builds `client.wrapping`. */
export function wrappingGroup(core: SecretsCore): WrappingGroup {
  return {
    unwrap: (wrapped?: WrapInfo | string, options?: UnwrapOptions<unknown>) =>
      unwrap(core, wrapped as string | undefined, options),
    lookup: (wrapped, options) => lookupWrappingToken(core, wrapped, options),
  };
}

/**
 * A group of the client whose every call answers with wrap information instead of its payload: each
 * method takes what it always takes, and resolves to `WrapInfo` of what it would have resolved to.
 * Members that are not calls of the service (keepers, waits, help) are left out.
 */
export type Wrapped<G> = {
  readonly [K in keyof G as K extends 'help'
    ? never
    : G[K] extends (...args: never[]) => ApiPromise<unknown, SecretsMeta>
      ? K
      : G[K] extends (...args: never[]) => unknown
        ? never
        : K]: G[K] extends (...args: infer A) => ApiPromise<infer T, SecretsMeta>
    ? (...args: A) => ApiPromise<WrapInfo<T>, SecretsMeta>
    : Wrapped<G[K]>;
};

/** The client as `client.wrapped(ttl)` returns it: every call's answer wrapped for that TTL. */
export interface WrappedSecretsClient {
  /** The cloud-credentials engine, answers wrapped. */
  readonly cloud: Wrapped<CloudGroup>;
  /** The database engine, answers wrapped. */
  readonly database: Wrapped<DatabaseGroup>;
  /** The versioned key-value engine, answers wrapped. */
  readonly kv: Wrapped<KvGroup>;
  /** Secret sync, answers wrapped. */
  readonly sync: Wrapped<SyncGroup>;
  /** Lease renewal and revocation, answers wrapped. */
  readonly leases: Wrapped<LeasesGroup>;
  /** The client's token, answers wrapped. */
  readonly token: Wrapped<TokenGroup>;
}
