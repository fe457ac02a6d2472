// The fake secrets service: a loopback server (core's test kit, which lets the LIST verb through) that
// keeps the spec's state in memory. Requests resolve their namespace, then `sys/` or the mount they
// start with, then a route of that engine; tokens, ACLs, sealing and leases apply on the way.
import { checkOptions, systemClock } from '@infra-sdk/core';
import { ReplyError, startTestServer, type TestRequest, type TestResponse } from '@infra-sdk/core/testing';
import { DEFAULT_MAX_REQUEST_BYTES } from '../spec-limits.js';
import { AccessControl, type FakePolicy, type FakeToken, type FakeTokenOptions } from './access.js';
import { envelopeOf, errorBody, type FakeAnswer, fail } from './answer.js';
import {
  type FakeAppRole,
  FakeAuthMethods,
  type FakeJwt,
  type FakeKubernetes,
  type FakeTokenRoleOptions,
  type FakeUserpass,
} from './auth-methods.js';
import { authRoutes } from './auth-routes.js';
import { cloudEngine } from './cloud/engine.js';
import type { CloudState } from './cloud/state.js';
import { databaseEngine } from './database/engine.js';
import type { DatabaseState } from './database/state.js';
import type { FakeEngine, LeaseSettings } from './engine.js';
import { durationText, Fields } from './fields.js';
import { helpAnswer } from './help-answer.js';
import { kvEngine } from './kv/engine.js';
import type { KvState } from './kv/state.js';
import { type FakeLease, LeaseRegistry } from './leases.js';
import { decodeSegments, FakeNamespace, segmentsOf } from './namespace-tree.js';
import { fakeSecretsOptionKeys } from './option-keys.js';
import type { FakeEngineType, FakeSecretsOptions } from './options.js';
import { type FakeReplication, Replication } from './replication.js';
import { type Capability, type FakeRoute, matchRoute, operationOf } from './routes.js';
import type { SyncState } from './sync/state.js';
import { sysRoutes } from './sys-routes.js';
import { createSysState, type FakeServices, type SysState } from './sys-state.js';
import { type FakeWrapped, WrappingStore } from './wrapping.js';

const ENGINES: Readonly<Record<FakeEngineType, FakeEngine<unknown>>> = {
  cloud: cloudEngine as FakeEngine<unknown>,
  database: databaseEngine as FakeEngine<unknown>,
  kv: kvEngine as FakeEngine<unknown>,
};

const DEFAULT_MOUNTS: readonly { path: string; type: FakeEngineType }[] = [
  { path: 'gcp', type: 'cloud' },
  { path: 'database', type: 'database' },
  { path: 'secret', type: 'kv' },
];

/** A request as the fake received it, with the method the client sent (LIST included). */
export interface FakeRecordedRequest {
  /** HTTP method as sent, `LIST` included. */
  readonly method: string;
  /** Raw path, still percent-encoded, without the query. */
  readonly path: string;
  /** Query parameters of the request. */
  readonly query: URLSearchParams;
  /** Lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  /** UTF-8 text of the body. */
  readonly body: string;
}

/** A running fake secrets service. */
export interface FakeSecrets extends AsyncDisposable {
  /** `http://127.0.0.1:<port>`: the client's `baseUrl`. */
  readonly url: string;
  /** A token with the root policy (the first one given, or `fake-root-token`). */
  readonly rootToken: string;
  /** Every request received, in order. */
  readonly requests: readonly FakeRecordedRequest[];
  /** Whether the service is sealed. */
  readonly sealed: boolean;
  /** Seals the service: every request gets 503 until `unseal()`. */
  seal(): void;
  /** Unseals the service: requests are served again. */
  unseal(): void;
  /** Adds a token that never expires, or replaces a token's policy. */
  setToken(token: string, policy: FakePolicy): void;
  /** Creates a token with a TTL, a max TTL, a period and renewability; it is refused (403) once expired. */
  createToken(options?: FakeTokenOptions): FakeToken;
  /** A live token as the fake keeps it (its expiry, renewals); undefined once revoked or expired. */
  token(token: string): FakeToken | undefined;
  /** Removes a token; it gets 403 from then on. */
  revokeToken(token: string): void;
  /** The AppRole method at `mount` (default `approle`), enabled on first use: add roles, hand out secret ids. */
  approle(mount?: string): FakeAppRole;
  /** The userpass method at `mount` (default `userpass`), enabled on first use: add users. */
  userpass(mount?: string): FakeUserpass;
  /** The Kubernetes method at `mount` (default `kubernetes`), enabled on first use: roles and the service-account tokens they accept. */
  kubernetes(mount?: string): FakeKubernetes;
  /** The JWT method at `mount` (default `jwt`), enabled on first use: roles, and JWTs signed with the key pair it holds. */
  jwt(mount?: string): FakeJwt;
  /** Adds (or replaces) a token role: `POST /auth/token/create/:name` makes tokens by its rules. */
  addTokenRole(name: string, options?: FakeTokenRoleOptions): void;
  /** Creates a namespace (and its parents) with the default mounts. */
  addNamespace(path: string): void;
  /** Mounts an engine at `path` (in `namespace`, default the root). */
  mount(path: string, type: FakeEngineType, namespace?: string): void;
  /** State of the cloud-credentials engine at `mount` (default `gcp`) for inspection and seeding. */
  cloud(mount?: string, namespace?: string): CloudState;
  /** State of the database engine at `mount` (default `database`). */
  database(mount?: string, namespace?: string): DatabaseState;
  /** State of the key-value engine at `mount` (default `secret`). */
  kv(mount?: string, namespace?: string): KvState;
  /** Every wrapped answer not yet unwrapped or expired. */
  wrapped(): FakeWrapped[];
  /** Sync state of a namespace (default the root). */
  sync(namespace?: string): SyncState;
  /** Every live lease (expired ones are revoked first). */
  leases(): FakeLease[];
  /** The consistency index writes answer (`X-Secrets-Index`), and a reading node that can be made to lag behind. */
  readonly replication: FakeReplication;
  /** Stops the service and ends every connection. */
  close(): Promise<void>;
}

function tokenOf(req: TestRequest): string | undefined {
  const header = req.header('x-secrets-token');
  if (header) return header;
  const authorization = req.header('authorization');
  const match = authorization === undefined ? null : /^Bearer\s+(.+)$/i.exec(authorization);
  return match?.[1];
}

/** Starts a fake secrets service on 127.0.0.1 with a free port. */
export async function startFakeSecrets(options: FakeSecretsOptions = {}): Promise<FakeSecrets> {
  checkOptions(options, fakeSecretsOptionKeys.startFakeSecrets, 'startFakeSecrets options');
  for (const mount of options.mounts ?? []) checkOptions(mount, fakeSecretsOptionKeys.mount, 'mount');
  const tokens = options.tokens ?? { 'fake-root-token': 'root' };
  const rootToken = Object.entries(tokens).find(([, policy]) => policy === 'root')?.[0] ?? 'fake-root-token';
  const clock = options.clock ?? systemClock;
  const closing = new AbortController();
  const leases = new LeaseRegistry();
  const settings: LeaseSettings = {
    defaultLeaseTtl: options.defaultLeaseTtl ?? 2_764_800,
    maxLeaseTtl: options.maxLeaseTtl ?? 2_764_800,
  };
  const access = new AccessControl(tokens, settings.maxLeaseTtl, clock);
  const services: FakeServices = {
    leases,
    tokens: access,
    wrapping: new WrappingStore(),
    timings: { purgeDelayMs: options.purgeDelayMs ?? 0, clock, closed: closing.signal },
  };
  const methods = new FakeAuthMethods(access, services.wrapping, clock);
  const engineContext = { leases, settings, clock };
  const adminNamespace = segmentsOf(options.adminNamespace ?? '').join('/');
  const namespaces = new Map<string, FakeNamespace<SysState>>();
  let sealed = options.sealed ?? false;
  const replication = new Replication(clock);

  const createNamespace = (path: string, withDefaults: boolean): FakeNamespace<SysState> => {
    const clean = segmentsOf(path).join('/');
    const existing = namespaces.get(clean);
    if (existing) return existing;
    const parts = segmentsOf(clean);
    if (parts.length > 0) createNamespace(parts.slice(0, -1).join('/'), withDefaults);
    const namespace: FakeNamespace<SysState> = new FakeNamespace(clean, {} as SysState);
    Object.assign(
      namespace.sys,
      createSysState(namespace, services, clean === '' || clean === adminNamespace),
    );
    namespaces.set(clean, namespace);
    if (withDefaults) {
      for (const mount of DEFAULT_MOUNTS)
        namespace.mount(mount.path, mount.type, ENGINES[mount.type], engineContext);
    }
    return namespace;
  };
  const withDefaults = options.mounts === undefined;
  createNamespace('', withDefaults);
  for (const path of options.namespaces ?? []) createNamespace(path, withDefaults);
  for (const mount of options.mounts ?? []) {
    createNamespace(mount.namespace ?? '', false).mount(
      mount.path,
      mount.type,
      ENGINES[mount.type],
      engineContext,
    );
  }

  const namespaceOf = (path = ''): FakeNamespace<SysState> => {
    const namespace = namespaces.get(segmentsOf(path).join('/'));
    if (!namespace) throw new TypeError(`the fake has no namespace ${JSON.stringify(path)}`);
    return namespace;
  };
  const stateOf = (type: FakeEngineType, mount: string, namespace?: string): unknown => {
    const entry = namespaceOf(namespace).mounts.get(segmentsOf(mount).join('/'));
    if (!entry || entry.type !== type)
      throw new TypeError(`the fake has no ${type} engine at ${JSON.stringify(mount)}`);
    return entry.state;
  };

  async function handle(req: TestRequest, res: TestResponse): Promise<void> {
    const now = clock.now();
    try {
      if (sealed) fail(503, 'the service is sealed');
      if (options.requireRequestHeader && req.header('x-secrets-request') !== 'true') {
        fail(412, 'missing X-Secrets-Request header');
      }
      leases.sweep(now);
      const method = req.method;
      // Reads may be answered by a node behind the active one; writes always reach the active node.
      if (method === 'GET' || method === 'LIST' || method === 'HEAD') {
        replication.check(req.header('x-secrets-index'), req.header('x-secrets-inconsistent'), now);
      }
      const segments = [
        ...segmentsOf(req.header('x-secrets-namespace') ?? ''),
        ...decodeSegments(req.path.replace(/^\/v1\/?/, '')),
      ];
      let namespace = namespaces.get('') as FakeNamespace<SysState>;
      let depth = 0;
      for (let length = segments.length; length > 0; length -= 1) {
        const found = namespaces.get(segments.slice(0, length).join('/'));
        if (found) {
          namespace = found;
          depth = length;
          break;
        }
      }
      const relative = segments.slice(depth);
      const fullPath = segments.join('/');
      const token = tokenOf(req);

      let routes: readonly FakeRoute<unknown>[];
      let state: unknown;
      let rest: string[];
      let description: string;
      let engineType: string | undefined;
      if (relative[0] === 'sys') {
        routes = sysRoutes as readonly FakeRoute<unknown>[];
        state = namespace.sys;
        rest = relative.slice(1);
        description = 'System backend of the service: leases, response wrapping and secret sync.';
      } else if (relative[0] === 'auth') {
        routes = authRoutes as readonly FakeRoute<unknown>[];
        state = { tokens: access, methods };
        rest = relative.slice(1);
        description = 'Auth methods of the service: tokens; AppRole, userpass, Kubernetes and JWT logins.';
      } else {
        const found = namespace.findMount(relative);
        if (!found) fail(404, `no handler for route ${JSON.stringify(fullPath)}. route entry not found.`);
        routes = found.mount.engine.routes;
        engineType = found.mount.type;
        state = found.mount.state;
        rest = found.rest;
        description = found.mount.engine.description;
      }

      if (req.query.get('help') === '1') {
        if (access.capabilities(token, fullPath, now).size === 0) fail(403, 'permission denied');
        res.json(200, helpAnswer(routes, rest, fullPath, description));
        return;
      }

      const operation = operationOf(method, req.query);
      const candidates = routes
        .map((route) => ({ route, params: matchRoute(route.pattern, rest) }))
        .filter((match) => match.params !== undefined);
      if (candidates.length === 0)
        fail(404, `no handler for route ${JSON.stringify(fullPath)}. route entry not found.`);
      const chosen = candidates.find(
        (match) => operation !== undefined && match.route.operations.includes(operation),
      );
      if (!chosen || operation === undefined) fail(405, `unsupported operation: ${method} ${fullPath}`);
      // The key-value engine takes a PATCH only as a JSON merge patch.
      if (
        operation === 'patch' &&
        engineType === 'kv' &&
        !(req.header('content-type') ?? '').startsWith('application/merge-patch+json')
      )
        fail(415, 'PATCH requires Content-Type: application/merge-patch+json');
      const wrapTtl = wrapTtlOf(req.header('x-secrets-wrap-ttl'));
      const fields = new Fields(operation === 'write' || operation === 'patch' ? parseBody(req) : undefined);
      const request = { operation, params: chosen.params ?? {}, query: req.query, fields, now, token };
      const capability: Capability =
        operation === 'write'
          ? chosen.route.exists?.(state, request) === false
            ? 'create'
            : 'update'
          : operation;
      const routeAccess = chosen.route.access ?? 'policy';
      const allowed =
        routeAccess === 'none' ||
        (routeAccess === 'token'
          ? access.get(token, now) !== undefined
          : access.capabilities(token, fullPath, now).has(capability));
      if (!allowed) fail(403, 'permission denied');
      const answer = await chosen.route.handle(state, request);
      // A token with a limited number of uses spends one on each request it makes; the last revokes it.
      access.spend(token, now);
      if (operation !== 'read' && operation !== 'list' && (answer?.status ?? 200) < 400) {
        res.header('X-Secrets-Index', replication.write(now));
      }
      const warnings = operation === 'write' || operation === 'patch' ? fields.warnings() : [];
      if (
        wrapTtl !== undefined &&
        answer !== undefined &&
        answer.raw === undefined &&
        (answer.status ?? 200) === 200
      ) {
        // The answer is kept under a wrapping token; the caller gets the token's description only.
        const wrapInfo = services.wrapping.wrap(
          envelopeOf(answer, warnings),
          wrapTtl,
          relative.join('/'),
          now,
        );
        res.json(200, { ...envelopeOf({}, []), wrap_info: wrapInfo });
        return;
      }
      reply(res, answer, warnings);
    } catch (error) {
      if (error instanceof ReplyError) {
        res.json(error.status, errorBody(error.message));
        return;
      }
      res.json(500, errorBody(error instanceof Error ? error.message : String(error)));
    }
  }

  const server = await startTestServer({
    maxBodyBytes: options.maxRequestBytes ?? DEFAULT_MAX_REQUEST_BYTES,
    methods: ['LIST'],
    // Every request under /v1 reaches the fake before routing, so a path the router cannot decode
    // (malformed percent-encoding) gets the service's 400, not the router's 404.
    onRequest: (req, res) =>
      req.path === '/v1' || req.path.startsWith('/v1/') ? handle(req, res) : undefined,
  });
  const url = server.url;
  const close = (): Promise<void> => {
    // Waits of the fake (purges) end first, so nothing of it is left running once the server is gone.
    closing.abort();
    return server.close();
  };

  return {
    url,
    rootToken,
    get requests(): readonly FakeRecordedRequest[] {
      return server.requests;
    },
    get sealed() {
      return sealed;
    },
    seal: () => {
      sealed = true;
    },
    unseal: () => {
      sealed = false;
    },
    setToken: (token, policy) => access.set(token, policy),
    createToken: (tokenOptions = {}) => {
      checkOptions(tokenOptions, fakeSecretsOptionKeys.createToken, 'createToken options');
      return access.create(tokenOptions, clock.now());
    },
    token: (token) => access.get(token, clock.now()),
    revokeToken: (token) => access.revoke(token),
    approle: (mount = 'approle') => methods.approle(segmentsOf(mount).join('/')),
    userpass: (mount = 'userpass') => methods.userpass(segmentsOf(mount).join('/')),
    kubernetes: (mount = 'kubernetes') => methods.kubernetes(segmentsOf(mount).join('/')),
    jwt: (mount = 'jwt') => methods.jwt(segmentsOf(mount).join('/')),
    addTokenRole: (name, roleOptions = {}) => {
      checkOptions(roleOptions, fakeSecretsOptionKeys.addTokenRole, 'token role options');
      methods.tokenRoles.set(name, roleOptions);
    },
    addNamespace: (path) => {
      createNamespace(path, true);
    },
    mount: (path, type, namespace) => {
      namespaceOf(namespace).mount(path, type, ENGINES[type], engineContext);
    },
    cloud: (mount = 'gcp', namespace) => stateOf('cloud', mount, namespace) as CloudState,
    database: (mount = 'database', namespace) => stateOf('database', mount, namespace) as DatabaseState,
    kv: (mount = 'secret', namespace) => stateOf('kv', mount, namespace) as KvState,
    wrapped: () => services.wrapping.list(clock.now()),
    sync: (namespace) => namespaceOf(namespace).sys.sync,
    leases: () => {
      leases.sweep(clock.now());
      return leases.list();
    },
    replication,
    close,
    [Symbol.asyncDispose]: close,
  };
}

/** Seconds of the `X-Secrets-Wrap-TTL` header (seconds or duration text), or undefined without one. */
function wrapTtlOf(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const seconds = durationText(header.trim());
  if (seconds === undefined || seconds <= 0) {
    fail(
      400,
      `X-Secrets-Wrap-TTL must be a duration of 1 second or more ("300", "5m"), not ${JSON.stringify(header)}`,
    );
  }
  return seconds;
}

function parseBody(req: TestRequest): unknown {
  if (req.text.trim() === '') return undefined;
  try {
    return JSON.parse(req.text) as unknown;
  } catch {
    return fail(400, 'failed to parse JSON input: the request body is not valid JSON');
  }
}

function reply(res: TestResponse, answer: FakeAnswer | undefined, warnings: readonly string[]): void {
  if (answer === undefined && warnings.length === 0) {
    res.empty(204);
    return;
  }
  if (answer?.raw !== undefined) {
    res.json(answer.status ?? 200, answer.raw);
    return;
  }
  res.json(answer?.status ?? 200, envelopeOf(answer ?? {}, warnings));
}
