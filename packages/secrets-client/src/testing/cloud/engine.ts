// Routes of the fake cloud-credentials engine.
import { randomBytes } from 'node:crypto';
import { formatDuration } from '@infra-sdk/core';
import { MAX_IMPERSONATED_TTL_SECONDS, MIN_ROOT_ROTATION_PERIOD_SECONDS } from '../../spec-limits.js';
import { type FakeAnswer, fail, listAnswer } from '../answer.js';
import type { FakeEngine } from '../engine.js';
import type { Fields } from '../fields.js';
import type { FakeRoute, RouteRequest } from '../routes.js';
import { mergeRotation, readRotation, rotationFields } from '../rules.js';
import { parseBindings } from './bindings.js';
import { CloudState, type FakeCloudConfig, type FakeSecretOwner, type FakeSecretType } from './state.js';

type Route = FakeRoute<CloudState>;
type OwnerKind = FakeSecretOwner['kind'];

function secretTypeOf(fields: Fields): FakeSecretType | undefined {
  const value = fields.string('secret_type');
  if (value === undefined || value === '') return undefined;
  if (value !== 'access_token' && value !== 'service_account_key') {
    fail(400, `secret_type must be access_token or service_account_key, not ${JSON.stringify(value)}`);
  }
  return value;
}

function projectOfEmail(email: string): string {
  return /@([^.]+)\.iam\.gserviceaccount\.com$/.exec(email)?.[1] ?? '';
}

function collection(state: CloudState, kind: OwnerKind): Map<string, FakeSecretOwner> {
  return kind === 'roleset'
    ? state.rolesets
    : kind === 'static-account'
      ? state.staticAccounts
      : state.impersonatedAccounts;
}

function ownerOf(state: CloudState, kind: OwnerKind, name: string | undefined): FakeSecretOwner {
  const owner = name === undefined ? undefined : collection(state, kind).get(name);
  if (!owner) fail(400, `${kind} ${JSON.stringify(name)} does not exist`);
  return owner;
}

function newAccountEmail(name: string, project: string): string {
  return `sec-${name.slice(0, 12).toLowerCase()}-${randomBytes(5).toString('hex')}@${project}.iam.gserviceaccount.com`;
}

function describeOwner(owner: FakeSecretOwner): FakeAnswer {
  if (owner.kind === 'impersonated-account') {
    return {
      data: {
        service_account_email: owner.service_account_email,
        service_account_project: owner.service_account_project,
        token_scopes: owner.token_scopes,
        ttl: owner.ttl,
      },
    };
  }
  return {
    data: {
      secret_type: owner.secret_type,
      service_account_email: owner.service_account_email,
      service_account_project: owner.service_account_project,
      bindings: owner.bindings,
      token_scopes: owner.token_scopes,
    },
  };
}

function fixed(
  existing: FakeSecretOwner | undefined,
  field: string,
  given: string | undefined,
  current: string | undefined,
): void {
  if (existing && given !== undefined && given !== '' && given !== current) {
    fail(400, `${field} cannot be updated after creation (it is ${JSON.stringify(current)})`);
  }
}

/** Creates or updates a roleset or static account. */
function writeOwner(state: CloudState, kind: 'roleset' | 'static-account', request: RouteRequest): undefined {
  const { fields } = request;
  const name = request.params.name ?? '';
  const existing = collection(state, kind).get(name);
  const secretType = secretTypeOf(fields);
  const project = kind === 'roleset' ? fields.string('project') : undefined;
  const email = kind === 'static-account' ? fields.string('service_account_email') : undefined;
  const bindingsText = fields.string('bindings');
  const scopes = fields.list('token_scopes');
  fixed(existing, 'secret_type', secretType, existing?.secret_type);
  fixed(existing, 'project', project, existing?.service_account_project);
  fixed(existing, 'service_account_email', email, existing?.service_account_email);
  if (!existing && kind === 'roleset' && !project) fail(400, 'project is required');
  if (!existing && kind === 'static-account' && !email) fail(400, 'service_account_email is required');
  if (!existing && kind === 'roleset' && !bindingsText) fail(400, 'bindings are required');
  const type = secretType ?? existing?.secret_type ?? 'access_token';
  if (type !== 'access_token' && scopes !== undefined && scopes.length > 0) {
    fail(400, 'token_scopes apply to access_token secrets only');
  }
  const bindings = bindingsText ? parseBindings(bindingsText) : undefined;
  if (existing) {
    if (bindings && JSON.stringify(bindings) !== JSON.stringify(existing.bindings)) {
      existing.bindings = bindings;
      state.invalidate(existing);
    }
    if (scopes !== undefined) existing.token_scopes = scopes;
    return undefined;
  }
  const accountProject = kind === 'roleset' ? (project ?? '') : projectOfEmail(email ?? '');
  collection(state, kind).set(name, {
    kind,
    name,
    secret_type: type,
    service_account_email: kind === 'roleset' ? newAccountEmail(name, accountProject) : (email ?? ''),
    service_account_project: accountProject,
    bindings: bindings ?? null,
    token_scopes: scopes ?? [],
    ttl: 3600,
    generation: 0,
    tokenKeyGeneration: 0,
  });
  return undefined;
}

function writeImpersonated(state: CloudState, request: RouteRequest): undefined {
  const { fields } = request;
  const name = request.params.name ?? '';
  const existing = state.impersonatedAccounts.get(name);
  const email = fields.string('service_account_email');
  const scopes = fields.list('token_scopes');
  const ttl = fields.duration('ttl');
  fixed(existing, 'service_account_email', email, existing?.service_account_email);
  if (!existing && !email) fail(400, 'service_account_email is required');
  if (ttl !== undefined && ttl > MAX_IMPERSONATED_TTL_SECONDS) fail(400, 'ttl must be at most 12 hours');
  if (existing) {
    if (scopes !== undefined) existing.token_scopes = scopes;
    if (ttl !== undefined) existing.ttl = ttl > 0 ? ttl : 3600;
    return undefined;
  }
  state.impersonatedAccounts.set(name, {
    kind: 'impersonated-account',
    name,
    secret_type: 'access_token',
    service_account_email: email ?? '',
    service_account_project: projectOfEmail(email ?? ''),
    bindings: null,
    token_scopes: scopes ?? [],
    ttl: ttl && ttl > 0 ? ttl : 3600,
    generation: 0,
    tokenKeyGeneration: 0,
  });
  return undefined;
}

const ROOT_ROTATION = { minPeriod: MIN_ROOT_ROTATION_PERIOD_SECONDS, zeroMeansNone: true } as const;

/** Checks the whole body against the stored configuration, then applies it at once. */
function writeConfig(state: CloudState, fields: Fields): undefined {
  const { config } = state;
  const credentials = fields.string('credentials');
  const audience = fields.string('identity_token_audience');
  const email = fields.string('service_account_email');
  const given = readRotation(fields, ROOT_ROTATION);
  const ttl = fields.duration('ttl');
  const maxTtl = fields.duration('max_ttl');
  const tokenTtl = fields.duration('identity_token_ttl');
  if (credentials && audience) fail(400, 'credentials and identity_token_audience are mutually exclusive');
  let keyId: string | undefined;
  if (credentials) {
    try {
      const file = JSON.parse(credentials) as { private_key_id?: unknown };
      keyId = typeof file.private_key_id === 'string' ? file.private_key_id : randomBytes(20).toString('hex');
    } catch {
      fail(400, 'credentials: expected the JSON contents of a credentials file');
    }
  }
  const next: FakeCloudConfig = { ...config };
  if (credentials) {
    next.credentials = credentials;
    next.identity_token_audience = '';
  }
  if (audience !== undefined) {
    next.identity_token_audience = audience;
    if (audience) next.credentials = undefined;
  }
  if (email !== undefined) next.service_account_email = email;
  if (next.identity_token_audience && !next.service_account_email) {
    fail(400, 'service_account_email is required with identity_token_audience');
  }
  if (ttl !== undefined) next.ttl = ttl;
  if (maxTtl !== undefined) next.max_ttl = maxTtl;
  if (tokenTtl !== undefined) next.identity_token_ttl = tokenTtl;
  if (given.disable_automated_rotation !== undefined) {
    next.disable_automated_rotation = given.disable_automated_rotation;
  }
  Object.assign(next, mergeRotation(config, given, ROOT_ROTATION));
  Object.assign(config, next);
  if (keyId !== undefined) state.rootKeyId = keyId;
  return undefined;
}

function token(kind: OwnerKind, param: string): (state: CloudState, request: RouteRequest) => FakeAnswer {
  return (state, request) => ({
    data: state.issueToken(ownerOf(state, kind, request.params[param]), request.now),
  });
}

function key(
  kind: 'roleset' | 'static-account',
  param: string,
): (state: CloudState, request: RouteRequest) => FakeAnswer {
  return (state, request) => {
    const owner = ownerOf(state, kind, request.params[param]);
    const read = (name: string) =>
      request.operation === 'write' ? request.fields.string(name) : (request.query.get(name) ?? undefined);
    const ttlText = request.operation === 'write' ? undefined : request.query.get('ttl');
    const ttl =
      request.operation === 'write'
        ? request.fields.duration('ttl')
        : ttlText
          ? Number.parseInt(ttlText, 10)
          : undefined;
    const issued = state.issueKey(
      owner,
      {
        key_algorithm: read('key_algorithm') || 'KEY_ALG_RSA_2048',
        key_type: read('key_type') || 'TYPE_CLOUD_CREDENTIALS_FILE',
        ttl,
      },
      request.now,
    );
    return {
      data: issued.data,
      leaseId: issued.leaseId,
      leaseDuration: issued.leaseDuration,
      renewable: true,
    };
  };
}

function rotateKey(
  kind: 'roleset' | 'static-account',
): (state: CloudState, request: RouteRequest) => undefined {
  return (state, request) => {
    const owner = ownerOf(state, kind, request.params.name);
    if (owner.secret_type !== 'access_token') fail(400, `rotate-key applies to access_token ${kind}s only`);
    owner.tokenKeyGeneration += 1;
    return undefined;
  };
}

function ownerRoutes(kind: OwnerKind, plural: string): Route[] {
  const write =
    kind === 'impersonated-account'
      ? (state: CloudState, request: RouteRequest) => writeImpersonated(state, request)
      : (state: CloudState, request: RouteRequest) => writeOwner(state, kind, request);
  return [
    {
      operations: ['read', 'write', 'delete'],
      pattern: `${kind}/:name`,
      summary: `Manage the ${kind.replace('-', ' ')}.`,
      exists: (state, request) => collection(state, kind).has(request.params.name ?? ''),
      handle: (state, request) => {
        const name = request.params.name ?? '';
        if (request.operation === 'write') return write(state, request);
        if (request.operation === 'delete') {
          state.remove(kind, name);
          return undefined;
        }
        const owner = collection(state, kind).get(name);
        return owner ? describeOwner(owner) : fail(404);
      },
    },
    {
      operations: ['list'],
      pattern: plural,
      summary: `List ${plural.replace('-', ' ')}.`,
      handle: (state) => listAnswer(collection(state, kind).keys()),
    },
    {
      operations: ['read', 'write'],
      pattern: `${kind}/:name/token`,
      summary: 'Generate an OAuth2 access token.',
      handle: token(kind, 'name'),
    },
  ];
}

const routes: readonly Route[] = [
  {
    operations: ['read', 'write'],
    pattern: 'config',
    summary: 'Configure the engine: root credentials, key TTLs and rotation.',
    handle: (state, request) => {
      const { config } = state;
      if (request.operation === 'read') {
        return {
          data: {
            ttl: formatDuration(config.ttl * 1e9),
            max_ttl: formatDuration(config.max_ttl * 1e9),
            identity_token_audience: config.identity_token_audience,
            identity_token_ttl: config.identity_token_ttl,
            service_account_email: config.service_account_email,
            ...rotationFields(config),
            disable_automated_rotation: config.disable_automated_rotation,
          },
        };
      }
      return writeConfig(state, request.fields);
    },
  },
  {
    operations: ['write'],
    pattern: 'config/rotate-root',
    summary: 'Rotate the root credential: a new key for the configured service account.',
    handle: (state) => {
      if (state.config.credentials === undefined) {
        fail(400, 'root rotation needs credentials configured through the credentials field');
      }
      state.rootKeyId = randomBytes(20).toString('hex');
      return { data: { private_key_id: state.rootKeyId } };
    },
  },
  ...ownerRoutes('roleset', 'rolesets'),
  {
    operations: ['write'],
    pattern: 'roleset/:name/rotate',
    summary: "Replace the roleset's service account, invalidating its secrets.",
    handle: (state, request) => {
      const owner = ownerOf(state, 'roleset', request.params.name);
      owner.service_account_email = newAccountEmail(owner.name, owner.service_account_project);
      owner.tokenKeyGeneration += 1;
      state.invalidate(owner);
      return undefined;
    },
  },
  {
    operations: ['write'],
    pattern: 'roleset/:name/rotate-key',
    summary: "Rotate the key behind an access_token roleset's tokens.",
    handle: rotateKey('roleset'),
  },
  {
    operations: ['read', 'write'],
    pattern: 'roleset/:name/key',
    summary: 'Generate a leased service-account key.',
    handle: key('roleset', 'name'),
  },
  {
    operations: ['read', 'write'],
    pattern: 'token/:roleset',
    summary: 'Generate an OAuth2 access token (deprecated path).',
    handle: token('roleset', 'roleset'),
  },
  {
    operations: ['read', 'write'],
    pattern: 'key/:roleset',
    summary: 'Generate a leased service-account key (deprecated path).',
    handle: key('roleset', 'roleset'),
  },
  ...ownerRoutes('static-account', 'static-accounts'),
  {
    operations: ['write'],
    pattern: 'static-account/:name/rotate-key',
    summary: "Rotate the key behind an access_token static account's tokens.",
    handle: rotateKey('static-account'),
  },
  {
    operations: ['read', 'write'],
    pattern: 'static-account/:name/key',
    summary: 'Generate a leased service-account key.',
    handle: key('static-account', 'name'),
  },
  ...ownerRoutes('impersonated-account', 'impersonated-accounts'),
];

/** The cloud-credentials engine. */
export const cloudEngine: FakeEngine<CloudState> = {
  description: 'The cloud-credentials engine: short-lived tokens and leased keys of cloud service accounts.',
  routes,
  create: (context) => new CloudState(context),
};
