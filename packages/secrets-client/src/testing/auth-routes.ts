// Routes under `auth/`: the token auth method and the logins. A token looks itself up, renews and
// revokes itself; a token with the right policy creates others, with a TTL, a max TTL, a period and
// renewability of their own. A login at a mounted method issues a token with its role's settings.
import type { AccessControl, FakePolicy, FakeToken } from './access.js';
import { type FakeAnswer, fail } from './answer.js';
import type { FakeAuthMethods } from './auth-methods.js';
import type { FakeRoute, RouteRequest } from './routes.js';

/** What `auth/` routes use. */
export interface AuthState {
  readonly tokens: AccessControl;
  readonly methods: FakeAuthMethods;
}

function policiesOf(policy: FakePolicy): string[] {
  return policy === 'root' ? ['root'] : ['default'];
}

function iso(ms: number | undefined): string | null {
  return ms === undefined ? null : new Date(ms).toISOString();
}

/** `data` of lookup-self: what the service says about a token, the token itself included (as `id`). */
function lookupData(token: FakeToken, now: number): Record<string, unknown> {
  return {
    accessor: token.accessor,
    creation_time: Math.floor(token.issuedAt / 1000),
    creation_ttl: token.periodSeconds > 0 ? token.periodSeconds : token.ttlSeconds,
    display_name: 'token',
    entity_id: '',
    expire_time: iso(token.expiresAt),
    explicit_max_ttl: token.explicitMaxTtlSeconds,
    id: token.token,
    issue_time: iso(token.issuedAt),
    meta: null,
    num_uses: 0,
    orphan: true,
    path: token.path,
    policies: policiesOf(token.policy),
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
    policies: policiesOf(token.policy),
    token_policies: policiesOf(token.policy),
    metadata: null,
    lease_duration: leaseDuration,
    renewable: token.renewable,
    entity_id: '',
    token_type: 'service',
    orphan: true,
    mfa_requirement: null,
    num_uses: 0,
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

function createToken(state: AuthState, request: RouteRequest): FakeAnswer {
  const { fields, now } = request;
  const policies = fields.list('policies') ?? [];
  const token = state.tokens.create(
    {
      // The fake knows two policies: root, and what every token may do to itself.
      policy: policies.includes('root') ? 'root' : [],
      ttl: fields.duration('ttl'),
      explicitMaxTtl: fields.duration('explicit_max_ttl'),
      period: fields.duration('period'),
      renewable: fields.bool('renewable'),
    },
    now,
  );
  // Accepted as the service accepts them, with no effect in the fake.
  for (const name of ['display_name', 'meta', 'no_parent', 'no_default_policy', 'num_uses', 'type'])
    fields.has(name);
  const duration = token.expiresAt === undefined ? 0 : Math.floor((token.expiresAt - now) / 1000);
  return { auth: authBlock(token, duration) };
}

/** A login at a mounted method: `<mount>/login` (AppRole) or `<mount>/login/<username>` (userpass). */
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
    summary: 'Create a token with a TTL, an explicit max TTL, a period and renewability.',
    handle: createToken,
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
    summary: "Log in with a mounted method (AppRole, userpass): a token with the role's or user's settings.",
    access: 'none',
    handle: login,
  },
];
