// Where "now" is in the event stream. The service has no such start: a stream asked for index 0 replays
// its whole backlog, and one asked for an index it has not reached yet may still hand out its latest
// message. An event's index is the index at which its change was committed, and the change moved the
// index of the table the event's topic reports on; so the highest index of those tables, read from
// their lists (one small page each), is at or past every event a subscription could replay, and the
// events after it are exactly those still to come.
import { type RequestOptions, sendOperation } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceQuery, regionQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';

/** The list whose index each topic's events follow, and whether it takes a namespace. */
const TOPIC_LISTS: Readonly<Record<string, { readonly path: string; readonly namespaced: boolean }>> = {
  Job: { path: '/jobs', namespaced: true },
  Allocation: { path: '/allocations', namespaced: true },
  Evaluation: { path: '/evaluations', namespaced: true },
  Deployment: { path: '/deployments', namespaced: true },
  Node: { path: '/nodes', namespaced: false },
  NodeDrain: { path: '/nodes', namespaced: false },
  ACLToken: { path: '/acl/tokens', namespaced: false },
  ACLPolicy: { path: '/acl/policies', namespaced: false },
};

/**
 * The highest index the subscribed topics' tables have reached: every topic's for `*`, no topics, or a
 * topic this version does not know.
 */
export async function currentIndex(
  core: SchedulerCore,
  topics: Readonly<Record<string, readonly string[] | undefined>> | undefined,
  options: NamespaceOptions & RequestOptions,
): Promise<number> {
  const named = Object.entries(topics ?? {})
    .filter(([, keys]) => keys !== undefined)
    .map(([name]) => name);
  const everything = named.length === 0 || named.some((name) => TOPIC_LISTS[name] === undefined);
  const lists = new Map(
    (everything ? Object.keys(TOPIC_LISTS) : named).map((name) => {
      const list = TOPIC_LISTS[name] as { readonly path: string; readonly namespaced: boolean };
      return [list.path, list.namespaced] as const;
    }),
  );
  const indexes = await Promise.all(
    [...lists].map(async ([path, namespaced]) => {
      const { meta } = await sendOperation(
        core,
        () => ({
          method: 'GET',
          path,
          query: {
            ...(namespaced ? namespaceQuery(core, options) : regionQuery(core, options)),
            per_page: 1,
          },
        }),
        options,
      ).withMeta();
      return meta.index ?? 0;
    }),
  );
  return Math.max(0, ...indexes);
}
