// Upload addresses (both forms), the storage they point at, and the direct form's callback. An address
// expires `uploadTtlMs` after issue; storage checks it before and once the whole body has arrived, so an
// upload that outlasts its address fails with 403, and requesting the endpoint again gives a fresh address.
// Storage writes the body to the store as it arrives, hashing it on the way: a box of any size fits.
// Faults queued with `failStorage` (or the `storageFaults` option) are played before that.
import { Readable } from 'node:stream';
import { existingProvider, identify, managedBox } from '../access.js';
import { API, API_V2, type FakeContext, type Routes } from '../context.js';
import type { UploadRecord } from '../records.js';
import { fail } from '../reply.js';
import { findVersion, newId } from '../state.js';
import { providerToWire } from '../wire.js';
import { playStorageFault } from './play-storage-fault.js';

// The `/api/v1` form names a provider (its default architecture); the `/api/v2` form adds the architecture.
const PROVIDERS = [
  `${API}/box/:username/:name/version/:version/provider/:provider`,
  `${API_V2}/box/:username/:name/version/:version/provider/:provider/:architecture`,
] as const;

export function addUploadRoutes(routes: Routes, context: FakeContext): void {
  const { state, addresses, store } = context;
  const managedProvider = (req: Parameters<typeof identify>[1]) => {
    const box = managedBox(state, identify(state, req), req.params.username ?? '', req.params.name ?? '');
    const version = findVersion(box, req.params.version ?? '');
    if (version === undefined)
      fail(404, `version ${req.params.version} of ${box.username}/${box.name} not found`);
    return {
      box,
      version,
      provider: existingProvider(box, version, req.params.provider ?? '', req.params.architecture),
    };
  };
  const issue = (req: Parameters<typeof identify>[1], direct: boolean): UploadRecord => {
    const upload: UploadRecord = {
      id: newId(),
      direct,
      ...managedProvider(req),
      expiresAt: state.nowMs() + context.uploadTtlMs,
      received: false,
      completed: false,
    };
    state.uploads.set(upload.id, upload);
    return upload;
  };
  /** Makes the stored object the provider's asset. */
  const attach = async (upload: UploadRecord) => {
    const { provider } = upload;
    if (provider.assetKey !== undefined && provider.assetKey !== upload.id)
      await store.delete(provider.assetKey);
    provider.assetKey = upload.id;
    provider.assetSize = upload.stored?.size ?? 0;
    provider.assetSha256 = upload.stored?.sha256;
    provider.updatedAt = state.timestamp();
  };

  for (const PROVIDER of PROVIDERS) {
    routes.route('GET', `${PROVIDER}/upload`, (req, res) => {
      const upload = issue(req, false);
      res.json(200, { upload_path: `${addresses.url}/storage/${upload.id}` });
    });

    routes.route('GET', `${PROVIDER}/upload/direct`, (req, res) => {
      const upload = issue(req, true);
      res.json(200, {
        upload_path: `${addresses.url}/storage/${upload.id}`,
        callback: `${addresses.url}${req.path}/${upload.id}`,
      });
    });
  }

  routes.route(
    'PUT',
    '/storage/:id',
    async (req, res) => {
      const upload = state.uploads.get(req.params.id ?? '');
      if (upload === undefined) fail(404, 'no such upload address');
      if (upload.received) fail(403, 'this upload address was already used; request a new one');
      if (state.nowMs() > upload.expiresAt) fail(403, 'the upload address expired; request a new one');
      const fault = context.faults.take(upload);
      if (fault !== undefined) {
        await playStorageFault(fault, upload, req, res, async (flaky, partial) => {
          flaky.received = true;
          flaky.stored = await store.put(flaky.id, partial);
          if (!flaky.direct) await attach(flaky);
        });
        return;
      }
      const stored = await store.write(upload.id, req.stream ?? Readable.from([]));
      if (state.nowMs() > upload.expiresAt) {
        await store.delete(upload.id);
        fail(403, 'the upload address expired; request a new one');
      }
      upload.received = true;
      upload.stored = stored;
      if (!upload.direct) await attach(upload);
      res.empty(200);
    },
    {
      streamBody: true,
      ...(context.maxUploadBytes === undefined ? {} : { maxBodyBytes: context.maxUploadBytes }),
    },
  );

  for (const PROVIDER of PROVIDERS) {
    routes.route('PUT', `${PROVIDER}/upload/direct/:id`, async (req, res) => {
      const { box, version, provider } = managedProvider(req);
      const upload = state.uploads.get(req.params.id ?? '');
      if (upload === undefined || !upload.direct || upload.provider !== provider) {
        fail(404, 'no such direct upload for this provider');
      }
      if (!upload.received)
        fail(422, 'storage has not received the box yet; PUT it to the upload_path first');
      if (!upload.completed) {
        upload.completed = true;
        await attach(upload);
      }
      res.json(200, providerToWire(addresses, box, version, provider, true));
    });
  }
}
