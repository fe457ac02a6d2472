export { type KvGroup, kvOperations } from './group.js';
export { deleteKvMetadata, readKvMetadata } from './metadata.js';
export { patchKvMetadata, writeKvMetadata } from './metadata-write.js';
export {
  type KvPatchOptions,
  type KvSubkeysOptions,
  MERGE_PATCH,
  patchKvSecret,
  readKvSubkeys,
} from './patch.js';
export {
  type KvMetadataRequest,
  KvMetadataRequestSchema,
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
  type KvSubkeys,
  KvSubkeysSchema,
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
