// Routes under `sys/`: leases, response wrapping and secret sync.
import { fail } from './answer.js';
import type { FakeRoute, RouteRequest } from './routes.js';
import { syncRoutes } from './sync/routes.js';
import type { SysState } from './sys-state.js';

/** Refuses a request whose token has no `sudo` on the route, as the service does for its root-protected paths. */
function sudo(state: SysState, request: RouteRequest, route: string): void {
  const prefix = state.namespace.path === '' ? '' : `${state.namespace.path}/`;
  const path = `${prefix}sys/leases/${route}/${request.params.prefix ?? ''}`;
  if (!state.tokens.capabilities(request.token, path, request.now).has('sudo'))
    fail(403, 'permission denied');
}

/** Routes under `sys/`. */
export const sysRoutes: readonly FakeRoute<SysState>[] = [
  {
    operations: ['write'],
    pattern: 'leases/renew',
    summary: 'Renew a lease by an increment (seconds or duration text), never past its max TTL.',
    handle: (state, { fields, now }) => {
      const id = fields.required('lease_id');
      const increment = fields.duration('increment');
      state.leases.sweep(now);
      const namespace = state.namespace.path;
      if (state.leases.get(id, namespace)?.renewable === false) fail(400, 'lease is not renewable');
      const renewed = state.leases.renew(id, namespace, increment, now);
      if (!renewed) fail(400, 'lease not found or lease is not renewable');
      const duration = Math.max(0, Math.floor((renewed.lease.expiresAt - now) / 1000));
      return {
        leaseId: id,
        leaseDuration: duration,
        renewable: true,
        warnings: renewed.capped
          ? [
              `TTL of "${renewed.requested}s" exceeded the effective max_ttl of "${duration}s"; TTL value is capped accordingly`,
            ]
          : [],
      };
    },
  },
  {
    operations: ['write'],
    pattern: 'leases/revoke',
    summary: 'Revoke a lease now; its secret stops working.',
    handle: (state, { fields }) => {
      // A lease of another namespace is not found here, like any unknown lease.
      state.leases.revoke(fields.required('lease_id'), state.namespace.path);
      return undefined;
    },
  },
  {
    operations: ['write'],
    pattern: 'leases/lookup',
    summary: 'Look up a lease: issue and expiry times, last renewal, renewability and TTL.',
    handle: (state, { fields, now }) => {
      state.leases.sweep(now);
      const lease = state.leases.get(fields.required('lease_id'), state.namespace.path);
      if (!lease) fail(400, 'invalid lease');
      const last = lease.renewedAt.at(-1);
      return {
        data: {
          id: lease.id,
          issue_time: new Date(lease.issuedAt).toISOString(),
          expire_time: new Date(lease.expiresAt).toISOString(),
          last_renewal: last === undefined ? null : new Date(last).toISOString(),
          renewable: lease.renewable,
          ttl: Math.max(0, Math.floor((lease.expiresAt - now) / 1000)),
        },
      };
    },
  },
  {
    operations: ['write'],
    pattern: 'leases/revoke-prefix/*prefix',
    summary: 'Revoke every lease whose id starts with the prefix (sudo).',
    handle: (state, request) => {
      sudo(state, request, 'revoke-prefix');
      request.fields.bool('sync');
      state.leases.revokePrefix(request.params.prefix ?? '', state.namespace.path);
      return undefined;
    },
  },
  {
    operations: ['write'],
    pattern: 'leases/revoke-force/*prefix',
    summary:
      'Forget every lease whose id starts with the prefix, even when its secret cannot be revoked (sudo).',
    handle: (state, request) => {
      sudo(state, request, 'revoke-force');
      state.leases.revokePrefix(request.params.prefix ?? '', state.namespace.path);
      return undefined;
    },
  },
  {
    operations: ['write'],
    pattern: 'capabilities-self',
    summary: "The capabilities of the request's token on each path asked for.",
    access: 'token',
    handle: (state, { fields, token, now }) => {
      const paths = fields.list('paths') ?? fields.list('path') ?? [];
      if (paths.length === 0) fail(400, 'missing paths');
      const root = state.tokens.get(token, now)?.policy === 'root';
      const prefix = state.namespace.path === '' ? '' : `${state.namespace.path}/`;
      const data: Record<string, string[]> = {};
      for (const path of paths) {
        const held = [
          ...state.tokens.capabilities(token, `${prefix}${path.replace(/^\/+/, '')}`, now),
        ].sort();
        data[path] = root ? ['root'] : held.length > 0 ? held : ['deny'];
      }
      // One path: the older single answer too.
      return { data: paths.length === 1 ? { ...data, capabilities: data[paths[0] as string] } : data };
    },
  },
  {
    operations: ['write'],
    pattern: 'wrapping/unwrap',
    summary:
      'Unwrap a wrapped answer (once): the token in the body, or the wrapping token as the request token.',
    access: 'none',
    handle: (state, { fields, token, now }) => {
      const given = fields.string('token');
      // With a token in the body, the caller authenticates with a token of its own.
      if (given !== undefined && given !== '' && !state.tokens.get(token, now))
        fail(403, 'permission denied');
      const wrapped = state.wrapping.take(given || token, now);
      if (!wrapped) fail(400, 'wrapping token is not valid or does not exist');
      return { raw: wrapped.answer };
    },
  },
  {
    operations: ['write'],
    pattern: 'wrapping/lookup',
    summary: 'Look up a wrapping token (no token of your own needed): its creation path, time and TTL.',
    access: 'none',
    handle: (state, { fields, now }) => {
      const wrapped = state.wrapping.get(fields.required('token'), now);
      if (!wrapped) fail(400, 'wrapping token is not valid or does not exist');
      return {
        data: {
          creation_path: wrapped.creationPath,
          creation_time: new Date(wrapped.createdAt).toISOString(),
          creation_ttl: wrapped.ttlSeconds,
        },
      };
    },
  },
  ...syncRoutes,
];
