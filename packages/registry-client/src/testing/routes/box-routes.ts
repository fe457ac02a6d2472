// POST /boxes and GET/PUT/DELETE /box/:username/:name.
import { identify, managedBox, requireUser, visibleBox, visibleVersions } from '../access.js';
import { API, type FakeContext, type Routes } from '../context.js';
import type { BoxRecord } from '../records.js';
import { fail } from '../reply.js';
import {
  type Fields,
  optionalBoolean,
  optionalString,
  readBody,
  requiredString,
  wrappedOrFlat,
} from '../request-fields.js';
import { boxToWire } from '../wire.js';
import { forgetAssets } from './assets.js';

const BOX_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

function checkName(name: string): string {
  if (!BOX_NAME.test(name)) fail(403, 'box.name may use letters, digits, ".", "_" and "-" only');
  return name;
}

function describe(box: BoxRecord, fields: Fields): void {
  const shortDescription = optionalString(fields, 'short_description', 'box.short_description');
  const description = optionalString(fields, 'description', 'box.description');
  const isPrivate = optionalBoolean(fields, 'is_private', 'box.is_private');
  if (shortDescription !== undefined) box.shortDescription = shortDescription;
  if (description !== undefined) box.descriptionMarkdown = description;
  if (isPrivate !== undefined) box.private = isPrivate;
}

export function addBoxRoutes(routes: Routes, context: FakeContext): void {
  const { state, addresses } = context;
  const read = (box: BoxRecord, versions = box.versions) => boxToWire(addresses, box, versions);

  routes.route('POST', `${API}/boxes`, (req, res) => {
    const caller = identify(state, req);
    const user = requireUser(caller);
    const fields = wrappedOrFlat(readBody(req), 'box');
    const owner = optionalString(fields, 'username', 'box.username') ?? user;
    const name = checkName(requiredString(fields, 'name', 'box.name'));
    const account = state.accounts.get(owner.toLowerCase());
    if (account === undefined) fail(404, `user or organization ${owner} not found`);
    if (!state.administers(user, account.username)) fail(401, `${user} may not create boxes for ${owner}`);
    if (account.delinquent) fail(402, `${account.username} is delinquent on billing; contact the owner`);
    if (state.findBox(account.username, name)) fail(422, `name ${name} has already been taken`);
    const now = state.timestamp();
    const box: BoxRecord = {
      username: account.username,
      name,
      shortDescription: null,
      descriptionMarkdown: null,
      private: true,
      downloads: 0,
      versions: [],
      createdAt: now,
      updatedAt: now,
    };
    describe(box, fields);
    state.boxes.push(box);
    res.json(201, read(box));
  });

  routes.route('GET', `${API}/box/:username/:name`, (req, res) => {
    const caller = identify(state, req);
    const box = visibleBox(state, caller, req.params.username ?? '', req.params.name ?? '');
    res.json(200, read(box, visibleVersions(state, caller, box)));
  });

  routes.route('PUT', `${API}/box/:username/:name`, (req, res) => {
    const box = managedBox(state, identify(state, req), req.params.username ?? '', req.params.name ?? '');
    const fields = wrappedOrFlat(readBody(req), 'box');
    const name = optionalString(fields, 'name', 'box.name');
    if (name !== undefined && name.toLowerCase() !== box.name.toLowerCase()) {
      if (state.findBox(box.username, checkName(name))) fail(422, `name ${name} has already been taken`);
    }
    if (name !== undefined) box.name = checkName(name);
    describe(box, fields);
    box.updatedAt = state.timestamp();
    res.json(200, read(box));
  });

  routes.route('DELETE', `${API}/box/:username/:name`, async (req, res) => {
    const box = managedBox(state, identify(state, req), req.params.username ?? '', req.params.name ?? '');
    const body = read(box);
    state.boxes.splice(state.boxes.indexOf(box), 1);
    await forgetAssets(
      context,
      box.versions.flatMap((version) => version.providers),
    );
    res.json(200, body);
  });
}
