// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

/** Known search contexts; `all` searches every one. Others are accepted. */
export type SearchContext =
  | 'all'
  | 'jobs'
  | 'evals'
  | 'allocs'
  | 'nodes'
  | 'node_pools'
  | 'deployment'
  | 'plugins'
  | 'volumes'
  | 'namespaces'
  | 'quotas'
  | 'scaling_policy'
  | 'groups'
  | 'tasks'
  | 'services'
  | 'images'
  | 'commands'
  | 'classes'
  | (string & Record<never, never>);

/** What `searchPrefix` takes: the id prefix, and where to look. */
export interface SearchPrefixRequest {
  /** The start of the ids to find, e.g. `"web"` or `"5fc9"`. */
  Prefix: string;
  /** Where to look: `jobs`, `evals`, `allocs`, `nodes`, `deployment`, ... or `all`. */
  Context:
    | 'all'
    | 'jobs'
    | 'evals'
    | 'allocs'
    | 'nodes'
    | 'node_pools'
    | 'deployment'
    | 'plugins'
    | 'volumes'
    | 'namespaces'
    | 'quotas';
}

/** What a prefix search answers: the ids found per context (at most 20 each), and which lists were cut. */
export interface SearchPrefixResponse {
  [key: string]: unknown;
  /** The matching ids, by context; null for a context with none. */
  Matches?: Record<string, string[] | null | undefined> | null | undefined;
  /** Per context: true when more than 20 matched and the list was cut. */
  Truncations?: Record<string, boolean> | null | undefined;
  Index?: number | undefined;
  KnownLeader?: boolean | undefined;
  LastContact?: number | undefined;
}

/** What `searchFuzzy` takes: the text to find within names, and where to look. */
export interface SearchFuzzyRequest {
  /** Text found anywhere within a name, e.g. `"py"` finds `python` and `happy`; at least 2 characters. */
  Text: string;
  /** Where to look: `jobs` (with their groups, tasks, services, images, commands and classes), `allocs`, `nodes`, ... or `all`. */
  Context:
    | 'all'
    | 'jobs'
    | 'evals'
    | 'allocs'
    | 'nodes'
    | 'node_pools'
    | 'deployment'
    | 'plugins'
    | 'volumes'
    | 'namespaces'
    | 'quotas';
}

/** One fuzzy match: the name found, and the ids that locate it (`[namespace, job id, group, ...]`). */
export interface FuzzyMatch {
  [key: string]: unknown;
  /** The name that matched: a job id, a group, a task, an image, an allocation's name, a node's name. */
  ID: string;
  /** Where it is: for a task `[namespace, job id, group]`, for an allocation `[namespace, allocation id]`, for a node `[node id]`. */
  Scope?: string[] | null | undefined;
}

/** What a fuzzy search answers: the matches per context, closest first, and which lists were cut. */
export interface SearchFuzzyResponse {
  [key: string]: unknown;
  /** The matches by context (`jobs`, `groups`, `tasks`, `services`, `images`, `allocs`, `nodes`, ...). */
  Matches?: Record<string, FuzzyMatch[] | null | undefined> | null | undefined;
  /** Per context: true when the list was cut at the service's limit. */
  Truncations?: Record<string, boolean> | null | undefined;
  Index?: number | undefined;
  KnownLeader?: boolean | undefined;
  LastContact?: number | undefined;
}
