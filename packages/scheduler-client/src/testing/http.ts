// What every route of the fake shares: token and region checks, the blocking-query headers, `pretty`,
// and reading request bodies. Errors are thrown as ReplyErrors; the server writes them as plain text.
import { type Handler, ReplyError, type TestRequest, type TestResponse } from '@infra-sdk/core/testing';
import { Access } from './acl.js';
import type { FakeAclTokens } from './acl-tokens.js';
import type { FakeBlocking } from './blocking-wait.js';
import { badRequest } from './fault.js';
import type { SchedulerStore } from './store.js';

/** What the routes need from the fake. */
export interface RouteContext {
  readonly store: SchedulerStore;
  /** The ACL tokens; undefined when ACLs are off. */
  readonly tokens: FakeAclTokens | undefined;
  readonly heartbeatMs: number;
  /** How blocking queries wait: on the fake's clock, with the service's random extra of up to wait/16 or without. */
  readonly blocking: FakeBlocking;
}

/** A route body: it gets the request, the reply and the token's rights. */
export type RouteHandler = (req: TestRequest, res: TestResponse, access: Access) => void | Promise<void>;

/** Wraps a route: checks the region and the token before the route runs. */
export function route(context: RouteContext, handle: RouteHandler): Handler {
  return async (req, res) => {
    checkRegion(context, req.query);
    const access = Access.of(context.tokens, req.header('x-scheduler-token'));
    await handle(req, res, access);
  };
}

/** A request for another region has nowhere to go: the fake is a single region. */
export function checkRegion(context: RouteContext, query: URLSearchParams): void {
  const region = query.get('region');
  if (region !== null && region !== '' && region !== context.store.settings.region) {
    throw new ReplyError(500, 'No path to region');
  }
}

/** The namespace of a request (`default` when none is given). */
export function namespaceOf(req: TestRequest): string {
  const namespace = req.query.get('namespace');
  return namespace === null || namespace === '' ? 'default' : namespace;
}

/** A boolean query parameter. */
export function flag(req: TestRequest, name: string, fallback = false): boolean {
  const value = req.query.get(name);
  if (value === null || value === '') return fallback;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw badRequest(`Failed to parse value of "${name}" (${value}) as a boolean`);
}

/** The JSON object in the request body; an empty body is an empty object. */
export function bodyOf(req: TestRequest): Record<string, unknown> {
  if (req.text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(req.text);
  } catch (error) {
    throw badRequest(
      `Failed to decode request body: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest('Failed to decode request body: expected a JSON object');
  }
  return value as Record<string, unknown>;
}

/** Answers JSON with the scheduler's metadata headers (index, known leader, last contact). */
export function reply(
  req: TestRequest,
  res: TestResponse,
  body: unknown,
  index: number,
  headers: Readonly<Record<string, string>> = {},
): void {
  const head = {
    'X-Scheduler-Index': String(index),
    'X-Scheduler-KnownLeader': 'true',
    'X-Scheduler-LastContact': '0',
    ...headers,
  };
  if (req.query.has('pretty') && req.query.get('pretty') !== 'false') {
    res.text(200, `${JSON.stringify(body, null, 4)}\n`, { ...head, 'content-type': 'application/json' });
  } else {
    res.json(200, body, head);
  }
}
