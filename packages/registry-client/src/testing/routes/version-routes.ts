// Versions and their state machine: created `unreleased`; release (needs a usable provider) makes them
// `active`; revoke makes an active version `revoked`; a revoked version may be released again.
import { identify, managedBox, visibleBox, visibleVersion } from '../access.js';
import { API, type FakeContext, type Routes } from '../context.js';
import type { VersionRecord } from '../records.js';
import { fail } from '../reply.js';
import { optionalString, readBody, requiredString, wrappedOrFlat } from '../request-fields.js';
import { findVersion, isUsable } from '../state.js';
import { versionToWire } from '../wire.js';
import { forgetAssets } from './assets.js';

const BOX = `${API}/box/:username/:name`;
const VERSION = `${BOX}/version/:version`;

export function addVersionRoutes(routes: Routes, context: FakeContext): void {
  const { state, addresses } = context;
  const managed = (req: Parameters<typeof identify>[1]) => {
    const box = managedBox(state, identify(state, req), req.params.username ?? '', req.params.name ?? '');
    const version = findVersion(box, req.params.version ?? '');
    if (version === undefined)
      fail(404, `version ${req.params.version} of ${box.username}/${box.name} not found`);
    return { box, version };
  };

  routes.route('POST', `${BOX}/versions`, (req, res) => {
    const box = managedBox(state, identify(state, req), req.params.username ?? '', req.params.name ?? '');
    const fields = wrappedOrFlat(readBody(req), 'version', true);
    const number = requiredString(fields, 'version', 'version.version');
    if (findVersion(box, number)) fail(422, `version ${number} already exists`);
    const now = state.timestamp();
    const version: VersionRecord = {
      version: number,
      descriptionMarkdown: optionalString(fields, 'description', 'version.description') ?? null,
      status: 'unreleased',
      providers: [],
      createdAt: now,
      updatedAt: now,
    };
    box.versions.push(version);
    res.json(201, versionToWire(addresses, box, version));
  });

  routes.route('GET', VERSION, (req, res) => {
    const caller = identify(state, req);
    const box = visibleBox(state, caller, req.params.username ?? '', req.params.name ?? '');
    res.json(
      200,
      versionToWire(addresses, box, visibleVersion(state, caller, box, req.params.version ?? '')),
    );
  });

  routes.route('PUT', VERSION, (req, res) => {
    const { box, version } = managed(req);
    const fields = wrappedOrFlat(readBody(req), 'version', true);
    const number = optionalString(fields, 'version', 'version.version');
    const description = optionalString(fields, 'description', 'version.description');
    if (number !== undefined && number !== version.version) {
      if (number.trim() === '') fail(403, 'version.version must not be empty');
      if (findVersion(box, number)) fail(422, `version ${number} already exists`);
      version.version = number;
    }
    if (description !== undefined) version.descriptionMarkdown = description;
    version.updatedAt = state.timestamp();
    res.json(200, versionToWire(addresses, box, version));
  });

  routes.route('DELETE', VERSION, async (req, res) => {
    const { box, version } = managed(req);
    const body = versionToWire(addresses, box, version);
    box.versions.splice(box.versions.indexOf(version), 1);
    await forgetAssets(context, version.providers);
    res.json(200, body);
  });

  routes.route('PUT', `${VERSION}/release`, (req, res) => {
    const { box, version } = managed(req);
    if (version.status === 'active') fail(422, `version ${version.version} is already released`);
    if (!version.providers.some(isUsable)) {
      fail(422, 'a version needs a provider with an uploaded box or a url before it can be released');
    }
    version.status = 'active';
    version.updatedAt = box.updatedAt = state.timestamp();
    res.json(200, versionToWire(addresses, box, version));
  });

  routes.route('PUT', `${VERSION}/revoke`, (req, res) => {
    const { box, version } = managed(req);
    if (version.status !== 'active')
      fail(422, `version ${version.version} is not released, so it cannot be revoked`);
    version.status = 'revoked';
    version.updatedAt = box.updatedAt = state.timestamp();
    res.json(200, versionToWire(addresses, box, version));
  });
}
