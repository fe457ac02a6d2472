export {
  createAclToken,
  deleteAclToken,
  type ReadAclTokenOptions,
  readAclToken,
  readOwnAclToken,
} from './acl-tokens.js';
export { type AclTokensGroup, aclTokensGroup } from './group.js';
export {
  type IterateAclTokensOptions,
  iterateAclTokens,
  type ListAclTokensOptions,
  listAclTokens,
  watchAclTokens,
} from './list-acl-tokens.js';
export type {
  AclToken,
  AclTokenRoleLink,
  AclTokenStub,
  AclTokenStubList,
  AclTokenType,
  CreateAclTokenRequest,
} from './types.generated.js';
