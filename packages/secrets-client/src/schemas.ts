/**
 * The valibot schemas of the secrets client: each response and request body the client checks, for
 * code that validates the service's JSON itself. The types they infer are the main entry's
 * (`Roleset` is `v.InferOutput<typeof RolesetSchema>`), which needs no valibot.
 *
 * @module @infra-sdk/secrets-client/schemas
 */
export {
  AppRoleLoginRequestSchema,
  JwtLoginRequestSchema,
  KubernetesLoginRequestSchema,
  LoginAuthSchema,
  UserpassLoginRequestSchema,
} from './auth/schemas.js';
export { bindingsSchema } from './cloud/bindings-schema.js';
export {
  CloudConfigRequestSchema,
  ImpersonatedAccountRequestSchema,
  KeyRequestSchema,
  RolesetRequestSchema,
  StaticAccountRequestSchema,
} from './cloud/request-schemas.js';
export {
  AccessTokenSchema,
  CloudConfigSchema,
  ImpersonatedAccountSchema,
  RolesetSchema,
  ServiceAccountKeySchema,
  StaticAccountSchema,
} from './cloud/schemas.js';
export { credentialConfigSchema } from './database/credential-config.js';
export {
  ConnectionRequestSchema,
  RoleRequestSchema,
  StaticRoleRequestSchema,
} from './database/request-schemas.js';
export {
  ConnectionSchema,
  CredentialsSchema,
  ReloadResultSchema,
  RoleSchema,
  StaticCredentialsSchema,
  StaticRoleSchema,
} from './database/schemas.js';
export { durationSchema } from './duration.js';
export {
  envelopeSchema,
  type SecretsEnvelope,
} from './envelope-schema.js';
export { HelpSchema } from './help-schema.js';
export {
  KvMetadataRequestSchema,
  KvVersionsRequestSchema,
  KvWriteRequestSchema,
} from './kv/request-schemas.js';
export {
  KvDataSchema,
  KvMetadataSchema,
  KvSecretSchema,
  KvSubkeysSchema,
  KvVersionSchema,
  KvVersionStateSchema,
} from './kv/schemas.js';
export {
  LeaseInfoSchema,
  LeaseSchema,
  RenewLeaseRequestSchema,
  RevokeLeaseRequestSchema,
  RevokePrefixRequestSchema,
} from './leases/schemas.js';
export { KeyListSchema } from './listing.js';
export {
  AssociationRequestSchema,
  Cloud1SmDestinationRequestSchema,
  Cloud2KvDestinationRequestSchema,
  Cloud3SmDestinationRequestSchema,
  HostingProjectDestinationRequestSchema,
  RepoHostAppRequestSchema,
  RepoHostDestinationRequestSchema,
  SyncConfigRequestSchema,
} from './sync/request-schemas.js';
export {
  AssociatedSecretSchema,
  AssociationListSchema,
  AssociationsSchema,
  DestinationListSchema,
  DestinationSchema,
  DestinationsOfTypeSchema,
  RepoHostAppSchema,
  SecretDestinationsSchema,
  SyncConfigSchema,
} from './sync/schemas.js';
export {
  CapabilitiesSchema,
  CapabilitiesSelfRequestSchema,
  CreateTokenRequestSchema,
  RenewSelfRequestSchema,
  TokenAccessorRequestSchema,
  TokenAuthSchema,
  TokenInfoSchema,
} from './token/schemas.js';
export {
  WrapInfoSchema,
  WrappingTokenInfoSchema,
  WrappingTokenRequestSchema,
} from './wrapping/schemas.js';
export { WriteResultSchema } from './write-result.js';
