// Routes of the fake database engine.
import {
  MIN_ROOT_ROTATION_PERIOD_SECONDS,
  MIN_STATIC_ROLE_ROTATION_PERIOD_SECONDS,
} from '../../spec-limits.js';
import { type FakeAnswer, fail, listAnswer } from '../answer.js';
import type { FakeEngine } from '../engine.js';
import type { Fields } from '../fields.js';
import type { FakeRoute, RouteRequest } from '../routes.js';
import { mergeRotation, readRotation, rotationFields, type StoredRotation } from '../rules.js';
import { defaultPolicyPassword } from './password-policy.js';
import {
  DatabaseState,
  type FakeConnection,
  type FakeRole,
  type FakeStaticRole,
  rotationOf,
} from './state.js';

type Route = FakeRoute<DatabaseState>;

const CREDENTIAL_TYPES = ['password', 'rsa_private_key', 'client_certificate'];
const SEMVER = /^v?\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]+)?$/;

function nameOf(request: RouteRequest): string {
  return request.params.name ?? '';
}

function credentialType(fields: Fields): string | undefined {
  const type = fields.string('credential_type');
  if (type !== undefined && !CREDENTIAL_TYPES.includes(type))
    fail(400, `invalid credential_type ${JSON.stringify(type)}`);
  return type;
}

const CONNECTION_ROTATION = { minPeriod: MIN_ROOT_ROTATION_PERIOD_SECONDS, zeroMeansNone: true } as const;
const STATIC_ROLE_ROTATION = {
  minPeriod: MIN_STATIC_ROLE_ROTATION_PERIOD_SECONDS,
  zeroMeansNone: false,
} as const;

function newConnection(name: string): FakeConnection {
  return {
    name,
    plugin_name: '',
    plugin_version: '',
    verify_connection: true,
    allowed_roles: [],
    root_rotation_statements: [],
    password_policy: '',
    skip_static_role_import_rotation: false,
    rotation_period: 0,
    rotation_schedule: '',
    rotation_window: 0,
    disable_automated_rotation: false,
    details: {},
    rootPassword: undefined,
    resets: 0,
    rootRotations: 0,
    users: new Map(),
  };
}

/** Reads and checks the whole body against the stored connection, then stores the result at once. */
function writeConnection(state: DatabaseState, request: RouteRequest): FakeAnswer | undefined {
  const { fields } = request;
  const name = nameOf(request);
  const existing = state.connections.get(name);
  const pluginName = fields.string('plugin_name');
  const pluginVersion = fields.string('plugin_version');
  const given = readRotation(fields, CONNECTION_ROTATION);
  const verify = fields.bool('verify_connection') ?? true;
  const allowed = fields.list('allowed_roles');
  const statements = fields.list('root_rotation_statements');
  const policy = fields.string('password_policy');
  const skip = fields.bool('skip_static_role_import_rotation');
  const password = fields.string('password');
  const current = existing ?? newConnection(name);
  const details: Record<string, unknown> = { ...current.details };
  for (const key of ['connection_url', 'url', 'username']) {
    const value = fields.string(key);
    if (value !== undefined) details[key] = value;
  }
  const escaping = fields.bool('disable_escaping');
  if (escaping !== undefined) details.disable_escaping = escaping;
  Object.assign(details, fields.rest());

  if (!existing && !pluginName) fail(400, 'plugin_name is required');
  if (pluginVersion && !SEMVER.test(pluginVersion))
    fail(400, `plugin_version ${JSON.stringify(pluginVersion)} is not a semantic version`);
  if (verify && !details.connection_url && !details.url) {
    fail(400, 'error verifying the connection: connection_url is required');
  }
  const rotation = mergeRotation(current, given, CONNECTION_ROTATION);

  const next: FakeConnection = {
    ...current,
    ...rotation,
    plugin_name: pluginName || current.plugin_name,
    plugin_version: pluginVersion ?? current.plugin_version,
    verify_connection: verify,
    allowed_roles: allowed ?? current.allowed_roles,
    root_rotation_statements: statements ?? current.root_rotation_statements,
    password_policy: policy ?? current.password_policy,
    skip_static_role_import_rotation: skip ?? current.skip_static_role_import_rotation,
    disable_automated_rotation: given.disable_automated_rotation ?? current.disable_automated_rotation,
    rootPassword: password ?? current.rootPassword,
    details,
  };
  const username = details.username;
  if (typeof username === 'string' && next.rootPassword !== undefined) {
    next.users.set(username, next.rootPassword);
  }
  state.connections.set(name, next);
  return undefined;
}

function readConnection(connection: FakeConnection): FakeAnswer {
  return {
    data: {
      allowed_roles: connection.allowed_roles,
      connection_details: connection.details,
      password_policy: connection.password_policy,
      plugin_name: connection.plugin_name,
      plugin_version: connection.plugin_version,
      root_credentials_rotate_statements: connection.root_rotation_statements,
      skip_static_role_import_rotation: connection.skip_static_role_import_rotation,
      verify_connection: connection.verify_connection,
      ...rotationFields(connection),
      disable_automated_rotation: connection.disable_automated_rotation,
    },
  };
}

/** Reads and checks the whole body against the stored role, then stores the result at once. */
function writeRole(state: DatabaseState, request: RouteRequest): FakeAnswer | undefined {
  const { fields } = request;
  const name = nameOf(request);
  const existing = state.roles.get(name);
  const dbName = fields.string('db_name');
  const creation = fields.list('creation_statements');
  const revocation = fields.list('revocation_statements');
  const rollback = fields.list('rollback_statements');
  const renew = fields.list('renew_statements');
  const defaultTtl = fields.duration('default_ttl');
  const maxTtl = fields.duration('max_ttl');
  const type = credentialType(fields);
  const config = fields.map('credential_config');
  if (!existing && !dbName) fail(400, 'db_name is required');
  if ((!existing || creation !== undefined) && (creation === undefined || creation.length === 0))
    fail(400, 'creation_statements are required');
  const current: FakeRole = existing ?? {
    name,
    db_name: '',
    default_ttl: 0,
    max_ttl: 0,
    creation_statements: [],
    revocation_statements: [],
    rollback_statements: [],
    renew_statements: [],
    credential_type: 'password',
    credential_config: {},
  };
  state.roles.set(name, {
    ...current,
    db_name: dbName || current.db_name,
    creation_statements: creation ?? current.creation_statements,
    revocation_statements: revocation ?? current.revocation_statements,
    rollback_statements: rollback ?? current.rollback_statements,
    renew_statements: renew ?? current.renew_statements,
    default_ttl: defaultTtl ?? current.default_ttl,
    max_ttl: maxTtl ?? current.max_ttl,
    credential_type: type ?? current.credential_type,
    credential_config: config ?? current.credential_config,
  });
  return undefined;
}

function storedRotationOf(role: FakeStaticRole): StoredRotation {
  return {
    rotation_period: role.rotation_period ?? 0,
    rotation_schedule: role.rotation_schedule ?? '',
    rotation_window: role.rotation_window ?? 0,
  };
}

/** Reads and checks the whole body against the stored static role, then stores the result at once. */
function writeStaticRole(state: DatabaseState, request: RouteRequest): FakeAnswer | undefined {
  const { fields, now } = request;
  const name = nameOf(request);
  const existing = state.staticRoles.get(name);
  const username = fields.string('username');
  const dbName = fields.string('db_name');
  const given = readRotation(fields, STATIC_ROLE_ROTATION);
  const password = fields.string('password') || fields.string('self_managed_password');
  const skipGiven = fields.bool('skip_import_rotation');
  const statements = fields.list('rotation_statements');
  const type = credentialType(fields);
  const config = fields.map('credential_config');
  if (existing && username && username !== existing.username) fail(400, 'username cannot be updated');
  if (existing && dbName && dbName !== existing.db_name) fail(400, 'db_name cannot be updated');
  if (!existing && !username) fail(400, 'username is required');
  if (!existing && !dbName) fail(400, 'db_name is required');
  const stored: StoredRotation = existing
    ? storedRotationOf(existing)
    : { rotation_period: 0, rotation_schedule: '', rotation_window: 0 };
  const rotation = mergeRotation(stored, given, STATIC_ROLE_ROTATION);
  if (rotation.rotation_period > 0 === (rotation.rotation_schedule !== '')) {
    fail(400, 'exactly one of rotation_period or rotation_schedule must be set');
  }
  const scheduled = rotation.rotation_schedule !== '';
  const rotationState = {
    rotation_period: scheduled ? undefined : rotation.rotation_period,
    rotation_schedule: scheduled ? rotation.rotation_schedule : undefined,
    rotation_window: scheduled && rotation.rotation_window > 0 ? rotation.rotation_window : undefined,
  };
  if (existing) {
    state.staticRoles.set(name, {
      ...existing,
      ...rotationState,
      rotation_statements: statements ?? existing.rotation_statements,
      credential_type: type ?? existing.credential_type,
      credential_config: config ?? existing.credential_config,
    });
    return undefined;
  }
  const connection = state.connectionFor(dbName ?? '', name);
  const skip = skipGiven ?? connection.skip_static_role_import_rotation;
  if (skip && !password) fail(400, 'password is required when the import rotation is skipped');
  const role: FakeStaticRole = {
    name,
    db_name: dbName ?? '',
    username: username ?? '',
    ...rotationState,
    rotation_statements: statements ?? [],
    skip_import_rotation: skipGiven ?? false,
    credential_type: type ?? 'password',
    credential_config: config ?? {},
    password: password ?? defaultPolicyPassword(),
    createdAt: now,
    lastRotation: undefined,
    rotations: 0,
  };
  if (skip) connection.users.set(role.username, role.password);
  else state.rotate(role, now);
  state.staticRoles.set(name, role);
  return undefined;
}

function staticRoleOf(state: DatabaseState, request: RouteRequest): FakeStaticRole {
  const role = state.staticRoles.get(nameOf(request));
  if (!role) fail(400, `unknown static role ${JSON.stringify(nameOf(request))}`);
  return role;
}

function connectionOf(state: DatabaseState, request: RouteRequest): FakeConnection {
  const connection = state.connections.get(nameOf(request));
  if (!connection) fail(400, `unknown connection ${JSON.stringify(nameOf(request))}`);
  return connection;
}

const routes: readonly Route[] = [
  {
    operations: ['read', 'write', 'delete'],
    pattern: 'config/:name',
    summary: 'Configure a connection to a database.',
    exists: (state, request) => state.connections.has(nameOf(request)),
    handle: (state, request) => {
      if (request.operation === 'write') return writeConnection(state, request);
      if (request.operation === 'delete') {
        state.connections.delete(nameOf(request));
        return undefined;
      }
      const connection = state.connections.get(nameOf(request));
      return connection ? readConnection(connection) : fail(404);
    },
  },
  {
    operations: ['list'],
    pattern: 'config',
    summary: 'List connections.',
    handle: (state) => listAnswer(state.connections.keys()),
  },
  {
    operations: ['write'],
    pattern: 'reset/:name',
    summary: 'Close a connection and its plugin and start it again from the stored configuration.',
    handle: (state, request) => {
      connectionOf(state, request).resets += 1;
      return undefined;
    },
  },
  {
    operations: ['write'],
    pattern: 'reload/:plugin_name',
    summary: 'Reset every connection that uses a plugin.',
    handle: (state, request) => {
      const names = [...state.connections.values()]
        .filter((connection) => connection.plugin_name === request.params.plugin_name)
        .map((connection) => {
          connection.resets += 1;
          return connection.name;
        })
        .sort();
      return { data: { connections: names, count: names.length } };
    },
  },
  {
    operations: ['write'],
    pattern: 'rotate-root/:name',
    summary: "Rotate the root user's password; the new one cannot be read back.",
    handle: (state, request) => {
      const connection = connectionOf(state, request);
      const username = connection.details.username;
      if (typeof username !== 'string' || connection.rootPassword === undefined) {
        fail(400, 'the connection has no root username and password to rotate');
      }
      connection.rootPassword = defaultPolicyPassword();
      connection.rootRotations += 1;
      connection.users.set(username, connection.rootPassword);
      return undefined;
    },
  },
  {
    operations: ['read', 'write', 'delete'],
    pattern: 'roles/:name',
    summary: 'Manage a role that creates database users per request.',
    exists: (state, request) => state.roles.has(nameOf(request)),
    handle: (state, request) => {
      if (request.operation === 'write') return writeRole(state, request);
      if (request.operation === 'delete') {
        state.roles.delete(nameOf(request));
        return undefined;
      }
      const role = state.roles.get(nameOf(request));
      if (!role) fail(404);
      return {
        data: {
          creation_statements: role.creation_statements,
          credential_type: role.credential_type,
          credential_config: role.credential_config,
          db_name: role.db_name,
          default_ttl: role.default_ttl,
          max_ttl: role.max_ttl,
          renew_statements: role.renew_statements,
          revocation_statements: role.revocation_statements,
          rollback_statements: role.rollback_statements,
        },
      };
    },
  },
  {
    operations: ['list'],
    pattern: 'roles',
    summary: 'List roles.',
    handle: (state) => listAnswer(state.roles.keys()),
  },
  {
    operations: ['read'],
    pattern: 'creds/:name',
    summary: 'Create a database user for a role, under a lease.',
    handle: (state, request) => {
      const issued = state.issueCredentials(nameOf(request), request.now);
      return {
        data: issued.data,
        leaseId: issued.leaseId,
        leaseDuration: issued.leaseDuration,
        renewable: true,
      };
    },
  },
  {
    operations: ['read', 'write', 'delete'],
    pattern: 'static-roles/:name',
    summary: 'Manage a static role: one database user whose password is rotated.',
    exists: (state, request) => state.staticRoles.has(nameOf(request)),
    handle: (state, request) => {
      if (request.operation === 'write') return writeStaticRole(state, request);
      if (request.operation === 'delete') {
        // The database user stays; the service leaves its clean-up to the operator.
        state.staticRoles.delete(nameOf(request));
        return undefined;
      }
      const role = state.staticRoles.get(nameOf(request));
      if (!role) fail(404);
      return {
        data: {
          credential_type: role.credential_type,
          credential_config: role.credential_config,
          db_name: role.db_name,
          username: role.username,
          rotation_statements: role.rotation_statements,
          skip_import_rotation: role.skip_import_rotation,
          ...rotationOf(role),
        },
      };
    },
  },
  {
    operations: ['list'],
    pattern: 'static-roles',
    summary: 'List static roles.',
    handle: (state) => listAnswer(state.staticRoles.keys()),
  },
  {
    operations: ['read'],
    pattern: 'static-creds/:name',
    summary: "Read a static role's current credentials and the time to its next rotation.",
    handle: (state, request) => ({
      data: state.staticCredentials(staticRoleOf(state, request), request.now),
    }),
  },
  {
    operations: ['write'],
    pattern: 'rotate-role/:name',
    summary: "Rotate a static role's password now.",
    handle: (state, request) => {
      state.rotate(staticRoleOf(state, request), request.now);
      return undefined;
    },
  },
];

/** The database engine. */
export const databaseEngine: FakeEngine<DatabaseState> = {
  description: 'The database engine: dynamic database users and static roles with rotated passwords.',
  routes,
  create: (context) => new DatabaseState(context),
};
