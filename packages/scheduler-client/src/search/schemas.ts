import { openEnum } from '@infra-sdk/core/schema';
import * as v from 'valibot';

/** Known search contexts; `all` searches every one. Others are accepted. */
export const SearchContextSchema = openEnum([
  'all',
  'jobs',
  'evals',
  'allocs',
  'nodes',
  'node_pools',
  'deployment',
  'plugins',
  'volumes',
  'namespaces',
  'quotas',
  'scaling_policy',
  'groups',
  'tasks',
  'services',
  'images',
  'commands',
  'classes',
]);

/** The contexts a search may ask for. */
const SearchedContext = v.picklist(
  [
    'all',
    'jobs',
    'evals',
    'allocs',
    'nodes',
    'node_pools',
    'deployment',
    'plugins',
    'volumes',
    'namespaces',
    'quotas',
  ],
  'Context must be one of all, jobs, evals, allocs, nodes, node_pools, deployment, plugins, volumes, namespaces, quotas',
);

/** What `searchPrefix` takes: the id prefix, and where to look. */
export const SearchPrefixRequestSchema = v.strictObject({
  /** The start of the ids to find, e.g. `"web"` or `"5fc9"`. */
  Prefix: v.string(),
  /** Where to look: `jobs`, `evals`, `allocs`, `nodes`, `deployment`, ... or `all`. */
  Context: SearchedContext,
});

/** What a prefix search answers: the ids found per context (at most 20 each), and which lists were cut. */
export const SearchPrefixResponseSchema = v.looseObject({
  /** The matching ids, by context; null for a context with none. */
  Matches: v.nullish(v.record(v.string(), v.nullish(v.array(v.string())))),
  /** Per context: true when more than 20 matched and the list was cut. */
  Truncations: v.nullish(v.record(v.string(), v.boolean())),
  Index: v.optional(v.number()),
  KnownLeader: v.optional(v.boolean()),
  LastContact: v.optional(v.number()),
});

/** What `searchFuzzy` takes: the text to find within names, and where to look. */
export const SearchFuzzyRequestSchema = v.strictObject({
  /** Text found anywhere within a name, e.g. `"py"` finds `python` and `happy`; at least 2 characters. */
  Text: v.pipe(v.string(), v.minLength(2, 'Text needs at least 2 characters')),
  /** Where to look: `jobs` (with their groups, tasks, services, images, commands and classes), `allocs`, `nodes`, ... or `all`. */
  Context: SearchedContext,
});

/** One fuzzy match: the name found, and the ids that locate it (`[namespace, job id, group, ...]`). */
export const FuzzyMatchSchema = v.looseObject({
  /** The name that matched: a job id, a group, a task, an image, an allocation's name, a node's name. */
  ID: v.string(),
  /** Where it is: for a task `[namespace, job id, group]`, for an allocation `[namespace, allocation id]`, for a node `[node id]`. */
  Scope: v.nullish(v.array(v.string())),
});

/** What a fuzzy search answers: the matches per context, closest first, and which lists were cut. */
export const SearchFuzzyResponseSchema = v.looseObject({
  /** The matches by context (`jobs`, `groups`, `tasks`, `services`, `images`, `allocs`, `nodes`, ...). */
  Matches: v.nullish(v.record(v.string(), v.nullish(v.array(FuzzyMatchSchema)))),
  /** Per context: true when the list was cut at the service's limit. */
  Truncations: v.nullish(v.record(v.string(), v.boolean())),
  Index: v.optional(v.number()),
  KnownLeader: v.optional(v.boolean()),
  LastContact: v.optional(v.number()),
});
