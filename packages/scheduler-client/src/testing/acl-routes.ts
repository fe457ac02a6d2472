// The ACL token endpoints of the fake: the caller's own token, the list (paged, filtered, blocking;
// management only), one token by accessor id (management or the token itself), create and delete
// (management). With ACLs off they answer as the scheduler does: ACL support disabled.
import type { TestServer } from '@infra-sdk/core/testing';
import type { Access } from './acl.js';
import type { FakeAclTokens } from './acl-tokens.js';
import { blockingWait } from './blocking-wait.js';
import { badRequest, notFound, permissionDenied } from './fault.js';
import { bodyOf, flag, type RouteContext, reply, route } from './http.js';
import { pageOf, pagingOf } from './paging.js';

const FULL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EVEN_HEX = /^(?:[0-9a-f]{2})*$/;

/** Adds the ACL token routes to `server`. */
export function addAclRoutes(server: TestServer, context: RouteContext): void {
  const { store } = context;
  const index = store.indexes.acl;
  const enabled = (): FakeAclTokens => {
    if (context.tokens === undefined) throw badRequest('ACL support disabled');
    return context.tokens;
  };

  const readToken = (accessorId: string, access: Access) => {
    const tokens = enabled();
    if (accessorId === 'self') {
      if (access.accessorId === undefined) throw permissionDenied();
    } else {
      if (!FULL_UUID.test(accessorId)) throw badRequest('invalid token accessor ID: must be a full UUID');
      if (!access.management && access.accessorId !== accessorId) throw permissionDenied();
    }
    const token = tokens.byAccessor(accessorId === 'self' ? (access.accessorId ?? '') : accessorId);
    if (token === undefined) throw notFound('ACL token not found');
    return token;
  };

  server.route(
    'GET',
    '/v1/acl/tokens',
    route(context, async (req, res, access) => {
      const tokens = enabled();
      access.requireManagement();
      const prefix = req.query.get('prefix') ?? '';
      if (!EVEN_HEX.test(prefix))
        throw badRequest('prefix must have an even number of hexadecimal characters');
      const global = flag(req, 'global');
      pagingOf(req);
      const at = await blockingWait(req, index, context.blocking);
      const listed = tokens
        .all()
        .filter((token) => token.AccessorID.startsWith(prefix) && (!global || token.Global))
        .map((token) => tokens.view(token, false));
      // Oldest first; by accessor id with a prefix or `global`, as the scheduler orders them.
      const byId = prefix !== '' || global;
      const { page, headers } = pageOf(req, listed, {
        position: (item) => [byId ? 0 : Number(item.CreateIndex), String(item.AccessorID)],
        numbered: !byId,
      });
      reply(req, res, page, at, headers);
    }),
  );

  server.route(
    'GET',
    '/v1/acl/token/:accessor_id',
    route(context, async (req, res, access) => {
      const accessorId = req.params.accessor_id ?? '';
      readToken(accessorId, access);
      const at = await blockingWait(req, index, context.blocking);
      reply(req, res, enabled().view(readToken(accessorId, access), true), at);
    }),
  );

  server.route(
    'POST',
    '/v1/acl/token',
    route(context, (req, res, access) => {
      const tokens = enabled();
      access.requireManagement();
      const token = tokens.create(bodyOf(req));
      reply(req, res, tokens.view(token, true), token.CreateIndex);
    }),
  );

  server.route(
    'DELETE',
    '/v1/acl/token/:accessor_id',
    route(context, (req, res, access) => {
      const tokens = enabled();
      access.requireManagement();
      const accessorId = req.params.accessor_id ?? '';
      if (!FULL_UUID.test(accessorId)) throw badRequest('invalid token accessor ID: must be a full UUID');
      if (!tokens.delete(accessorId)) throw notFound('ACL token not found');
      reply(req, res, {}, index.current);
    }),
  );
}
