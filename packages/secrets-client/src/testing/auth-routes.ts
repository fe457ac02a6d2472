// Routes under `auth/`: the token auth method and the logins. A token looks itself up, renews and
// revokes itself; a token with the right policy creates others, with a TTL, a max TTL, a period and
// renewability of their own. A login at a mounted method issues a token with its role's settings.
import type { AccessControl, FakeToken } from './access.js';
import { type FakeAnswer, fail } from './answer.js';
import type { FakeAuthMethods } from './auth-methods.js';
import type { FakeRoute, RouteRequest } from './routes.js';

/** What `auth/` routes use. */
export interface AuthState {
  readonly tokens: AccessControl;
  readonly methods: FakeAuthMethods;
}

function iso(ms: number | undefined): string | null {
  return ms === undefined ? null : new Date(ms).toISOString();
}

/** `data` of a lookup: what the service says about a token; the token itself (`id`) only to itself. */
function lookupData(token: FakeToken, now: number, withId = true): Record<string, unknown> {
  return {
    accessor: token.accessor,
    creation_time: Math.floor(token.issuedAt / 1000),
    creation_ttl: token.periodSeconds > 0 ? token.periodSeconds : token.ttlSeconds,
    display_name: token.displayName,
    entity_id: '',
    expire_time: iso(token.expiresAt),
    explicit_max_ttl: token.explicitMaxTtlSeconds,
    id: withId ? token.token : '',
    issue_time: iso(token.issuedAt),
    meta: token.meta ?? null,
    num_uses: token.numUses === 0 ? 0 : token.usesLeft,
    orphan: token.parent === undefined,
    path: token.path,
    policies: [...token.policies],
    renewable: token.renewable,
    ttl: token.expiresAt === undefined ? 0 : Math.max(0, Math.floor((token.expiresAt - now) / 1000)),
    type: 'service',
    ...(token.periodSeconds > 0 ? { period: token.periodSeconds } : {}),
  };
}

/** The `auth` block of an answer that hands out or renews a token. */
function authBlock(token: FakeToken, leaseDuration: number): Record<string, unknown> {
  return {
    client_token: token.token,
    accessor: token.accessor,
    policies: [...token.policies],
    token_policies: [...token.policies],
    metadata: token.meta ?? null,
    lease_duration: leaseDuration,
    renewable: token.renewable,
    entity_id: '',
    token_type: 'service',
    orphan: token.parent === undefined,
    mfa_requirement: null,
    num_uses: token.numUses,
  };
}

function self(state: AuthState, request: RouteRequest): FakeToken {
  const token = state.tokens.get(request.token, request.now);
  if (!token) fail(403, 'permission denied');
  return token;
}

function renewSelf(state: AuthState, request: RouteRequest): FakeAnswer {
  const token = self(state, request);
  if (!token.renewable) fail(400, 'lease is not renewable');
  if (token.expiresAt === undefined) fail(400, 'lease is not renewable: the token does not expire');
  const renewal = state.tokens.renew(token.token, request.fields.duration('increment'), request.now);
  if (!renewal) fail(403, 'permission denied');
  return {
    auth: authBlock(renewal.token, renewal.ttlSeconds),
    warnings:
      renewal.cappedFrom === undefined
        ? []
        : [
            `TTL of "${renewal.cappedFrom}s" exceeded the effective max_ttl of "${renewal.ttlSeconds}s"; TTL value is capped accordingly`,
          ],
  };
}

function createToken(state: AuthState, request: RouteRequest, how: 'child' | 'orphan' | 'role'): FakeAnswer {
  const { fields, now } = request;
  const role = how === 'role' ? state.methods.tokenRoles.get(request.params.role ?? '') : undefined;
  if (how === 'role' && role === undefined) fail(400, `unknown role ${request.params.role ?? ''}`);
  const policies = fields.list('policies') ?? role?.policies?.filter((name) => name !== 'root') ?? [];
  const creator = state.tokens.get(request.token, now);
  const noParent = fields.bool('no_parent') === true;
  if (noParent && how === 'child' && creator?.policy !== 'root')
    fail(403, 'root or sudo privileges required to create orphan token');
  const orphan = how === 'orphan' || noParent || role?.orphan === true;
  const meta = fields.map('meta');
  const names = policies.length > 0 ? policies : ['default'];
  const token = state.tokens.create(
    {
      // The fake knows two policies: root, and what every token may do to itself.
      policy: policies.includes('root') ? 'root' : (role?.policy ?? []),
      policies: policies.includes('root')
        ? ['root']
        : fields.bool('no_default_policy') === true
          ? policies
          : [...new Set(['default', ...names])],
      ttl: fields.duration('ttl') ?? role?.ttl,
      explicitMaxTtl: fields.duration('explicit_max_ttl') ?? role?.explicitMaxTtl,
      period: fields.duration('period') ?? role?.period,
      renewable: fields.bool('renewable') ?? role?.renewable,
      numUses: fields.int('num_uses'),
      displayName: `token${fields.string('display_name') ? `-${fields.string('display_name')}` : ''}`,
      meta,
      parent: orphan ? undefined : creator?.token,
      path:
        how === 'role'
          ? `auth/token/create/${request.params.role ?? ''}`
          : `auth/token/create${how === 'orphan' ? '-orphan' : ''}`,
    },
    now,
  );
  // Accepted as the service accepts them, with no effect in the fake.
  for (const name of ['type', 'entity_alias']) fields.has(name);
  const duration = token.expiresAt === undefined ? 0 : Math.floor((token.expiresAt - now) / 1000);
  return { auth: authBlock(token, duration) };
}

function accessorOf(state: AuthState, request: RouteRequest): FakeToken {
  const accessor = request.fields.string('accessor');
  if (accessor === undefined || accessor === '') fail(400, 'missing accessor');
  const token = state.tokens.byAccessor(accessor, request.now);
  if (token === undefined) fail(400, 'invalid accessor');
  return token;
}

/** A login at a mounted method: `<mount>/login` (AppRole, Kubernetes, JWT) or `<mount>/login/<username>` (userpass). */
function login(state: AuthState, request: RouteRequest): FakeAnswer {
  const segments = (request.params.path ?? '').split('/');
  const at = segments.lastIndexOf('login');
  const mount = segments.slice(0, Math.max(0, at)).join('/');
  const method = at > 0 ? state.methods.at(mount) : undefined;
  const rest = segments.slice(at + 1);
  const { fields, now } = request;
  if (method?.type === 'approle' && rest.length === 0) {
    const roleId = fields.string('role_id');
    if (roleId === undefined || roleId === '') fail(400, 'missing role_id');
    const settings = method.login(roleId, fields.string('secret_id'));
    if (settings === undefined) fail(400, 'invalid role or secret ID');
    const token = state.methods.issue(mount, settings, now);
    return { auth: authBlock(token, secondsLeft(token, now)) };
  }
  if (method?.type === 'kubernetes' && rest.length === 0) {
    const role = fields.string('role') ?? '';
    const jwt = fields.string('jwt') ?? '';
    if (role === '') fail(400, 'missing role');
    if (jwt === '') fail(400, 'missing jwt');
    if (!method.has(role)) fail(400, `invalid role name "${role}"`);
    const settings = method.login(role, jwt);
    if (settings === undefined) fail(403, 'permission denied');
    const token = state.methods.issue(mount, settings, now);
    return { auth: authBlock(token, secondsLeft(token, now)) };
  }
  if (method?.type === 'jwt' && rest.length === 0) {
    const jwt = fields.string('jwt') ?? '';
    if (jwt === '') fail(400, 'missing token');
    fields.has('distributed_claim_access_token');
    const settings = method.login(fields.string('role'), jwt, now);
    if (typeof settings === 'string') fail(400, settings);
    const token = state.methods.issue(mount, settings, now);
    return { auth: authBlock(token, secondsLeft(token, now)) };
  }
  if (method?.type === 'userpass' && rest.length === 1) {
    const settings = method.login(rest[0] as string, fields.string('password'));
    if (settings === undefined) fail(400, 'invalid username or password');
    const token = state.methods.issue(mount, settings, now);
    return { auth: authBlock(token, secondsLeft(token, now)) };
  }
  return fail(
    404,
    `no handler for route ${JSON.stringify(`auth/${request.params.path ?? ''}`)}. route entry not found.`,
  );
}

function secondsLeft(token: FakeToken, now: number): number {
  return token.expiresAt === undefined ? 0 : Math.floor((token.expiresAt - now) / 1000);
}

/** Routes under `auth/`. */
export const authRoutes: readonly FakeRoute<AuthState>[] = [
  {
    operations: ['read', 'write'],
    pattern: 'token/lookup-self',
    summary: 'Look up the token of the request: its TTL, max TTL, period and renewability.',
    access: 'token',
    handle: (state, request) => {
      // The body's `token` is documented as unused: the request's own token is the one looked up.
      request.fields.has('token');
      return { data: lookupData(self(state, request), request.now) };
    },
  },
  {
    operations: ['write'],
    pattern: 'token/renew-self',
    summary:
      'Renew the token of the request by an increment (a periodic token by its period), never past its max TTL.',
    access: 'token',
    handle: renewSelf,
  },
  {
    operations: ['write'],
    pattern: 'token/create',
    summary: 'Create a child token with a TTL, an explicit max TTL, a period, renewability and uses.',
    handle: (state, request) => createToken(state, request, 'child'),
  },
  {
    operations: ['write'],
    pattern: 'token/create-orphan',
    summary: 'Create an orphan token: it outlives its creator.',
    handle: (state, request) => createToken(state, request, 'orphan'),
  },
  {
    operations: ['write'],
    pattern: 'token/create/:role',
    summary: "Create a token by a token role's rules.",
    handle: (state, request) => createToken(state, request, 'role'),
  },
  {
    operations: ['write'],
    pattern: 'token/lookup-accessor',
    summary: 'Look up the token an accessor names, without the token itself.',
    handle: (state, request) => ({ data: lookupData(accessorOf(state, request), request.now, false) }),
  },
  {
    operations: ['write'],
    pattern: 'token/revoke-accessor',
    summary: 'Revoke the token an accessor names, and its children.',
    handle: (state, request) => {
      state.tokens.revoke(accessorOf(state, request).token);
      return undefined;
    },
  },
  {
    operations: ['write'],
    pattern: 'token/revoke-self',
    summary: 'Revoke the token of the request; it is refused from then on.',
    access: 'token',
    handle: (state, request) => {
      state.tokens.revoke(self(state, request).token);
      return undefined;
    },
  },
  {
    // Last: every other route of `auth/` is tried first.
    operations: ['write'],
    pattern: '*path',
    summary:
      "Log in with a mounted method (AppRole, userpass, Kubernetes, JWT): a token with the role's or user's settings.",
    access: 'none',
    handle: login,
  },
];
