import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { SchedulerCore } from '../core.js';
import { searchFuzzy, searchPrefix } from './search.js';

const searchOperations = {
  prefix: searchPrefix,
  fuzzy: searchFuzzy,
};

/** The search group of the client; each method is the standalone operation with the core applied. */
export interface SearchGroup extends BoundGroup<SchedulerCore, typeof searchOperations> {}

/** The search group of the client: `client.search.prefix({ Prefix, Context })`, `client.search.fuzzy({ Text, Context })`. */
export function searchGroup(core: SchedulerCore): SearchGroup {
  return bindOperations(core, searchOperations);
}
