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
export {
  type AclToken,
  type AclTokenRoleLink,
  AclTokenRoleLinkSchema,
  AclTokenSchema,
  type AclTokenStub,
  type AclTokenStubList,
  AclTokenStubListSchema,
  AclTokenStubSchema,
  type AclTokenType,
  AclTokenTypeSchema,
  type CreateAclTokenRequest,
  CreateAclTokenRequestSchema,
} from './schemas.js';
