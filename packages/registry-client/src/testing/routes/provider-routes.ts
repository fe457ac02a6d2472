// Providers of a version: created with a url or for a later upload. The `/api/v1` routes name a provider
// by name (reaching its default architecture); the `/api/v2` routes by name and architecture.
import type { TestRequest, TestResponse } from '@infra-sdk/core/testing';
import { existingProvider, identify, managedBox, visibleBox, visibleVersion } from '../access.js';
import { API, API_V2, type FakeContext, type Routes } from '../context.js';
import { applyProviderFields } from '../provider-fields.js';
import { type ProviderRecord, UNKNOWN_ARCHITECTURE } from '../records.js';
import { fail } from '../reply.js';
import {
  type Fields,
  optionalBoolean,
  optionalString,
  readBody,
  requiredString,
  wrappedOrFlat,
} from '../request-fields.js';
import { findProvider, findVersion, settleDefaultArchitecture } from '../state.js';
import { providerToWire } from '../wire.js';
import { forgetAssets } from './assets.js';

const VERSION = '/box/:username/:name/version/:version';

export function addProviderRoutes(routes: Routes, context: FakeContext): void {
  const { state, addresses } = context;
  const managedVersion = (req: TestRequest) => {
    const box = managedBox(state, identify(state, req), req.params.username ?? '', req.params.name ?? '');
    const version = findVersion(box, req.params.version ?? '');
    if (version === undefined)
      fail(404, `version ${req.params.version} of ${box.username}/${box.name} not found`);
    return { box, version };
  };
  // The architecture in the path (`/api/v2`), or undefined (`/api/v1`).
  const pathArchitecture = (req: TestRequest) => req.params.architecture;

  const create = (req: TestRequest, res: TestResponse, v2: boolean) => {
    const { box, version } = managedVersion(req);
    const fields = wrappedOrFlat(readBody(req), 'provider');
    const name = requiredString(fields, 'name', 'provider.name');
    const architecture = v2
      ? requiredString(fields, 'architecture', 'provider.architecture')
      : UNKNOWN_ARCHITECTURE;
    if (architecture.trim() === '') fail(403, 'provider.architecture must not be empty');
    const makeDefault = v2
      ? optionalBoolean(fields, 'default_architecture', 'provider.default_architecture')
      : undefined;
    // Through /api/v1 a name is one provider; through /api/v2 one per architecture.
    if (v2 ? findProvider(version, name, architecture) : findProvider(version, name)) {
      fail(
        422,
        `provider ${name}${v2 ? ` (${architecture})` : ''} already exists for version ${version.version}`,
      );
    }
    const now = state.timestamp();
    const provider: ProviderRecord = {
      name,
      architecture,
      defaultArchitecture: false,
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
    const first = version.providers.filter((each) => each.name === name).length === 1;
    settleDefaultArchitecture(version, provider, makeDefault ?? first);
    res.json(201, providerToWire(addresses, box, version, provider, true));
  };

  const update = (req: TestRequest, res: TestResponse, v2: boolean) => {
    const { box, version } = managedVersion(req);
    const provider = existingProvider(box, version, req.params.provider ?? '', pathArchitecture(req));
    const fields: Fields = wrappedOrFlat(readBody(req), 'provider');
    const name = optionalString(fields, 'name', 'provider.name');
    const architecture = v2 ? optionalString(fields, 'architecture', 'provider.architecture') : undefined;
    const makeDefault = v2
      ? optionalBoolean(fields, 'default_architecture', 'provider.default_architecture')
      : undefined;
    const newName = name ?? provider.name;
    const newArchitecture = architecture ?? provider.architecture;
    if (name !== undefined && name.trim() === '') fail(403, 'provider.name must not be empty');
    if (architecture !== undefined && architecture.trim() === '')
      fail(403, 'provider.architecture must not be empty');
    if (newName !== provider.name || newArchitecture !== provider.architecture) {
      const taken = v2
        ? findProvider(version, newName, newArchitecture)
        : version.providers.find((each) => each.name === newName);
      if (taken !== undefined && taken !== provider) {
        fail(
          422,
          `provider ${newName}${v2 ? ` (${newArchitecture})` : ''} already exists for version ${version.version}`,
        );
      }
    }
    applyProviderFields(provider, fields);
    const oldName = provider.name;
    provider.name = newName;
    provider.architecture = newArchitecture;
    if (oldName !== newName) {
      // It leaves its old name's group: another architecture of that name takes the default.
      const left = version.providers.find((each) => each.name === oldName);
      if (
        left !== undefined &&
        !version.providers.some((each) => each.name === oldName && each.defaultArchitecture)
      ) {
        left.defaultArchitecture = true;
      }
      const joined = version.providers.filter((each) => each.name === newName).length === 1;
      settleDefaultArchitecture(version, provider, makeDefault ?? joined);
    } else if (makeDefault !== undefined) {
      settleDefaultArchitecture(version, provider, makeDefault);
    }
    provider.updatedAt = state.timestamp();
    res.json(200, providerToWire(addresses, box, version, provider, true));
  };

  const read = (req: TestRequest, res: TestResponse) => {
    const caller = identify(state, req);
    const box = visibleBox(state, caller, req.params.username ?? '', req.params.name ?? '');
    const version = visibleVersion(state, caller, box, req.params.version ?? '');
    const provider = existingProvider(box, version, req.params.provider ?? '', pathArchitecture(req));
    res.json(200, providerToWire(addresses, box, version, provider, true));
  };

  const remove = async (req: TestRequest, res: TestResponse) => {
    const { box, version } = managedVersion(req);
    const provider = existingProvider(box, version, req.params.provider ?? '', pathArchitecture(req));
    const body = providerToWire(addresses, box, version, provider, true);
    version.providers.splice(version.providers.indexOf(provider), 1);
    if (provider.defaultArchitecture) {
      const next = version.providers.find((each) => each.name === provider.name);
      if (next !== undefined) next.defaultArchitecture = true;
    }
    await forgetAssets(context, [provider]);
    res.json(200, body);
  };

  for (const [prefix, provider, v2] of [
    [API, `${API}${VERSION}/provider/:provider`, false],
    [API_V2, `${API_V2}${VERSION}/provider/:provider/:architecture`, true],
  ] as const) {
    routes.route('POST', `${prefix}${VERSION}/providers`, (req, res) => create(req, res, v2));
    routes.route('GET', provider, read);
    routes.route('PUT', provider, (req, res) => update(req, res, v2));
    routes.route('DELETE', provider, remove);
  }
}
