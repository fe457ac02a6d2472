// Where "now" is in the event stream. The service has no such start: a stream asked for index 0 replays
// its whole backlog, and one asked for an index it has not reached yet may still hand out its latest
// message. An event's index is the index at which its change was committed, and the change moved the
// index of the table the event's topic reports on; so the highest index of those tables, read from
// their lists (one small page each), is at or past every event a subscription could replay, and the
// events after it are exactly those still to come.
import { BadRequestError, type RequestOptions, sendOperation } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceQuery, regionQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';

/** The list whose index each topic's events follow, whether it takes a namespace, and whether it is an ACL list. */
const TOPIC_LISTS: Readonly<
  Record<string, { readonly path: string; readonly namespaced: boolean; readonly acl?: true }>
> = {
  Job: { path: '/jobs', namespaced: true },
  Allocation: { path: '/allocations', namespaced: true },
  Evaluation: { path: '/evaluations', namespaced: true },
  Deployment: { path: '/deployments', namespaced: true },
  Node: { path: '/nodes', namespaced: false },
  NodeDrain: { path: '/nodes', namespaced: false },
  ACLToken: { path: '/acl/tokens', namespaced: false, acl: true },
  ACLPolicy: { path: '/acl/policies', namespaced: false, acl: true },
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
      const list = TOPIC_LISTS[name] as {
        readonly path: string;
        readonly namespaced: boolean;
        readonly acl?: true;
      };
      return [list.path, { namespaced: list.namespaced, acl: list.acl === true }] as const;
    }),
  );
  const indexes = await Promise.all(
    [...lists].map(async ([path, { namespaced, acl }]) => {
      const reading = sendOperation(
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
      // A cluster without ACLs has no ACL lists ("ACL support disabled"), and no ACL events either.
      const result = await (acl
        ? reading.catch((error: unknown) => {
            if (BadRequestError.isInstance(error)) return undefined;
            throw error;
          })
        : reading);
      return result?.meta.index ?? 0;
    }),
  );
  return Math.max(0, ...indexes);
}
