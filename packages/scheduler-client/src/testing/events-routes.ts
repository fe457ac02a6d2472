// The event stream of the fake: the backlog from `index`, then live messages, filtered by topic,
// key and namespace, with `{}` heartbeats while nothing happens.
import type { TestRequest, TestResponse, TestServer } from '@infra-sdk/core/testing';
import type { Access } from './acl.js';
import { blockingWait } from './blocking-wait.js';
import type { FakeEvent, FakeEventMessage } from './event-broker.js';
import { badRequest, permissionDenied } from './fault.js';
import { namespaceOf, type RouteContext, reply, route } from './http.js';

interface TopicFilter {
  readonly topic: string;
  readonly key: string;
}

const NAMESPACED_TOPICS = new Set(['Job', 'Allocation', 'Deployment', 'Evaluation']);
const NODE_TOPICS = new Set(['Node', 'NodeDrain']);
const KNOWN_TOPICS = new Set(['*', 'ACLToken', 'ACLPolicy', ...NAMESPACED_TOPICS, ...NODE_TOPICS]);

function topicsOf(req: TestRequest): TopicFilter[] {
  const values = req.query.getAll('topic');
  if (values.length === 0) return [{ topic: '*', key: '*' }];
  return values.map((value) => {
    const [topic = '', key = '*', ...rest] = value.split(':');
    if (topic === '' || rest.length > 0) throw badRequest(`Invalid topic query value "${value}"`);
    // A topic the service does not have would only ever stream heartbeats: it refuses it.
    if (!KNOWN_TOPICS.has(topic)) throw badRequest(`unknown topic "${topic}"`);
    return { topic, key: key === '' ? '*' : key };
  });
}

function checkAccess(access: Access, topics: readonly TopicFilter[], namespace: string): void {
  for (const { topic } of topics) {
    if (topic === '*' || topic === 'ACLToken' || topic === 'ACLPolicy') access.requireManagement();
    else if (NAMESPACED_TOPICS.has(topic)) access.requireNamespace(namespace, 'read-job');
    else if (NODE_TOPICS.has(topic)) access.requireNode('read');
    else access.requireManagement();
  }
}

function matches(event: FakeEvent, topics: readonly TopicFilter[], namespace: string): boolean {
  if (namespace !== '*' && event.Namespace !== '' && event.Namespace !== namespace) return false;
  return topics.some(
    ({ topic, key }) =>
      (topic === '*' || topic === event.Topic) &&
      (key === '*' || key === event.Key || (event.FilterKeys ?? []).includes(key)),
  );
}

/** The messages of one subscription: backlog first, then live ones, heartbeats in between. */
async function* subscription(
  context: RouteContext,
  from: number,
  keep: (event: FakeEvent) => boolean,
  signal: AbortSignal,
): AsyncGenerator<unknown> {
  const queue: FakeEventMessage[] = [];
  let wake: (() => void) | undefined;
  const unsubscribe = context.store.events.subscribe((message) => {
    queue.push(message);
    wake?.();
  });
  const filtered = (message: FakeEventMessage) => {
    const events = message.Events.filter(keep);
    return events.length > 0 ? { Index: message.Index, Events: events } : undefined;
  };
  try {
    let sent = from - 1;
    for (const message of context.store.events.backlog) {
      if (message.Index <= sent) continue;
      sent = message.Index;
      const out = filtered(message);
      if (out) yield out;
    }
    while (!signal.aborted && !context.store.closing.aborted) {
      const message = queue.shift();
      if (message !== undefined) {
        if (message.Index <= sent) continue;
        sent = message.Index;
        const out = filtered(message);
        if (out) yield out;
        continue;
      }
      // Until a message comes, the stream ends, or a heartbeat is due by the fake's clock.
      const pause = new AbortController();
      wake = () => pause.abort();
      const onStop = () => pause.abort();
      signal.addEventListener('abort', onStop, { once: true });
      await context.store.sleep(context.heartbeatMs, pause.signal);
      signal.removeEventListener('abort', onStop);
      wake = undefined;
      const beat = !pause.signal.aborted;
      pause.abort();
      if (beat && !signal.aborted && !context.store.closing.aborted) yield {};
    }
  } finally {
    unsubscribe();
  }
}

/** Open event streams, so a test can drop them. */
export type OpenStreams = Set<TestResponse>;

/**
 * Adds the ACL policy list: the fake keeps no policies as ACL objects, so it is empty; its index is
 * what a stream that starts from now reads for the ACL topics. With ACLs off it answers as the
 * scheduler does (the tokens' list is the ACL routes').
 */
function addAclLists(server: TestServer, context: RouteContext): void {
  server.route(
    'GET',
    '/v1/acl/policies',
    route(context, async (req, res, access) => {
      if (context.tokens === undefined) throw badRequest('ACL support disabled');
      access.requireManagement();
      const index = await blockingWait(req, context.store.indexes.acl, context.blocking);
      reply(req, res, [], index);
    }),
  );
}

/** Adds the event stream route (and the ACL lists) to `server`. */
export function addEventRoutes(server: TestServer, context: RouteContext, open: OpenStreams): void {
  addAclLists(server, context);
  server.route(
    'GET',
    '/v1/event/stream',
    route(context, async (req, res, access) => {
      const namespace = namespaceOf(req);
      const topics = topicsOf(req);
      if (namespace === '*' && !access.management && !access.allowsNamespace('*', 'read-job')) {
        throw permissionDenied();
      }
      checkAccess(access, topics, namespace);
      const indexText = req.query.get('index') ?? '';
      const from = indexText === '' ? 0 : Number(indexText);
      if (!Number.isInteger(from) || from < 0) throw badRequest(`invalid index "${indexText}"`);
      open.add(res);
      try {
        await res.ndjson(
          200,
          subscription(context, from, (event) => matches(event, topics, namespace), req.signal),
        );
      } finally {
        open.delete(res);
      }
    }),
  );
}
