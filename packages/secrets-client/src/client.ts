// The grouped client: every method is a standalone operation bound to one core.
import { type ApiPromise, type RawRequest, type ResponseMeta, sendRawRequest } from '@infra-sdk/core';
import { type AuthGroup, authGroup } from './auth/group.js';
import type { SecretsRequestOptions } from './call-options.js';
import { type CloudGroup, cloudGroup } from './cloud/group.js';
import { createSecretsCore, type SecretsClientOptions, type SecretsCore } from './core.js';
import { type DatabaseGroup, databaseGroup } from './database/group.js';
import type { SecretsMeta } from './envelope.js';
import { readHelp } from './help.js';
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
import type { DurationValue, Help } from './types.generated.js';
import { type WrappedSecretsClient, type WrappingGroup, wrappingGroup } from './wrapping/group.js';
import { wrappingCore } from './wrapping/wrap.js';

/** A client of the secrets service, as `createSecretsClient` returns it. */
export interface SecretsClient {
  /** The core the standalone operations take, for mixing both styles. */
  readonly core: SecretsCore;
  /**
   * Sends a request the typed surface does not cover, under `/v1`, following the service's rules like
   * every method: the token, the namespace (`X-Secrets-Namespace`, the `namespace` option), retries,
   * time limits, redirects, and errors from the service's `{errors: [...]}` body. Resolves to the whole
   * body, envelope included; `schema` checks it.
   *
   * @example
   * ```ts
   * const envelope = await secrets.request<{ data: { keys: string[] } }>({
   *   method: 'LIST',
   *   path: '/database/roles',
   * });
   * console.log(envelope.data.keys); // ['readonly']
   * ```
   * @throws {RequestValidationError} before sending, when the path has `.`/`..` segments, `?` or `#`, or
   *   `raw` or `options` holds a key that is not one of theirs (named with the nearest one).
   * @throws {NotFoundError | BadRequestError | PermissionDeniedError | ServiceUnavailableError} as the
   *   service answers (404, 400, 403, 503; other statuses are `ApiError`).
   * @throws {ResponseValidationError} when `schema` refuses the body.
   * @throws {InconsistentReadError} when a read that waited for a consistency index (`readYourWrites`,
   *   `consistencyIndex`) was still refused with 412 after the retries.
   */
  request<T = unknown>(raw: RawRequest<T>, options?: SecretsRequestOptions): ApiPromise<T, ResponseMeta>;
  /**
   * `GET /v1/:path?help=1`: reads the help text and OpenAPI document of any path (`/gcp/config`,
   * `/sys/sync`) (`readHelp` with this client's core).
   *
   * @example
   * ```ts
   * const { help, openapi } = await secrets.help('/database/roles');
   * console.log(help.length > 0, openapi !== undefined);
   * ```
   * @throws {RequestValidationError} before sending, when the path has `.`/`..` segments, `?` or `#`.
   * @throws {NotFoundError} when nothing is mounted at the path.
   * @throws {PermissionDeniedError} when the token's policy does not allow reading the path.
   */
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
  /** The client's own token: lookup, renewal, revocation, and a keeper for it (`auth/token`). */
  readonly token: TokenGroup;
  /** Logins with the auth methods (AppRole, userpass) and a keeper that stays logged in (`auth/`). */
  readonly auth: AuthGroup;
  /** Unwrapping and lookup of wrapping tokens (`sys/wrapping`). */
  readonly wrapping: WrappingGroup;
  /**
   * The same client with every answer wrapped for `ttl` (`X-Secrets-Wrap-TTL`): each call resolves to the
   * wrap information of what it would have resolved to; `wrapping.unwrap` gives that back, typed.
   * Keepers, waits and help are left out of the wrapped client.
   *
   * @example
   * ```ts
   * const wrapped = await secrets.wrapped('5m').database.roles.generateCredentials('readonly');
   * console.log(wrapped.ttl, wrapped.creation_path); // 300 database/creds/readonly
   * const creds = await secrets.wrapping.unwrap(wrapped);
   * console.log(creds.username);
   * ```
   * @throws {RequestValidationError} from each call, before sending, when `ttl` is not a duration of at
   *   least 1 second (making the wrapped client never throws).
   * @throws {ResponseValidationError} from a call the service answered without wrapping (an empty 204
   *   answer: writes, deletes).
   */
  wrapped(ttl: DurationValue): WrappedSecretsClient;
  /**
   * Keeps credentials alive with one object: `issue` makes them, the keeper renews them
   * (`PUT /v1/sys/leases/renew`), issues new ones before their maximum life, hands them over and revokes
   * the old ones (`PUT /v1/sys/leases/revoke`) after a grace period (`keepCredentials`).
   *
   * @example
   * ```ts
   * await using db = secrets.keep(({ signal }) => secrets.database.roles.generateCredentials('readonly', { signal }), {
   *   onCredential: (credential) => console.log('connect as', credential.data.username),
   *   onEvent: (event) => console.log(event.type), // no secrets in events
   * });
   * await db.ready;
   * ```
   * @throws {RangeError} at once, when `renewWindow` is not two shares with 0 < from <= to < 1,
   *   `revokeAfterMs` is not a number of 0 or more, or `backoffMs` / `maxBackoffMs` are not finite.
   * @throws {RequestValidationError} at once, when `increment` is not whole seconds or duration text.
   *   Failures of the calls are never thrown: they are `retry` and `error` events, `done` says how the
   *   keeper ended, and `ready` rejects with the first issue's failure.
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

/**
 * Creates a client of the secrets service: every engine as a group of methods (`secrets.kv.read`), the
 * keepers, response wrapping, help and `request()`. Sends nothing until a method is called.
 *
 * @example
 * ```ts
 * import { createSecretsClient } from '@infra-sdk/secrets-client';
 *
 * const client = createSecretsClient({ baseUrl: 'https://secrets.example:8200', token: process.env.SECRETS_TOKEN });
 * console.log((await client.token.lookupSelf()).policies);
 * ```
 * @throws {RequestValidationError} when `token` or a header is `''` or cannot travel in a header, a
 *   mount or the namespace has an empty, `.` or `..` segment, or `options` (or its `readYourWrites`,
 *   `retry`, `hooks`, `debug` or `rateLimit`) holds a key that is not an option, named with the nearest one.
 * @throws {TypeError} when `baseUrl` is not an http(s) address, `listMethod` is neither `LIST` nor
 *   `GET`, `maxRequestBytes` is not a positive whole number, or `readYourWrites` is neither a boolean
 *   nor settings it can follow (`whenBehind` one of `retry`, `forward`, `fail`; whole `retries` and
 *   finite `backoffMs` / `maxBackoffMs`, all 0 or more).
 * @throws {RangeError} when `maxRedirects` is not a whole number of 0 or more.
 */
export function createSecretsClient(options: SecretsClientOptions): SecretsClient {
  const core = createSecretsCore(options);
  const describe = (): Record<string, unknown> => core.toJSON();
  return {
    core,
    request: (raw, callOptions) => sendRawRequest(core, raw, callOptions),
    help: (path, callOptions) => readHelp(core, path, callOptions),
    ...groupsOf(core),
    auth: authGroup(core),
    wrapping: wrappingGroup(core),
    // The same operations over a core whose rules wrap every answer: they resolve to wrap information,
    // which their own types cannot say, so the wrapped client's type says it.
    wrapped: (ttl) => groupsOf(wrappingCore(core, ttl)) as unknown as WrappedSecretsClient,
    keep: (issue, keepOptions) => keepCredentials(core, issue, keepOptions),
    toJSON: describe,
    [Symbol.for('nodejs.util.inspect.custom')]: describe,
  };
}
