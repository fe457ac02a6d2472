// The grouped client: every method is a standalone operation bound to one core.
import {
  ApiPromise,
  bindOperations,
  type ClientOptions,
  type RawRequest,
  type ResponseMeta,
  readClientEnv,
  sendRawRequest,
} from '@infra-sdk/core';
import { type CloudGroup, cloudGroup } from './cloud/group.js';
import { createSecretsCore, type ListMethod, type SecretsCore } from './core.js';
import { type DatabaseGroup, databaseGroup } from './database/group.js';
import type { SecretsMeta } from './envelope.js';
import { type Help, readHelp } from './help.js';
import { type LeasesGroup, leasesGroup } from './leases/group.js';
import type { SecretsRequestOptions } from './options.js';
import { secretsCallOptions } from './rules.js';
import { type SyncGroup, syncGroup } from './sync/group.js';

/** Options of `createSecretsClient`: core's client options plus the secrets service's own. */
export interface SecretsClientOptions extends ClientOptions {
  /** Namespace every path is relative to (sent as `X-Secrets-Namespace`); a call may choose another. */
  readonly namespace?: string;
  /** How the token is sent: `header` (default) as `X-Secrets-Token`, `bearer` as `Authorization: Bearer`. */
  readonly auth?: 'header' | 'bearer';
  /** Mount path of the cloud-credentials engine. Default `gcp`. */
  readonly cloudMount?: string;
  /** Mount path of the database engine. Default `database`. */
  readonly databaseMount?: string;
  /** `LIST` (default) sends the LIST verb; `GET` sends `GET ?list=true`, for proxies and browsers that refuse unknown verbs. */
  readonly listMethod?: ListMethod;
  /** Largest JSON request body in bytes; larger ones fail before sending. Default 32 MB, the service's default limit. */
  readonly maxRequestBytes?: number;
}

/** Creates a client of the secrets service. */
export function createSecretsClient(options: SecretsClientOptions): SecretsClient {
  const core = createSecretsCore(options);
  const describe = (): Record<string, unknown> => ({
    ...core.transport.toJSON(),
    namespace: core.namespace,
    cloudMount: core.cloudMount,
    databaseMount: core.databaseMount,
    listMethod: core.listMethod,
  });
  const own = bindOperations(core, {
    /** Any method and path under /v1 — sends a request the typed surface does not cover; the body is the whole envelope. */
    request: sendRequest,
    /** GET /v1/:path?help=1 — help text and OpenAPI document of any path (`/gcp/config`). */
    help: readHelp,
  });
  return {
    /** The core the standalone operations take, for mixing both styles. */
    core,
    // Binding erases `request`'s type parameter; SecretsClient declares it (the function is the same).
    request: own.request as SecretsClient['request'],
    help: own.help,
    /** The cloud-credentials engine (at `cloudMount`). */
    cloud: cloudGroup(core),
    /** The database engine (at `databaseMount`). */
    database: databaseGroup(core),
    /** Secret sync (`sys/sync`). */
    sync: syncGroup(core),
    /** Renewal, revocation and keeping of leases (service-account keys, database credentials). */
    leases: leasesGroup(core),
    /** A description without the token: address, namespace, mounts and list form. */
    toJSON: describe,
    [Symbol.for('nodejs.util.inspect.custom')]: describe,
  };
}

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

/** Creates a client from `SECRETS_ADDR`, `SECRETS_TOKEN` and `SECRETS_NAMESPACE`; `overrides` win over the environment. */
export function fromEnv(overrides: Partial<SecretsClientOptions> = {}): SecretsClient {
  const env = readClientEnv(
    {
      address: 'SECRETS_ADDR',
      token: 'SECRETS_TOKEN',
      namespace: 'SECRETS_NAMESPACE',
      service: 'secrets service',
      example: 'https://secrets.example:8200',
    },
    overrides,
  );
  return createSecretsClient({ ...overrides, ...env });
}

/** Sends a request the typed surface does not cover, with the client's auth, retries, errors and namespace. */
function sendRequest<T = unknown>(
  core: SecretsCore,
  raw: RawRequest<T>,
  options?: SecretsRequestOptions,
): ApiPromise<T, ResponseMeta> {
  try {
    return sendRawRequest(core.transport, raw, secretsCallOptions(options ?? {}));
  } catch (error) {
    // A bad namespace option, like every bad input, rejects the call instead of throwing.
    return new ApiPromise(Promise.reject(error));
  }
}
