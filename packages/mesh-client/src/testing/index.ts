export { GLOBAL_MANAGEMENT_POLICY_ID } from './acl-directory.js';
export { type FakeMesh, startFakeMesh } from './fake-mesh.js';
export type {
  FakeMeshAccess,
  FakeMeshAclOptions,
  FakeMeshOptions,
  FakeMeshPolicy,
  FakeMeshRole,
  FakeMeshRule,
  FakeMeshToken,
} from './options.js';
