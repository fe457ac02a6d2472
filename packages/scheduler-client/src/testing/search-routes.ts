// `POST /v1/search` and `POST /v1/search/fuzzy` of the fake, over its jobs, evaluations, allocations,
// nodes and deployments. A prefix search matches ids; a fuzzy search matches names that contain the
// text (case aside), closest first: an exact name, then one that starts with the text, then by where
// the text sits and by length. At most 20 matches per context, `Truncations` saying where more
// matched. Only what the token may read is searched.
import type { TestServer } from '@infra-sdk/core/testing';
import type { Access } from './acl.js';
import { badRequest, permissionDenied } from './fault.js';
import { bodyOf, namespaceOf, type RouteContext, reply, route } from './http.js';
import { currentVersion, type SchedulerStore } from './store.js';

const LIMIT = 20;
const PREFIX_CONTEXTS = ['jobs', 'evals', 'allocs', 'nodes', 'deployment'] as const;
const FUZZY_CONTEXTS = ['jobs', 'allocs', 'nodes'] as const;
/** Contexts the scheduler searches that the fake holds nothing of: always empty. */
const EMPTY_CONTEXTS = ['node_pools', 'plugins', 'volumes', 'namespaces', 'quotas', 'scaling_policy'];

type PrefixContext = (typeof PREFIX_CONTEXTS)[number];

interface FuzzyMatch {
  readonly ID: string;
  readonly Scope?: string[];
}

/** Whether the token may read the objects of `namespace` (jobs and what they made). */
function readsJobs(access: Access, namespace: string): boolean {
  return access.allowsNamespace(namespace, 'read-job') || access.allowsNamespace(namespace, 'list-jobs');
}

/** The ids of one context that start with `prefix`, in `namespace` (`*`: every one the token may read), sorted. */
function prefixMatches(
  store: SchedulerStore,
  access: Access,
  context: PrefixContext,
  namespace: string,
  prefix: string,
): string[] {
  return idsOf(store, access, context, namespace)
    .filter((id) => id.startsWith(prefix))
    .sort();
}

/** Every id of one context the token may read, in `namespace` (`*`: every namespace). */
function idsOf(store: SchedulerStore, access: Access, context: PrefixContext, namespace: string): string[] {
  const inScope = (of: string | null | undefined) =>
    (namespace === '*' || (of ?? 'default') === namespace) && readsJobs(access, of ?? 'default');
  switch (context) {
    case 'jobs':
      return [...store.jobs.values()].filter((job) => inScope(job.namespace)).map((job) => job.id);
    case 'evals':
      return [...store.evaluations.values()].filter((item) => inScope(item.Namespace)).map((item) => item.ID);
    case 'allocs':
      return [...store.allocations.values()].filter((item) => inScope(item.Namespace)).map((item) => item.ID);
    case 'deployment':
      return [...store.deployments.values()].filter((item) => inScope(item.Namespace)).map((item) => item.ID);
    case 'nodes':
      return access.allowsNode('read') ? [...store.nodes.keys()] : [];
  }
}

/** How close a name is to the text: lower is closer. */
function closeness(name: string, text: string): [number, number, number] {
  const lower = name.toLowerCase();
  const at = lower.indexOf(text);
  return [lower === text ? 0 : at === 0 ? 1 : 2, at, name.length];
}

function closestFirst(text: string) {
  return (a: FuzzyMatch, b: FuzzyMatch): number => {
    const [x, y] = [closeness(a.ID, text), closeness(b.ID, text)];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || (a.ID < b.ID ? -1 : a.ID > b.ID ? 1 : 0);
  };
}

/** The fuzzy matches of a context: jobs bring their groups, services, tasks, images, commands and classes. */
function fuzzyMatches(
  store: SchedulerStore,
  access: Access,
  context: (typeof FUZZY_CONTEXTS)[number],
  namespace: string,
  text: string,
): Record<string, FuzzyMatch[]> {
  const found: Record<string, FuzzyMatch[]> = {};
  const add = (kind: string, id: string | null | undefined, scope: string[]) => {
    if (typeof id !== 'string' || !id.toLowerCase().includes(text)) return;
    const list = found[kind] ?? [];
    found[kind] = list;
    if (!list.some((match) => match.ID === id && match.Scope?.join('\0') === scope.join('\0'))) {
      list.push({ ID: id, Scope: scope });
    }
  };
  const inScope = (of: string) => (namespace === '*' || of === namespace) && readsJobs(access, of);
  if (context === 'jobs') {
    for (const stored of store.jobs.values()) {
      if (!inScope(stored.namespace)) continue;
      const job = currentVersion(stored);
      const ns = stored.namespace;
      add('jobs', job.ID, [ns]);
      for (const group of job.TaskGroups ?? []) {
        const groupName = group.Name ?? '';
        add('groups', groupName, [ns, job.ID]);
        for (const service of group.Services ?? []) add('services', service.Name, [ns, job.ID, groupName]);
        for (const task of group.Tasks ?? []) {
          const taskName = task.Name ?? '';
          const where = [ns, job.ID, groupName, taskName];
          add('tasks', taskName, [ns, job.ID, groupName]);
          for (const service of task.Services ?? []) add('services', service.Name, where);
          const config = task.Config ?? {};
          if (typeof config.image === 'string') add('images', config.image, where);
          if (typeof config.command === 'string') add('commands', config.command, where);
          if (typeof config.class === 'string') add('classes', config.class, where);
        }
      }
    }
  } else if (context === 'allocs') {
    for (const alloc of store.allocations.values()) {
      const ns = alloc.Namespace ?? 'default';
      if (inScope(ns)) add('allocs', alloc.Name, [ns, alloc.ID]);
    }
  } else if (access.allowsNode('read')) {
    for (const node of store.nodes.values()) add('nodes', node.Name, [node.ID]);
  }
  return found;
}

/** Matches cut at the limit, with the truncation of each context. */
function limited<T>(matches: Record<string, T[]>): {
  Matches: Record<string, T[] | null>;
  Truncations: Record<string, boolean>;
} {
  const out: Record<string, T[] | null> = {};
  const truncations: Record<string, boolean> = {};
  for (const [context, list] of Object.entries(matches)) {
    out[context] = list.length === 0 ? null : list.slice(0, LIMIT);
    truncations[context] = list.length > LIMIT;
  }
  return { Matches: out, Truncations: truncations };
}

/**
 * A search of one context the token may read nothing of is refused; with `all`, or across every
 * namespace, what it may not read is left out instead.
 */
function denyUnreadable(access: Access, searched: string, namespace: string): void {
  if (searched === 'all' || namespace === '*') return;
  const allowed = searched === 'nodes' ? access.allowsNode('read') : readsJobs(access, namespace);
  if (!allowed) throw permissionDenied();
}

/** The body's `Context`: one the scheduler knows. */
function contextOf(body: Record<string, unknown>): string {
  const context = body.Context;
  if (typeof context !== 'string' || context === '') throw badRequest('Context must be specified');
  return context;
}

/** Adds the search routes to `server`. */
export function addSearchRoutes(server: TestServer, context: RouteContext): void {
  const { store } = context;

  server.route(
    'POST',
    '/v1/search',
    route(context, (req, res, access) => {
      const body = bodyOf(req);
      const searched = contextOf(body);
      const prefix = typeof body.Prefix === 'string' ? body.Prefix : '';
      const namespace = namespaceOf(req);
      const contexts =
        searched === 'all'
          ? [...PREFIX_CONTEXTS]
          : (PREFIX_CONTEXTS as readonly string[]).includes(searched)
            ? [searched as PrefixContext]
            : [];
      if (contexts.length === 0 && !EMPTY_CONTEXTS.includes(searched)) {
        throw badRequest(`invalid context "${searched}"`);
      }
      denyUnreadable(access, searched, namespace);
      const matches: Record<string, string[]> = {};
      for (const one of contexts) {
        matches[one] = prefixMatches(store, access, one, namespace, prefix);
      }
      if (contexts.length === 0) matches[searched] = [];
      reply(
        req,
        res,
        { ...limited(matches), Index: store.index, KnownLeader: true, LastContact: 0 },
        store.index,
      );
    }),
  );

  server.route(
    'POST',
    '/v1/search/fuzzy',
    route(context, (req, res, access) => {
      const body = bodyOf(req);
      const searched = contextOf(body);
      if (typeof body.Text !== 'string' || body.Text.length < 2) {
        throw badRequest(
          'fuzzy search query must be at least 2 characters, got ' +
            String(typeof body.Text === 'string' ? body.Text.length : 0),
        );
      }
      const text = body.Text.toLowerCase();
      const namespace = namespaceOf(req);
      const fuzzy =
        searched === 'all'
          ? [...FUZZY_CONTEXTS]
          : (FUZZY_CONTEXTS as readonly string[]).includes(searched)
            ? [searched as (typeof FUZZY_CONTEXTS)[number]]
            : [];
      if (fuzzy.length === 0 && !EMPTY_CONTEXTS.includes(searched)) {
        throw badRequest(`context "${searched}" is not allowed for fuzzy searching`);
      }
      denyUnreadable(access, searched, namespace);
      const matches: Record<string, FuzzyMatch[]> = {};
      for (const one of fuzzy) Object.assign(matches, fuzzyMatches(store, access, one, namespace, text));
      for (const list of Object.values(matches)) list.sort(closestFirst(text));
      if (searched === 'all') {
        // Objects known only by their UUID are searched by prefix alongside.
        for (const one of ['evals', 'deployment'] as const) {
          matches[one] = prefixMatches(store, access, one, namespace, text).map((id) => ({ ID: id }));
        }
      }
      if (fuzzy.length === 0) matches[searched] = [];
      reply(
        req,
        res,
        { ...limited(matches), Index: store.index, KnownLeader: true, LastContact: 0 },
        store.index,
      );
    }),
  );
}
