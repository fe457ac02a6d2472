export { createVersion } from './create-version.js';
export { deleteVersion } from './delete-version.js';
export { type VersionsGroup, versionOperations } from './group.js';
export * from './publish/index.js';
export { readVersion } from './read-version.js';
export { releaseVersion } from './release-version.js';
export {
  type CreateVersionRequest,
  CreateVersionRequestSchema,
  type UpdateVersionRequest,
  UpdateVersionRequestSchema,
} from './request-schemas.js';
export { revokeVersion } from './revoke-version.js';
export { VERSION_STATUSES, type Version, VersionSchema } from './schemas.js';
export { updateVersion } from './update-version.js';
