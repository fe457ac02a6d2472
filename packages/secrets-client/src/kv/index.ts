export { type KvGroup, kvOperations } from './group.js';
export { deleteKvMetadata, readKvMetadata } from './metadata.js';
export {
  type KvVersionsRequest,
  KvVersionsRequestSchema,
  type KvWriteRequest,
  KvWriteRequestSchema,
} from './request-schemas.js';
export {
  type KvData,
  KvDataSchema,
  type KvMetadata,
  KvMetadataSchema,
  type KvSecret,
  KvSecretSchema,
  type KvVersion,
  KvVersionSchema,
  type KvVersionState,
  KvVersionStateSchema,
} from './schemas.js';
export {
  deleteKvSecret,
  type KvReadOptions,
  type KvWriteOptions,
  listKvSecrets,
  readKvSecret,
  writeKvSecret,
} from './secrets.js';
export { deleteKvVersions, destroyKvVersions, undeleteKvVersions } from './versions.js';
