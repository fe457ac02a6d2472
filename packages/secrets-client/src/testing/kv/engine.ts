// The versioned key-value engine: `data/` (read a version, write one, delete the current one),
// `delete/`, `undelete/` and `destroy/` of versions, `metadata/` (read, list, delete everything).
import { fail, listAnswer } from '../answer.js';
import type { FakeEngine } from '../engine.js';
import type { Fields } from '../fields.js';
import type { FakeRoute, RouteRequest } from '../routes.js';
import { type FakeKvSettings, type FakeKvVersion, isDeleted, KvState } from './state.js';

function pathOf(request: RouteRequest): string {
  return request.params.path ?? '';
}

function versionsOf(fields: Fields): number[] {
  const versions = (fields.list('versions') ?? []).map((item) => Number(item));
  if (versions.length === 0) fail(400, 'no version number provided');
  if (versions.some((version) => !Number.isSafeInteger(version) || version < 1)) {
    fail(400, 'field versions: expected a list of version numbers (whole numbers from 1)');
  }
  return versions;
}

function writeSecret(state: KvState, request: RouteRequest) {
  // Secret values are any JSON, not only text: the body's `data` is kept as it was sent.
  const data = request.fields.object('data');
  if (data === undefined) fail(400, 'no data provided');
  return { data: state.write(pathOf(request), data, casOf(request.fields), request.now) };
}

function casOf(fields: Fields): number | undefined {
  const given = fields.object('options')?.cas;
  const cas = given === undefined || given === null ? undefined : Number(given);
  if (cas !== undefined && !(Number.isSafeInteger(cas) && cas >= 0)) {
    fail(400, 'options.cas: expected a version number (a whole number, 0 or more)');
  }
  return cas;
}

function whole(text: string | null, name: string): number | undefined {
  if (text === null) return undefined;
  if (!/^\d+$/.test(text)) fail(400, `${name} must be a whole number`);
  return Number(text);
}

function settingsOf(fields: Fields): FakeKvSettings {
  const maxVersions = fields.int('max_versions');
  if (maxVersions !== undefined && maxVersions < 0) fail(400, 'max_versions must be 0 or more');
  const custom = fields.object('custom_metadata');
  if (
    custom !== undefined &&
    Object.values(custom).some((value) => value !== null && typeof value !== 'string')
  )
    fail(400, 'custom_metadata values must be text');
  return {
    max_versions: maxVersions,
    cas_required: fields.bool('cas_required'),
    delete_version_after: fields.duration('delete_version_after'),
    custom_metadata: custom as Record<string, string | null> | undefined,
  };
}

function versionChange(change: (entry: FakeKvVersion, now: number) => void) {
  return (state: KvState, request: RouteRequest) => {
    state.change(pathOf(request), versionsOf(request.fields), (entry) => change(entry, request.now));
    return undefined;
  };
}

function softDelete(entry: FakeKvVersion, now: number): void {
  // A deletion time still to come (`delete_version_after`) moves to now.
  if (!entry.destroyed && !isDeleted(entry, now)) entry.deletion_time = new Date(now).toISOString();
}

const routes: readonly FakeRoute<KvState>[] = [
  {
    operations: ['read', 'write', 'patch', 'delete'],
    pattern: 'data/*path',
    summary:
      'Read a version of a secret, write a new one (check-and-set with options.cas), merge a patch into the current one, or delete the current one.',
    exists: (state, request) => state.secrets.has(pathOf(request)),
    handle: (state, request) => {
      if (request.operation === 'write') return writeSecret(state, request);
      if (request.operation === 'patch') {
        const data = request.fields.object('data');
        if (data === undefined) fail(400, 'no data provided');
        return { data: state.patch(pathOf(request), data, casOf(request.fields), request.now) };
      }
      if (request.operation === 'delete') {
        state.change(pathOf(request), state.currentVersion(pathOf(request)), (entry) =>
          softDelete(entry, request.now),
        );
        return undefined;
      }
      const version = request.query.get('version');
      if (version !== null && !/^\d+$/.test(version)) fail(400, 'version must be a whole number');
      return state.read(pathOf(request), version === null ? undefined : Number(version));
    },
  },
  {
    operations: ['read'],
    pattern: 'subkeys/*path',
    summary: 'The names of a version of a secret, without their values, to a depth.',
    handle: (state, request) =>
      state.subkeys(
        pathOf(request),
        whole(request.query.get('version'), 'version'),
        whole(request.query.get('depth'), 'depth') ?? 0,
      ),
  },
  {
    operations: ['write'],
    pattern: 'delete/*path',
    summary: 'Delete versions of a secret: hidden from reads, restorable with undelete.',
    handle: versionChange(softDelete),
  },
  {
    operations: ['write'],
    pattern: 'undelete/*path',
    summary: 'Restore deleted versions of a secret (destroyed ones stay destroyed).',
    handle: versionChange((entry) => {
      if (!entry.destroyed) entry.deletion_time = '';
    }),
  },
  {
    operations: ['write'],
    pattern: 'destroy/*path',
    summary: 'Destroy versions of a secret: their data is gone for good.',
    handle: versionChange((entry) => {
      entry.destroyed = true;
      entry.data = null;
    }),
  },
  {
    operations: ['list'],
    pattern: 'metadata',
    summary: 'List the secrets and folders at the top of the mount.',
    handle: (state) => listAnswer(state.list('')),
  },
  {
    operations: ['read', 'list', 'write', 'patch', 'delete'],
    pattern: 'metadata/*path',
    summary:
      'Read, write or patch the metadata of a secret, list a folder, or delete a secret with every version.',
    exists: (state, request) => state.secrets.has(pathOf(request)),
    handle: (state, request) => {
      if (request.operation === 'write' || request.operation === 'patch') {
        state.settle(pathOf(request), settingsOf(request.fields), request.operation === 'patch', request.now);
        return undefined;
      }
      if (request.operation === 'list') return listAnswer(state.list(pathOf(request)));
      if (request.operation === 'delete') {
        state.secrets.delete(pathOf(request));
        return undefined;
      }
      return { data: state.metadata(pathOf(request)) };
    },
  },
];

/** A versioned key-value mount. */
export const kvEngine: FakeEngine<KvState> = {
  description:
    'A versioned key-value store: secrets with versions that can be deleted, restored and destroyed.',
  routes,
  create: (context) => new KvState(context.clock),
};
