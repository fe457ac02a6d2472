/**
 * A fake mesh server on a loopback port, for testing code that uses the mesh client.
 *
 * @module @infra-sdk/mesh-client/testing
 */
export { GLOBAL_MANAGEMENT_POLICY_ID } from './acl-directory.js';
export { type FakeMesh, startFakeMesh } from './fake-mesh.js';
export { fakeMeshOptionKeys } from './option-keys.js';
export type {
  FakeMeshAccess,
  FakeMeshAclOptions,
  FakeMeshOptions,
  FakeMeshPolicy,
  FakeMeshRole,
  FakeMeshRule,
  FakeMeshToken,
} from './options.js';
export type {
  FakeMeshLink,
  FakeMeshLinkReference,
  FakeMeshNamespace,
  FakeMeshNamespaceSeed,
} from './wire.js';
