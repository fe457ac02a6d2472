// The fake registry: core's loopback server with the registry's routes over in-memory state.
import { checkOptions, systemClock } from '@infra-sdk/core';
import { type ReplySpec, type RequestHook, startTestServer } from '@infra-sdk/core/testing';
import { presentedToken } from './access.js';
import { underBothPrefixes } from './api-versions.js';
import { API, API_V2, type FakeContext } from './context.js';
import { createFolderStore, createMemoryStore } from './object-store.js';
import {
  checkBoxSeed,
  checkFakeRegistryOptions,
  checkStorageFault,
  fakeRegistryOptionKeys,
} from './option-keys.js';
import type { FakeRegistry, FakeRegistryOptions } from './options.js';
import { createRateLimiter } from './rate-limit.js';
import { sendError } from './reply.js';
import { addAuthRoutes } from './routes/auth-routes.js';
import { addBoxRoutes } from './routes/box-routes.js';
import { addDownloadRoutes } from './routes/download-routes.js';
import { addProviderRoutes } from './routes/provider-routes.js';
import { addUploadRoutes } from './routes/upload-routes.js';
import { addUserRoutes } from './routes/user-routes.js';
import { addVersionRoutes } from './routes/version-routes.js';
import { organizationAccount, seedBox, userAccount } from './seed.js';
import { findProvider, findVersion, newId, RegistryState } from './state.js';
import { createStorageFaults } from './storage-faults.js';
import { boxToWire, providerToWire, versionToWire } from './wire.js';

const DEFAULT_UPLOAD_TTL_MS = 60_000;

/**
 * Starts a fake box registry on 127.0.0.1 (a free port), with the spec's endpoints, states and errors.
 *
 * Options: `users`, `organizations`, `tokens` and `boxes` seed it; `storage` (`memory` or `temp-folder`),
 * `storageFaults`, `rateLimit`, `uploadTtlMs`, `maxBodyBytes`, `onRequest` and `clock` shape it (each on
 * {@link FakeRegistryOptions}). `close()`, or `await using`, stops it.
 *
 * @example
 * ```ts
 * import { createRegistryClient } from '@infra-sdk/registry-client';
 * import { startFakeRegistry } from '@infra-sdk/registry-client/testing';
 *
 * await using fake = await startFakeRegistry({
 *   users: [{ username: 'alice', password: 'alice-password' }],
 *   tokens: { 'alice-token': 'alice' },
 *   storageFaults: [{ kind: 'status', status: 503 }], // the first upload's first attempt fails
 * });
 * const alice = createRegistryClient({ baseUrl: fake.url, token: 'alice-token' });
 * await alice.boxes.create({ name: 'tools' });
 * console.log(fake.requests.at(-1)?.path); // /api/v1/boxes
 * ```
 * @throws {Error} when the server cannot listen, or `storage: 'temp-folder'` cannot create its folder.
 */
export async function startFakeRegistry(options: FakeRegistryOptions = {}): Promise<FakeRegistry> {
  checkFakeRegistryOptions(options);
  const clock = options.clock ?? systemClock;
  const state = new RegistryState(clock);
  const store = options.storage === 'temp-folder' ? await createFolderStore() : createMemoryStore();
  const limiter = options.rateLimit ? createRateLimiter(options.rateLimit, clock) : undefined;

  const onRequest: RequestHook = async (req, res): Promise<ReplySpec | undefined> => {
    // Every answer of the registry names its request: the caller's X-Request-Id, or one of its own.
    if (!req.path.startsWith('/storage/')) {
      const given = req.headers['x-request-id'];
      res.raw.setHeader('x-request-id', typeof given === 'string' && given !== '' ? given : newId());
    }
    const injected = await options.onRequest?.(req, res);
    if (injected || res.replied) return injected || undefined;
    if (!req.path.startsWith(`${API}/`) && !req.path.startsWith(`${API_V2}/`)) return undefined;
    if (state.maintenance) {
      sendError(res, 503, 'the registry is in maintenance mode; try again later');
      return undefined;
    }
    const wait = limiter?.take(presentedToken(req) ?? 'anonymous');
    if (wait !== undefined) {
      sendError(res, 429, 'rate limit exceeded; slow down', {
        'retry-after': String(Math.ceil(wait / 1000)),
      });
    }
    return undefined;
  };

  const server = await startTestServer({
    onRequest,
    errorReply: sendError,
    ...(options.maxBodyBytes === undefined ? {} : { maxBodyBytes: options.maxBodyBytes }),
  });
  const addresses = { url: server.url };
  const context: FakeContext = {
    state,
    store,
    addresses,
    uploadTtlMs: options.uploadTtlMs ?? DEFAULT_UPLOAD_TTL_MS,
    maxUploadBytes: options.maxBodyBytes,
    faults: createStorageFaults(options.storageFaults),
  };
  const bothApis = underBothPrefixes(server);
  addAuthRoutes(bothApis, context);
  addUserRoutes(bothApis, context);
  addBoxRoutes(bothApis, context);
  addVersionRoutes(bothApis, context);
  addProviderRoutes(server, context);
  addUploadRoutes(server, context);
  addDownloadRoutes(server, context);
  server.route('*', '/*rest', (req, res) => sendError(res, 404, `no route for ${req.method} ${req.path}`));

  for (const user of options.users ?? []) state.addAccount(userAccount(user));
  for (const organization of options.organizations ?? []) state.addAccount(organizationAccount(organization));
  for (const [token, username] of Object.entries(options.tokens ?? {}))
    state.issueToken(username, null, token);
  for (const box of options.boxes ?? []) await seedBox(state, store, box);

  const locate = (tag: string, version: string, provider: string, architecture?: string) => {
    const [username = '', name = ''] = tag.split('/');
    const box = state.findBox(username, name);
    const foundVersion = box && findVersion(box, version);
    return foundVersion && findProvider(foundVersion, provider, architecture);
  };

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= server.close().then(() => store.close());
    return closing;
  };

  return {
    url: server.url,
    get requests() {
      return server.requests;
    },
    outbox: state.outbox,
    lastCode: (username) => state.outbox.filter((sent) => sent.username === username).at(-1)?.code,
    addUser: (user) => {
      checkOptions(user, fakeRegistryOptionKeys.user, 'user seed');
      state.addAccount(userAccount(user));
    },
    addOrganization: (organization) => {
      checkOptions(organization, fakeRegistryOptionKeys.organization, 'organization seed');
      state.addAccount(organizationAccount(organization));
    },
    issueToken: (username, token) => {
      if (!state.accounts.has(username.toLowerCase())) throw new Error(`no user ${username}`);
      return state.issueToken(username, null, token).token;
    },
    hasToken: (token) => state.tokens.has(token),
    addBox: async (box) => {
      checkBoxSeed(box);
      await seedBox(state, store, box);
    },
    box: (tag) => {
      const [username = '', name = ''] = tag.split('/');
      const box = state.findBox(username, name);
      if (box === undefined) return undefined;
      // Inspection shows provider checksums too, which a version's provider list leaves out.
      const wire = boxToWire(addresses, box, undefined);
      wire.versions = box.versions.map((version) => ({
        ...versionToWire(addresses, box, version),
        providers: version.providers.map((provider) =>
          providerToWire(addresses, box, version, provider, true),
        ),
      }));
      return wire;
    },
    asset: async (tag, version, provider, architecture) => {
      const key = locate(tag, version, provider, architecture)?.assetKey;
      return key === undefined ? undefined : store.read(key);
    },
    assetDigest: (tag, version, provider, architecture) => {
      const found = locate(tag, version, provider, architecture);
      return found?.assetKey === undefined || found.assetSha256 === undefined
        ? undefined
        : { size: found.assetSize, sha256: found.assetSha256 };
    },
    setDelinquent: (username, delinquent) => {
      const account = state.accounts.get(username.toLowerCase());
      if (account === undefined) throw new Error(`no account ${username}`);
      account.delinquent = delinquent;
    },
    setMaintenance: (on) => {
      state.maintenance = on;
    },
    failStorage: (fault) => {
      checkStorageFault(fault);
      context.faults.add(fault);
    },
    expireUploadAddresses: () => {
      for (const upload of state.uploads.values()) upload.expiresAt = Number.NEGATIVE_INFINITY;
    },
    get uploadAddresses() {
      return [...state.uploads.values()].map((upload) => ({
        upload_path: `${server.url}/storage/${upload.id}`,
        direct: upload.direct,
        received: upload.received,
        completed: upload.completed,
        ...(upload.stored === undefined ? {} : { size: upload.stored.size, sha256: upload.stored.sha256 }),
      }));
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}
