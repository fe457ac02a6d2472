// The grouped client: every method is a standalone operation bound to one core.
import { type ApiPromise, type RawRequest, type ResponseMeta, sendRawRequest } from '@infra-sdk/core';
import type { SecretsRequestOptions } from './call-options.js';
import { type CloudGroup, cloudGroup } from './cloud/group.js';
import { createSecretsCore, type SecretsClientOptions, type SecretsCore } from './core.js';
import { type DatabaseGroup, databaseGroup } from './database/group.js';
import type { DurationValue } from './duration.js';
import type { SecretsMeta } from './envelope.js';
import { type Help, readHelp } from './help.js';
import {
  type IssueCredentials,
  type KeepCredentialsOptions,
  keepCredentials,
} from './keeper/keep-credentials.js';
import type { CredentialKeeper } from './keeper/types.js';
import { type KvGroup, kvGroup } from './kv/group.js';
import { type LeasesGroup, leasesGroup } from './leases/group.js';
import { type SyncGroup, syncGroup } from './sync/group.js';
import { type TokenGroup, tokenGroup } from './token/group.js';
import { type WrappedSecretsClient, type WrappingGroup, wrappingGroup } from './wrapping/group.js';
import { wrappingCore } from './wrapping/wrap.js';

/** A client of the secrets service, as `createSecretsClient` returns it. */
export interface SecretsClient {
  /** The core the standalone operations take, for mixing both styles. */
  readonly core: SecretsCore;
  /** Sends a request the typed surface does not cover, with the same auth, retries and errors; the body is the whole envelope. */
  request<T = unknown>(raw: RawRequest<T>, options?: SecretsRequestOptions): ApiPromise<T, ResponseMeta>;
  /** Help text and OpenAPI document of any path (`/gcp/config`), from `?help=1`. */
  help(path: string, options?: SecretsRequestOptions): ApiPromise<Help, SecretsMeta>;
  /** The cloud-credentials engine (at `cloudMount`). */
  readonly cloud: CloudGroup;
  /** The database engine (at `databaseMount`). */
  readonly database: DatabaseGroup;
  /** The versioned key-value engine (at `kvMount`). */
  readonly kv: KvGroup;
  /** Secret sync (`sys/sync`). */
  readonly sync: SyncGroup;
  /** Renewal, revocation and keeping of leases (service-account keys, database credentials). */
  readonly leases: LeasesGroup;
  /** The client's own token: lookup, renewal, and a keeper for it (`auth/token`). */
  readonly token: TokenGroup;
  /** Unwrapping and lookup of wrapping tokens (`sys/wrapping`). */
  readonly wrapping: WrappingGroup;
  /**
   * The same client with every answer wrapped for `ttl` (`X-Secrets-Wrap-TTL`): each call resolves to the
   * wrap information of what it would have resolved to; `wrapping.unwrap` gives that back, typed.
   */
  wrapped(ttl: DurationValue): WrappedSecretsClient;
  /**
   * Keeps credentials alive with one object: `issue` makes them, the keeper renews them, issues new ones
   * before their maximum life and revokes the old ones ({@link keepCredentials}).
   */
  keep<T>(issue: IssueCredentials<T>, options?: KeepCredentialsOptions<T>): CredentialKeeper<T>;
  /** A description without the token: address, namespace, mounts and list form. */
  toJSON(): Record<string, unknown>;
}

/** The groups of the client over `core`. */
function groupsOf(core: SecretsCore) {
  return {
    cloud: cloudGroup(core),
    database: databaseGroup(core),
    kv: kvGroup(core),
    sync: syncGroup(core),
    leases: leasesGroup(core),
    token: tokenGroup(core),
  };
}

/** Creates a client of the secrets service. */
export function createSecretsClient(options: SecretsClientOptions): SecretsClient {
  const core = createSecretsCore(options);
  const describe = (): Record<string, unknown> => core.toJSON();
  return {
    core,
    request: (raw, callOptions) => sendRawRequest(core, raw, callOptions),
    help: (path, callOptions) => readHelp(core, path, callOptions),
    ...groupsOf(core),
    wrapping: wrappingGroup(core),
    // The same operations over a core whose rules wrap every answer: they resolve to wrap information,
    // which their own types cannot say, so the wrapped client's type says it.
    wrapped: (ttl) => groupsOf(wrappingCore(core, ttl)) as unknown as WrappedSecretsClient,
    keep: (issue, keepOptions) => keepCredentials(core, issue, keepOptions),
    toJSON: describe,
    [Symbol.for('nodejs.util.inspect.custom')]: describe,
  };
}
