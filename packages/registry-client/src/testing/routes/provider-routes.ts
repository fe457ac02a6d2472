// Providers of a version: created with a url or for a later upload.
import { existingProvider, identify, managedBox, visibleBox, visibleVersion } from '../access.js';
import { API, type FakeContext, type Routes } from '../context.js';
import { applyProviderFields } from '../provider-fields.js';
import type { ProviderRecord } from '../records.js';
import { fail } from '../reply.js';
import { optionalString, readBody, requiredString, wrappedOrFlat } from '../request-fields.js';
import { findProvider, findVersion } from '../state.js';
import { providerToWire } from '../wire.js';
import { forgetAssets } from './assets.js';

const VERSION = `${API}/box/:username/:name/version/:version`;
const PROVIDER = `${VERSION}/provider/:provider`;

export function addProviderRoutes(routes: Routes, context: FakeContext): void {
  const { state, addresses } = context;
  const managedVersion = (req: Parameters<typeof identify>[1]) => {
    const box = managedBox(state, identify(state, req), req.params.username ?? '', req.params.name ?? '');
    const version = findVersion(box, req.params.version ?? '');
    if (version === undefined)
      fail(404, `version ${req.params.version} of ${box.username}/${box.name} not found`);
    return { box, version };
  };

  routes.route('POST', `${VERSION}/providers`, (req, res) => {
    const { box, version } = managedVersion(req);
    const fields = wrappedOrFlat(readBody(req), 'provider');
    const name = requiredString(fields, 'name', 'provider.name');
    if (findProvider(version, name))
      fail(422, `provider ${name} already exists for version ${version.version}`);
    const now = state.timestamp();
    const provider: ProviderRecord = {
      name,
      url: null,
      checksum: null,
      checksumType: null,
      assetKey: undefined,
      assetSize: 0,
      assetSha256: undefined,
      createdAt: now,
      updatedAt: now,
    };
    applyProviderFields(provider, fields);
    version.providers.push(provider);
    res.json(201, providerToWire(addresses, box, version, provider, true));
  });

  routes.route('GET', PROVIDER, (req, res) => {
    const caller = identify(state, req);
    const box = visibleBox(state, caller, req.params.username ?? '', req.params.name ?? '');
    const version = visibleVersion(state, caller, box, req.params.version ?? '');
    const provider = existingProvider(box, version, req.params.provider ?? '');
    res.json(200, providerToWire(addresses, box, version, provider, true));
  });

  routes.route('PUT', PROVIDER, (req, res) => {
    const { box, version } = managedVersion(req);
    const provider = existingProvider(box, version, req.params.provider ?? '');
    const fields = wrappedOrFlat(readBody(req), 'provider');
    const name = optionalString(fields, 'name', 'provider.name');
    if (name !== undefined && name !== provider.name) {
      if (name.trim() === '') fail(403, 'provider.name must not be empty');
      if (findProvider(version, name))
        fail(422, `provider ${name} already exists for version ${version.version}`);
    }
    applyProviderFields(provider, fields);
    if (name !== undefined) provider.name = name;
    provider.updatedAt = state.timestamp();
    res.json(200, providerToWire(addresses, box, version, provider, true));
  });

  routes.route('DELETE', PROVIDER, async (req, res) => {
    const { box, version } = managedVersion(req);
    const provider = existingProvider(box, version, req.params.provider ?? '');
    const body = providerToWire(addresses, box, version, provider, true);
    version.providers.splice(version.providers.indexOf(provider), 1);
    await forgetAssets(context, [provider]);
    res.json(200, body);
  });
}
