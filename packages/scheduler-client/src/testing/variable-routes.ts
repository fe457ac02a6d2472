// The Variables endpoints of the fake: `GET /v1/vars` (paged, filtered, blocking), and on
// `/v1/var/:path` reads (blocking), check-and-set writes and deletes, and the lock operations
// `lock-acquire`, `lock-renew` and `lock-release`. A conflict answers 409 with the variable as it is
// (its items only to a token that may read them), as the scheduler does.
import type { TestRequest, TestResponse, TestServer } from '@infra-sdk/core/testing';
import type { Access } from './acl.js';
import { blockingWait } from './blocking-wait.js';
import { badRequest, notFound, permissionDenied } from './fault.js';
import { bodyOf, namespaceOf, type RouteContext, reply, route } from './http.js';
import { pageOf, pagingOf } from './paging.js';
import { checkVariablePath, type StoredVariable, type VariableOutcome } from './variables.js';

const LOCK_OPERATIONS = ['lock-acquire', 'lock-renew', 'lock-release'] as const;

/** The `cas` query parameter: a whole number 0 or more, or none. */
function casOf(req: TestRequest): number | undefined {
  const text = req.query.get('cas');
  if (text === null || text === '') return undefined;
  if (!/^\d+$/.test(text)) throw badRequest(`failed to parse cas "${text}"`);
  return Number(text);
}

/** The namespace of a variable write: the query's, else the body's, else `default`; never `*`. */
function writeNamespace(req: TestRequest, body: Record<string, unknown>): string {
  const fromQuery = req.query.get('namespace');
  const namespace =
    fromQuery !== null && fromQuery !== ''
      ? fromQuery
      : typeof body.Namespace === 'string' && body.Namespace !== ''
        ? body.Namespace
        : 'default';
  if (namespace === '*') throw badRequest('can not target wildcard ("*") namespace');
  return namespace;
}

/** Adds the Variables routes to `server`. */
export function addVariableRoutes(server: TestServer, context: RouteContext): void {
  const { store } = context;
  const variables = store.variables;
  const index = store.indexes.vars;

  const conflict = (res: TestResponse, access: Access, variable: StoredVariable): void => {
    const items = access.allowsVariable(variable.Namespace, variable.Path, 'read');
    res.json(409, variables.view(variable, { items }), { 'X-Scheduler-Index': String(index.current) });
  };

  /** Answers an outcome: the variable (or index) when done, 409 with the variable on a conflict. */
  const answer = <T>(
    req: TestRequest,
    res: TestResponse,
    access: Access,
    outcome: VariableOutcome<T>,
    done: (value: T) => unknown,
  ): void => {
    if ('conflict' in outcome) conflict(res, access, outcome.conflict);
    else reply(req, res, done(outcome.ok), index.current);
  };

  server.route(
    'GET',
    '/v1/vars',
    route(context, async (req, res, access) => {
      const namespace = namespaceOf(req);
      if (!access.hasVariableRules(namespace)) throw permissionDenied();
      pagingOf(req);
      const at = await blockingWait(req, index, context.blocking);
      const prefix = req.query.get('prefix') ?? '';
      const listed = variables
        .all()
        .filter((variable) => namespace === '*' || variable.Namespace === namespace)
        .filter((variable) => variable.Path.startsWith(prefix))
        .filter((variable) => access.allowsVariable(variable.Namespace, variable.Path, 'list'))
        .map((variable) => variables.view(variable, { items: false }));
      const { page, headers } = pageOf(req, listed, {
        position: (item) => [
          0,
          namespace === '*' ? `${String(item.Namespace)}.${String(item.Path)}` : String(item.Path),
        ],
        numbered: false,
      });
      reply(req, res, page, at, headers);
    }),
  );

  server.route(
    'GET',
    '/v1/var/*path',
    route(context, async (req, res, access) => {
      const path = req.params.path ?? '';
      const namespace = namespaceOf(req);
      checkVariablePath(path, false);
      access.requireVariable(namespace, path, 'read');
      const at = await blockingWait(req, index, context.blocking);
      const variable = variables.get(namespace, path);
      if (variable === undefined) throw notFound('variable not found');
      reply(req, res, variables.view(variable, { items: true }), at);
    }),
  );

  server.route(
    'PUT',
    '/v1/var/*path',
    route(context, (req, res, access) => {
      const path = req.params.path ?? '';
      const body = bodyOf(req);
      const namespace = writeNamespace(req, body);
      if (body.Path !== undefined && body.Path !== path) {
        throw badRequest(`variable path "${String(body.Path)}" does not match the request path "${path}"`);
      }
      access.requireVariable(namespace, path, 'write');
      const operations = LOCK_OPERATIONS.filter((operation) => req.query.has(operation));
      if (operations.length > 1) throw badRequest('only one lock operation at a time');
      const lock = (body.Lock ?? null) as { ID?: unknown; TTL?: unknown; LockDelay?: unknown } | null;
      switch (operations[0]) {
        case 'lock-acquire':
          answer(
            req,
            res,
            access,
            variables.acquire(namespace, path, { Items: body.Items, Lock: lock }),
            (variable) => variables.view(variable, { items: true, lockId: true }),
          );
          return;
        case 'lock-renew':
          answer(req, res, access, variables.renew(namespace, path, lock?.ID), (variable) =>
            variables.view(variable, { items: false, lockId: true }),
          );
          return;
        case 'lock-release':
          answer(
            req,
            res,
            access,
            variables.release(namespace, path, { Items: body.Items, Lock: lock }),
            (variable) => variables.view(variable, { items: false }),
          );
          return;
        default:
          answer(
            req,
            res,
            access,
            variables.put(namespace, path, { Items: body.Items, Lock: lock }, casOf(req)),
            (variable) => variables.view(variable, { items: true }),
          );
      }
    }),
  );

  server.route(
    'DELETE',
    '/v1/var/*path',
    route(context, (req, res, access) => {
      const path = req.params.path ?? '';
      const namespace = namespaceOf(req);
      if (namespace === '*') throw badRequest('can not target wildcard ("*") namespace');
      access.requireVariable(namespace, path, 'destroy');
      answer(req, res, access, variables.delete(namespace, path, casOf(req)), (deleted) => ({
        Index: deleted,
      }));
    }),
  );
}
