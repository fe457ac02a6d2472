export { createVersion } from './create-version.js';
export { deleteVersion } from './delete-version.js';
export { type VersionsGroup, versionOperations, versionsGroup } from './group.js';
export * from './publish/index.js';
export { readVersion } from './read-version.js';
export { releaseVersion } from './release-version.js';
export { revokeVersion } from './revoke-version.js';
export type {
  CreateVersionRequest,
  UpdateVersionRequest,
  Version,
} from './types.generated.js';
export { updateVersion } from './update-version.js';
export { VERSION_STATUSES } from './version-statuses.js';
