import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { SchedulerCore } from '../core.js';
import { createAclToken, deleteAclToken, readAclToken, readOwnAclToken } from './acl-tokens.js';
import { iterateAclTokens, listAclTokens, watchAclTokens } from './list-acl-tokens.js';

const aclTokenOperations = {
  self: readOwnAclToken,
  list: listAclTokens,
  iterate: iterateAclTokens,
  watchList: watchAclTokens,
  read: readAclToken,
  create: createAclToken,
  delete: deleteAclToken,
};

/** The ACL tokens group of the client; each method is the standalone operation with the core applied. */
export interface AclTokensGroup extends BoundGroup<SchedulerCore, typeof aclTokenOperations> {}

/** The ACL tokens group of the client: `client.aclTokens.self()`, `client.aclTokens.create({ Type, Policies })`, ... */
export function aclTokensGroup(core: SchedulerCore): AclTokensGroup {
  return bindOperations(core, aclTokenOperations);
}
