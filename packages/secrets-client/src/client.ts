// The grouped client: every method is a standalone operation bound to one core.
import type { ApiPromise, RawRequest, ResponseMeta } from '@infra-sdk/core';
import type { SecretsRequestOptions } from './call-options.js';
import { type CloudGroup, cloudGroup } from './cloud/group.js';
import { createSecretsCore, type SecretsClientOptions, type SecretsCore } from './core.js';
import { type DatabaseGroup, databaseGroup } from './database/group.js';
import type { SecretsMeta } from './envelope.js';
import { type Help, readHelp } from './help.js';
import { type LeasesGroup, leasesGroup } from './leases/group.js';
import { sendSecretsRequest } from './raw-request.js';
import { type SyncGroup, syncGroup } from './sync/group.js';

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
  /** Secret sync (`sys/sync`). */
  readonly sync: SyncGroup;
  /** Renewal, revocation and keeping of leases (service-account keys, database credentials). */
  readonly leases: LeasesGroup;
  /** A description without the token: address, namespace, mounts and list form. */
  toJSON(): Record<string, unknown>;
}

/** Creates a client of the secrets service. */
export function createSecretsClient(options: SecretsClientOptions): SecretsClient {
  const core = createSecretsCore(options);
  const describe = (): Record<string, unknown> => core.toJSON();
  return {
    core,
    request: (raw, callOptions) => sendSecretsRequest(core, raw, callOptions),
    help: (path, callOptions) => readHelp(core, path, callOptions),
    cloud: cloudGroup(core),
    database: databaseGroup(core),
    sync: syncGroup(core),
    leases: leasesGroup(core),
    toJSON: describe,
    [Symbol.for('nodejs.util.inspect.custom')]: describe,
  };
}
