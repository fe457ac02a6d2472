// The client's options and the minimal object every standalone operation takes: the transport plus the
// resolved service settings. It carries no operation code, so a bundle holds only the operations it imports.
import {
  type ClientCore,
  type ClientOptions,
  clientOptionKeys,
  createServiceTransport,
  encodeMount,
  type KeySets,
  mergeHeaders,
  type OwnOptionKeys,
  type ServiceRules,
  systemClock,
  type Transport,
} from '@infra-sdk/core';
import type { ListMethod } from './call-options.js';
import { consistentTransport } from './consistency/consistent-transport.js';
import { type ReadYourWritesOptions, resolveReadYourWrites } from './consistency/read-your-writes.js';
import type { SecretsMeta } from './envelope.js';
import { NAMESPACE_HEADER } from './namespace.js';
import { secretsRules } from './rules.js';
import { DEFAULT_MAX_REQUEST_BYTES } from './spec-limits.js';
import { packageVersion } from './version.js';

/**
 * Options of `createSecretsClient`, `createSecretsCore` and `fromEnv`: core's client options plus the
 * secrets service's own. Whatever they say, every request carries `X-Secrets-Request: true` (a proxy
 * agent with `require_request_header` refuses requests without it) and the user agent.
 */
export interface SecretsClientOptions extends ClientOptions {
  /** Namespace every path is relative to (sent as `X-Secrets-Namespace`); a call may choose another. */
  readonly namespace?: string | undefined;
  /** How the token is sent: `header` (default) as `X-Secrets-Token`, `bearer` as `Authorization: Bearer`. */
  readonly auth?: 'header' | 'bearer' | undefined;
  /** Mount path of the cloud-credentials engine. Default `gcp`. */
  readonly cloudMount?: string | undefined;
  /** Mount path of the database engine. Default `database`. */
  readonly databaseMount?: string | undefined;
  /** Mount path of the versioned key-value engine. Default `secret`. */
  readonly kvMount?: string | undefined;
  /** `LIST` (default) sends the LIST verb; `GET` sends `GET ?list=true`, for proxies and browsers that refuse unknown verbs. */
  readonly listMethod?: ListMethod | undefined;
  /** Largest JSON request body in bytes; larger ones fail before sending. Default 32 MB, the service's default limit. */
  readonly maxRequestBytes?: number | undefined;
  /** Reads that follow this client's own writes (`X-Secrets-Index`): `true`, or settings (`ReadYourWritesOptions`). Default off. */
  readonly readYourWrites?: boolean | ReadYourWritesOptions | undefined;
}

// Checked by core when the transport is made (the profile's `optionKeys`), before anything is sent.
const secretsClientOwnKeys = {
  namespace: 1,
  auth: 1,
  cloudMount: 1,
  databaseMount: 1,
  kvMount: 1,
  listMethod: 1,
  maxRequestBytes: 1,
  readYourWrites: 1,
} as const satisfies OwnOptionKeys<SecretsClientOptions, ClientOptions>;

/** The keys of `SecretsClientOptions`. */
export const secretsClientOptionKeys: KeySets = [clientOptionKeys, secretsClientOwnKeys];

/** A configured connection to the secrets service; standalone operations take it first. */
export interface SecretsCore extends ClientCore<SecretsMeta> {
  /** The HTTP path every call takes: auth, retries, errors. */
  readonly transport: Transport;
  /** The envelope, the `namespace` option's header and the body size limit, applied to every call. */
  readonly rules: ServiceRules<SecretsMeta>;
  /** Mount path of the cloud-credentials engine, checked and encoded. */
  readonly cloudMount: string;
  /** Mount path of the database engine, checked and encoded. */
  readonly databaseMount: string;
  /** Mount path of the versioned key-value engine, checked and encoded. */
  readonly kvMount: string;
  /** Namespace sent with every request unless a call says otherwise. */
  readonly namespace: string | undefined;
  /** How listings are sent: the LIST verb, or `GET ?list=true`. */
  readonly listMethod: ListMethod;
  /** Largest JSON body sent; larger ones fail before sending. */
  readonly maxRequestBytes: number;
  /** A description without the token: address, namespace, mounts and list form. */
  toJSON(): Record<string, unknown>;
}

function checkListMethod(method: string): ListMethod {
  if (method === 'LIST' || method === 'GET') return method;
  throw new TypeError(`listMethod must be "LIST" or "GET", not ${JSON.stringify(method)}`);
}

/**
 * Creates the core that standalone operations take: `readRoleset(createSecretsCore({ baseUrl }), 'web')`.
 * A bundle that imports it and a few operations carries only those. Sends nothing by itself.
 *
 * @example
 * ```ts
 * import { createSecretsCore, readKvSecret, writeKvSecret } from '@infra-sdk/secrets-client';
 *
 * const own = createSecretsCore({ baseUrl: 'https://secrets.example:8200', token: process.env.SECRETS_TOKEN });
 * await writeKvSecret(own, 'app/db', { user: 'app' });
 * console.log((await readKvSecret(own, 'app/db')).data);
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
export function createSecretsCore(options: SecretsClientOptions): SecretsCore {
  const {
    namespace: namespaceOption,
    auth,
    cloudMount,
    databaseMount,
    kvMount,
    listMethod,
    maxRequestBytes: maxRequestBytesOption,
    readYourWrites,
    headers,
    ...common
  } = options;
  const consistency = resolveReadYourWrites(readYourWrites);
  const namespace = namespaceOption === undefined ? undefined : encodeMount(namespaceOption, 'namespace');
  const maxRequestBytes = maxRequestBytesOption ?? DEFAULT_MAX_REQUEST_BYTES;
  if (!Number.isSafeInteger(maxRequestBytes) || maxRequestBytes <= 0) {
    throw new TypeError(`maxRequestBytes must be a positive whole number of bytes, not ${maxRequestBytes}`);
  }
  const service = createServiceTransport(
    {
      packageName: '@infra-sdk/secrets-client',
      packageVersion,
      pathPrefix: '/v1',
      auth: { type: 'header', name: 'X-Secrets-Token' },
      // A proxy agent with require_request_header refuses requests without it; the service's own tools always send it.
      headers: { 'X-Secrets-Request': 'true' },
      optionKeys: secretsClientOwnKeys,
    },
    {
      ...common,
      ...(auth === 'bearer' ? { auth: { type: 'bearer' } as const } : {}),
      headers: mergeHeaders(headers, namespace === undefined ? undefined : { [NAMESPACE_HEADER]: namespace }),
    },
  );
  const transport = consistentTransport(service, consistency, common.clock ?? systemClock);
  const settings = {
    cloudMount: encodeMount(cloudMount ?? 'gcp', 'cloudMount'),
    databaseMount: encodeMount(databaseMount ?? 'database', 'databaseMount'),
    kvMount: encodeMount(kvMount ?? 'secret', 'kvMount'),
    namespace,
    listMethod: checkListMethod(listMethod ?? 'LIST'),
  };
  const describe = (): Record<string, unknown> => ({ ...transport.toJSON(), ...settings });
  return {
    transport,
    rules: secretsRules(maxRequestBytes),
    ...settings,
    maxRequestBytes,
    toJSON: describe,
    [Symbol.for('nodejs.util.inspect.custom')]: describe,
  };
}
