export { type KvGroup, kvGroup, kvOperations } from './group.js';
export {
  deleteKvMetadata,
  readKvMetadata,
} from './metadata.js';
export {
  patchKvMetadata,
  writeKvMetadata,
} from './metadata-write.js';
export {
  type KvPatchOptions,
  type KvSubkeysOptions,
  MERGE_PATCH,
  patchKvSecret,
  readKvSubkeys,
} from './patch.js';
export {
  deleteKvSecret,
  type KvReadOptions,
  type KvWriteOptions,
  listKvSecrets,
  readKvSecret,
  writeKvSecret,
} from './secrets.js';
export type {
  KvData,
  KvMetadata,
  KvMetadataRequest,
  KvSecret,
  KvSubkeys,
  KvVersion,
  KvVersionState,
  KvVersionsRequest,
  KvWriteRequest,
} from './types.generated.js';
export {
  deleteKvVersions,
  destroyKvVersions,
  undeleteKvVersions,
} from './versions.js';
