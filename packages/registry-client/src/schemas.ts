/**
 * The valibot schemas of the registry client: each response and request body the client checks, for
 * code that validates the service's JSON itself. The types they infer are the main entry's (`Box` is
 * `v.InferOutput<typeof BoxSchema>`), which needs no valibot.
 *
 * @module @infra-sdk/registry-client/schemas
 */
export {
  CreateTokenRequestSchema,
  TwoFactorCodeRequestSchema,
} from './auth/request-schemas.js';
export {
  TokenSchema,
  TwoFactorCodeResponseSchema,
} from './auth/schemas.js';
export {
  CreateBoxRequestSchema,
  UpdateBoxRequestSchema,
} from './boxes/request-schemas.js';
export { BoxSchema } from './boxes/schemas.js';
export { DownloadSettingsSchema } from './downloads/download-options.js';
export { RegistryErrorBodySchema } from './error-body.js';
export { ChecksumTypeSchema } from './hashing/checksum-type.js';
export {
  CreateProviderRequestSchema,
  UpdateProviderRequestSchema,
} from './providers/request-schemas.js';
export { ProviderSchema } from './providers/schemas.js';
export { SearchQuerySchema } from './search/request-schemas.js';
export { SearchResultSchema } from './search/schemas.js';
export {
  DirectUploadPreparationSchema,
  UploadPreparationSchema,
} from './uploads/schemas.js';
export { UploadSettingsSchema } from './uploads/upload-options.js';
export { UserSchema } from './users/schemas.js';
export {
  PublishedProviderSchema,
  PublishSettingsSchema,
  PublishVersionRequestSchema,
} from './versions/publish/schemas.js';
export {
  CreateVersionRequestSchema,
  UpdateVersionRequestSchema,
} from './versions/request-schemas.js';
export { VersionSchema } from './versions/schemas.js';
