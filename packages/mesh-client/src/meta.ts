// What the mesh server's answers say besides the payload: core's metadata plus the ACL facts a query's
// answer carries in `X-Mesh-Default-ACL-Policy` and `X-Mesh-Results-Filtered-By-ACLs`.
import { type ApiResult, extendMeta, type ResponseMeta, type ServiceRules } from '@infra-sdk/core';

/** The metadata of a mesh answer. */
export interface MeshMeta extends ResponseMeta {
  /**
   * The server's default ACL policy (`allow` or `deny`) from `X-Mesh-Default-ACL-Policy`: what decides
   * for a resource no rule of the token concerns. Undefined when the server sent none (ACLs off).
   */
  readonly defaultAclPolicy: string | undefined;
  /**
   * True when `X-Mesh-Results-Filtered-By-ACLs` says the token's ACLs left something out of the result
   * (a list shorter than what the server holds); false otherwise.
   */
  readonly resultsFilteredByAcls: boolean;
}

/** Core's metadata with the ACL facts of the answer's headers. */
export function meshMeta(meta: ResponseMeta): MeshMeta {
  const headers = meta.headers;
  return extendMeta(meta, {
    defaultAclPolicy: headers['x-mesh-default-acl-policy'] || undefined,
    resultsFilteredByAcls: headers['x-mesh-results-filtered-by-acls'] === 'true',
  });
}

/** The mesh server's service rules: every answer's metadata carries its ACL facts. */
export const meshRules: ServiceRules<MeshMeta> = {
  unwrap: (body, meta): ApiResult<unknown, MeshMeta> => ({ data: body, meta: meshMeta(meta) }),
  // `request()` takes core's per-call options and no others (no scope: its query is the caller's).
  optionKeys: {},
};
