// Routes of `sys/sync` in the fake.
import { createHash } from 'node:crypto';
import { type FakeAnswer, fail, listAnswer } from '../answer.js';
import type { Fields } from '../fields.js';
import type { KvState } from '../kv/state.js';
import type { FakeRoute, RouteRequest } from '../routes.js';
import type { SysState } from '../sys-state.js';
import {
  DEFAULT_SECRET_NAME_TEMPLATE,
  DESTINATION_TYPE_INFO,
  type DestinationTypeInfo,
  MASK,
} from './destination-types.js';
import type { FakeAssociation, FakeDestination } from './state.js';

type Route = FakeRoute<SysState>;

function destinationKey(request: RouteRequest): string {
  return `${request.params.type}/${request.params.name}`;
}

function destinationOf(state: SysState, request: RouteRequest): FakeDestination {
  const destination = state.sync.destinations.get(destinationKey(request));
  if (!destination) fail(404, `destination ${JSON.stringify(destinationKey(request))} does not exist`);
  return destination;
}

function describeDestination(destination: FakeDestination, withTags: boolean): Record<string, unknown> {
  const info = DESTINATION_TYPE_INFO[destination.type];
  const details: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(destination.connection)) {
    details[key] = info?.secret.includes(key) ? MASK : value;
  }
  const { custom_tags: tags, ...options } = destination.options;
  return {
    connection_details: details,
    name: destination.name,
    type: destination.type,
    options: withTags && tags !== undefined ? { ...options, custom_tags: tags } : options,
    ...(destination.purgeInitiatedAt === undefined
      ? {}
      : { purge_initiated_at: destination.purgeInitiatedAt }),
  };
}

function readCommonOptions(
  fields: Fields,
  info: DestinationTypeInfo,
  current: Record<string, unknown>,
): Record<string, unknown> {
  const options: Record<string, unknown> = {
    granularity_level: current.granularity_level ?? info.granularity,
    secret_name_template: current.secret_name_template ?? DEFAULT_SECRET_NAME_TEMPLATE,
    ...current,
  };
  const template = fields.string('secret_name_template');
  if (template !== undefined) options.secret_name_template = template || DEFAULT_SECRET_NAME_TEMPLATE;
  const granularity = fields.string('granularity');
  if (granularity) options.granularity_level = granularity;
  if (info.customTags) {
    const tags = fields.map('custom_tags');
    if (tags !== undefined) options.custom_tags = tags;
  }
  const strict = fields.bool('disable_strict_networking');
  if (strict !== undefined) options.disable_strict_networking = strict;
  for (const key of ['allowed_ipv4_addresses', 'allowed_ipv6_addresses']) {
    const list = fields.list(key);
    if (list !== undefined) options[key] = list;
  }
  const ports = fields.list('allowed_ports');
  if (ports !== undefined) {
    const numbers = ports.map((port) => (/^\d{1,5}$/.test(port) ? Number(port) : Number.NaN));
    if (numbers.some((port) => !(port >= 0 && port <= 65535))) {
      fail(400, `allowed_ports: expected port numbers (0-65535), got ${JSON.stringify(ports)}`);
    }
    options.allowed_ports = numbers;
  }
  return options;
}

function checkRepoHost(state: SysState, connection: Record<string, unknown>): void {
  const token = Boolean(connection.access_token);
  const app =
    typeof connection.app_name === 'string' && connection.app_name !== '' ? connection.app_name : undefined;
  if (token === (app !== undefined)) fail(400, 'give either access_token or app_name (with installation_id)');
  if (app !== undefined) {
    if (!connection.installation_id) fail(400, 'installation_id is required with app_name');
    if (!state.sync.apps.has(app))
      fail(400, `no repository-host app named ${JSON.stringify(app)} is configured`);
  }
  const location = connection.secrets_location ?? 'repository';
  if (location !== 'repository' && location !== 'organization')
    fail(400, 'secrets_location must be organization or repository');
  const needed =
    location === 'organization' ? ['organization_name'] : ['repository_owner', 'repository_name'];
  for (const key of needed)
    if (!connection[key]) fail(400, `${key} is required when secrets_location is ${location}`);
}

function writeDestination(state: SysState, request: RouteRequest): FakeAnswer {
  const type = request.params.type ?? '';
  const name = request.params.name ?? '';
  const info = DESTINATION_TYPE_INFO[type];
  if (!info) fail(400, `invalid destination type ${JSON.stringify(type)}`);
  const { fields } = request;
  const key = `${type}/${name}`;
  const existing = state.sync.destinations.get(key);
  if (existing?.purgeInitiatedAt) fail(400, 'the destination is being purged');
  const connection: Record<string, unknown> = { ...existing?.connection };
  for (const field of info.fields) {
    if (
      field === 'replication_locations' ||
      field === 'selected_repository_names' ||
      field === 'deployment_environments'
    ) {
      const list = fields.list(field);
      if (list !== undefined) connection[field] = list;
    } else if (field === 'locational_kms_keys') {
      const map = fields.map(field);
      if (map !== undefined) connection[field] = map;
    } else {
      const value = fields.string(field);
      if (value !== undefined) connection[field] = value;
    }
  }
  for (const field of info.required) {
    const value = connection[field];
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
      fail(400, `${field} is required for a ${type} destination`);
    }
  }
  if (type === 'repo-host') checkRepoHost(state, connection);
  if (type === 'hosting-project') {
    const environments = connection.deployment_environments as string[];
    const wrong = environments.filter((item) => !['development', 'preview', 'production'].includes(item));
    if (wrong.length > 0) fail(400, `invalid deployment_environments: ${wrong.join(', ')}`);
  }
  const destination: FakeDestination = {
    type,
    name,
    connection,
    options: readCommonOptions(fields, info, existing?.options ?? {}),
    purgeInitiatedAt: undefined,
  };
  state.sync.destinations.set(key, destination);
  return { data: describeDestination(destination, true) };
}

function deleteDestination(state: SysState, request: RouteRequest): undefined {
  const key = destinationKey(request);
  const destination = state.sync.destinations.get(key);
  if (!destination) return undefined;
  const links = state.sync.associations.get(key);
  const count = links?.size ?? 0;
  if (request.query.get('purge') !== 'true') {
    if (count > 0) {
      fail(
        400,
        `the destination still manages ${count} associated secrets; remove them or delete it with purge=true`,
      );
    }
    state.sync.destinations.delete(key);
    state.sync.associations.delete(key);
    return undefined;
  }
  destination.purgeInitiatedAt = new Date(request.now).toISOString();
  // The service unsyncs the associations and deletes the destination in the background.
  state.sync.startPurge(key, state.timings.purgeDelayMs);
  return undefined;
}

/** The versioned key-value mount a request names, with its accessor and the secret's current version. */
function secretOf(
  state: SysState,
  fields: Fields,
): Omit<FakeAssociation, 'sync_status' | 'updated_at' | 'synced_version'> & {
  readonly version: number | undefined;
} {
  const mount = fields.required('mount').replace(/\/+$/, '');
  const secret_name = fields.required('secret_name');
  const entry = state.namespace.mounts.get(mount);
  if (entry?.type !== 'kv') fail(400, `mount ${JSON.stringify(mount)} is not a versioned key-value mount`);
  const version = (entry.state as KvState).current(secret_name)?.version;
  return { mount, accessor: entry.accessor, secret_name, version };
}

function associationsAnswer(destination: FakeDestination, entries: Iterable<FakeAssociation>): FakeAnswer {
  const associated_secrets: Record<string, unknown> = {};
  for (const association of entries) {
    associated_secrets[`${association.accessor}/${association.secret_name}`] = {
      accessor: association.accessor,
      secret_name: association.secret_name,
      sync_status: association.sync_status,
      updated_at: association.updated_at,
    };
  }
  return { data: { associated_secrets, store_name: destination.name, store_type: destination.type } };
}

function changeAssociation(action: 'set' | 'remove'): (state: SysState, request: RouteRequest) => FakeAnswer {
  return (state, request) => {
    const destination = destinationOf(state, request);
    if (action === 'set' && destination.purgeInitiatedAt) fail(400, 'the destination is being purged');
    const { version, ...secret } = secretOf(state, request.fields);
    // Sync copies the secret's current version: with none to read there is nothing to link. Unlinking
    // succeeds whether or not the secret still exists.
    if (action === 'set' && version === undefined) {
      fail(
        400,
        `secret ${JSON.stringify(secret.secret_name)} not found in mount ${JSON.stringify(secret.mount)}, or its current version is deleted or destroyed: there is nothing to sync`,
      );
    }
    try {
      const association = state.sync[action](
        destinationKey(request),
        { ...secret, synced_version: version },
        request.now,
      );
      return associationsAnswer(destination, [association]);
    } catch (error) {
      if (error instanceof RangeError) fail(400, error.message);
      throw error;
    }
  };
}

function secretDestinations(state: SysState, mount: string, secretName: string): FakeAnswer {
  const key = `${mount.replace(/\/+$/, '')}/${secretName}`;
  const associated_destinations: Record<string, unknown> = {};
  for (const [destination, links] of state.sync.associations) {
    const association = links.get(key);
    const stored = state.sync.destinations.get(destination);
    if (!association || !stored) continue;
    associated_destinations[destination] = {
      type: stored.type,
      name: stored.name,
      sync_status: association.sync_status,
      updated_at: association.updated_at,
    };
  }
  return { data: { associated_destinations } };
}

function describeApp(name: string, app: { app_id: number; fingerprint: string }): FakeAnswer {
  return {
    data: { app_id: app.app_id, fingerprint: app.fingerprint, name, private_key: MASK },
    mountType: 'system',
  };
}

/** Routes under `sys/sync`. */
export const syncRoutes: readonly Route[] = [
  {
    operations: ['read', 'patch'],
    pattern: 'sync/config',
    summary: 'Suspend or resume syncing and size its queue (root or administrative namespace only).',
    handle: (state, request) => {
      if (!state.administrative) {
        fail(400, 'the sync configuration can only be managed from the root or the administrative namespace');
      }
      if (request.operation === 'patch') {
        const disabled = request.fields.bool('disabled');
        const capacity = request.fields.int('queue_capacity');
        if (capacity !== undefined && capacity < 1) fail(400, 'queue_capacity must be at least 1');
        state.sync.configure({ disabled, queue_capacity: capacity }, request.now);
      }
      return { data: { ...state.sync.config }, mountType: 'system' };
    },
  },
  {
    operations: ['list'],
    pattern: 'sync/destinations',
    summary: 'List every destination, grouped by type.',
    handle: (state) => {
      const byType: Record<string, string[]> = {};
      for (const destination of state.sync.destinations.values()) {
        const key = `${destination.type}/`;
        byType[key] = [...(byType[key] ?? []), destination.name];
      }
      for (const names of Object.values(byType)) names.sort();
      return listAnswer(Object.keys(byType), {
        key_info: byType,
        total_destinations: state.sync.destinations.size,
      });
    },
  },
  {
    operations: ['list'],
    pattern: 'sync/destinations/:type',
    summary: 'List the destinations of one type.',
    handle: (state, request) => {
      const names = [...state.sync.destinations.values()]
        .filter((destination) => destination.type === request.params.type)
        .map((destination) => destination.name);
      return listAnswer(names, { total_destinations: names.length });
    },
  },
  {
    operations: ['read', 'write', 'patch', 'delete'],
    pattern: 'sync/destinations/:type/:name',
    summary:
      'Create, read, patch (only the fields given) or delete a destination (delete with purge=true to drop its associations first).',
    exists: (state, request) => state.sync.destinations.has(destinationKey(request)),
    handle: (state, request) => {
      if (request.operation === 'write') return writeDestination(state, request);
      if (request.operation === 'patch') {
        if (!state.sync.destinations.has(destinationKey(request))) fail(404);
        return writeDestination(state, request);
      }
      if (request.operation === 'delete') return deleteDestination(state, request);
      return { data: describeDestination(destinationOf(state, request), false) };
    },
  },
  {
    operations: ['read'],
    pattern: 'sync/destinations/:type/:name/associations',
    summary: 'Read the secrets associated with a destination.',
    handle: (state, request) =>
      associationsAnswer(destinationOf(state, request), state.sync.linksOf(destinationKey(request)).values()),
  },
  {
    operations: ['write'],
    pattern: 'sync/destinations/:type/:name/associations/set',
    summary: 'Associate a secret with a destination and sync it.',
    handle: changeAssociation('set'),
  },
  {
    operations: ['write'],
    pattern: 'sync/destinations/:type/:name/associations/remove',
    summary: 'Remove an association and delete the secret at the destination.',
    handle: changeAssociation('remove'),
  },
  {
    operations: ['list'],
    pattern: 'sync/associations',
    summary: 'List every associated secret.',
    handle: (state) => {
      const keyInfo: Record<string, { mount: string; secret_path: string }[]> = {};
      let total = 0;
      for (const [, association] of state.sync.all()) {
        total += 1;
        keyInfo[`${association.mount}/${association.secret_name}`] = [
          { mount: `${association.mount}/`, secret_path: association.secret_name },
        ];
      }
      return listAnswer(Object.keys(keyInfo), {
        key_info: keyInfo,
        total_associations: total,
        total_secrets: Object.keys(keyInfo).length,
      });
    },
  },
  {
    operations: ['read'],
    pattern: 'sync/associations/destinations',
    summary: 'The destinations of a secret, by query (for names with "/").',
    handle: (state, request) => {
      const mount = request.query.get('mount');
      const secret = request.query.get('secret_name');
      if (!mount || !secret) fail(400, 'mount and secret_name are required');
      return secretDestinations(state, mount, secret);
    },
  },
  {
    operations: ['read'],
    pattern: 'sync/associations/:mount/:secret_name',
    summary: 'The destinations of a secret.',
    handle: (state, request) =>
      secretDestinations(state, request.params.mount ?? '', request.params.secret_name ?? ''),
  },
  {
    operations: ['read', 'write', 'delete'],
    pattern: 'sync/github-apps/:name',
    summary: 'Manage a custom repository-host app.',
    exists: (state, request) => state.sync.apps.has(request.params.name ?? ''),
    handle: (state, request) => {
      const name = request.params.name ?? '';
      if (request.operation === 'write') {
        const appId = request.fields.int('app_id');
        const privateKey = request.fields.required('private_key');
        if (appId === undefined || appId < 1) fail(400, 'app_id is required');
        const app = {
          app_id: appId,
          private_key: privateKey,
          fingerprint: createHash('sha256').update(privateKey).digest('base64'),
        };
        state.sync.apps.set(name, app);
        return describeApp(name, app);
      }
      const app = state.sync.apps.get(name);
      if (request.operation === 'delete') {
        const users = [...state.sync.destinations.values()].filter(
          (destination) => destination.type === 'repo-host' && destination.connection.app_name === name,
        );
        if (users.length > 0) {
          fail(
            400,
            `the app is used by ${users.length} destinations (${users.map((item) => item.name).join(', ')}); change them first`,
          );
        }
        state.sync.apps.delete(name);
        return undefined;
      }
      return app ? describeApp(name, app) : fail(404);
    },
  },
];
