// Written by scripts/schema-types.mjs; do not edit. Each written type is exactly what its schema
// infers: assignable both ways, with the same properties. The package's typecheck compiles this file;
// a failing line names a type whose schema changed: run the script again.
import type * as v from 'valibot';
import type * as authSchemas from './auth/schemas.js';
import type * as authTypes from './auth/types.generated.js';
import type * as cloudRequestSchemas from './cloud/request-schemas.js';
import type * as cloudSchemas from './cloud/schemas.js';
import type * as cloudTypes from './cloud/types.generated.js';
import type * as databaseRequestSchemas from './database/request-schemas.js';
import type * as databaseSchemas from './database/schemas.js';
import type * as databaseTypes from './database/types.generated.js';
import type * as duration from './duration.js';
import type * as helpSchema from './help-schema.js';
import type * as kvRequestSchemas from './kv/request-schemas.js';
import type * as kvSchemas from './kv/schemas.js';
import type * as kvTypes from './kv/types.generated.js';
import type * as leasesSchemas from './leases/schemas.js';
import type * as leasesTypes from './leases/types.generated.js';
import type * as listing from './listing.js';
import type * as syncRequestSchemas from './sync/request-schemas.js';
import type * as syncSchemas from './sync/schemas.js';
import type * as syncTypes from './sync/types.generated.js';
import type * as tokenSchemas from './token/schemas.js';
import type * as tokenTypes from './token/types.generated.js';
import type * as typesGeneratedTypes from './types.generated.js';
import type * as wrappingSchemas from './wrapping/schemas.js';
import type * as wrappingTypes from './wrapping/types.generated.js';
import type * as writeResult from './write-result.js';

/** The property names of `T`, without its index signature. */
type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: 0 };

/** True when `A` and `B` are assignable to each other and have the same properties. */
type Same<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? [KnownKeys<A>] extends [KnownKeys<B>]
      ? [KnownKeys<B>] extends [KnownKeys<A>]
        ? true
        : false
      : false
    : false
  : false;

type Assert<T extends true> = T;

export type Checks = [
  Assert<Same<authTypes.LoginAuth, v.InferOutput<typeof authSchemas.LoginAuthSchema>>>,
  Assert<
    Same<cloudTypes.CloudConfigInput, v.InferInput<typeof cloudRequestSchemas.CloudConfigRequestSchema>>
  >,
  Assert<Same<cloudTypes.RolesetInput, v.InferInput<typeof cloudRequestSchemas.RolesetRequestSchema>>>,
  Assert<
    Same<cloudTypes.StaticAccountInput, v.InferInput<typeof cloudRequestSchemas.StaticAccountRequestSchema>>
  >,
  Assert<
    Same<
      cloudTypes.ImpersonatedAccountInput,
      v.InferInput<typeof cloudRequestSchemas.ImpersonatedAccountRequestSchema>
    >
  >,
  Assert<Same<cloudTypes.KeyRequestInput, v.InferInput<typeof cloudRequestSchemas.KeyRequestSchema>>>,
  Assert<Same<cloudTypes.CloudConfig, v.InferOutput<typeof cloudSchemas.CloudConfigSchema>>>,
  Assert<Same<cloudTypes.Roleset, v.InferOutput<typeof cloudSchemas.RolesetSchema>>>,
  Assert<Same<cloudTypes.StaticAccount, v.InferOutput<typeof cloudSchemas.StaticAccountSchema>>>,
  Assert<Same<cloudTypes.ImpersonatedAccount, v.InferOutput<typeof cloudSchemas.ImpersonatedAccountSchema>>>,
  Assert<Same<cloudTypes.AccessToken, v.InferOutput<typeof cloudSchemas.AccessTokenSchema>>>,
  Assert<Same<cloudTypes.ServiceAccountKey, v.InferOutput<typeof cloudSchemas.ServiceAccountKeySchema>>>,
  Assert<
    Same<databaseTypes.ConnectionInput, v.InferInput<typeof databaseRequestSchemas.ConnectionRequestSchema>>
  >,
  Assert<Same<databaseTypes.RoleInput, v.InferInput<typeof databaseRequestSchemas.RoleRequestSchema>>>,
  Assert<
    Same<databaseTypes.StaticRoleInput, v.InferInput<typeof databaseRequestSchemas.StaticRoleRequestSchema>>
  >,
  Assert<Same<databaseTypes.Connection, v.InferOutput<typeof databaseSchemas.ConnectionSchema>>>,
  Assert<Same<databaseTypes.ReloadResult, v.InferOutput<typeof databaseSchemas.ReloadResultSchema>>>,
  Assert<Same<databaseTypes.Role, v.InferOutput<typeof databaseSchemas.RoleSchema>>>,
  Assert<Same<databaseTypes.Credentials, v.InferOutput<typeof databaseSchemas.CredentialsSchema>>>,
  Assert<Same<databaseTypes.StaticRole, v.InferOutput<typeof databaseSchemas.StaticRoleSchema>>>,
  Assert<
    Same<databaseTypes.StaticCredentials, v.InferOutput<typeof databaseSchemas.StaticCredentialsSchema>>
  >,
  Assert<Same<typesGeneratedTypes.DurationValue, v.InferOutput<ReturnType<typeof duration.durationSchema>>>>,
  Assert<Same<typesGeneratedTypes.Help, v.InferOutput<typeof helpSchema.HelpSchema>>>,
  Assert<Same<kvTypes.KvWriteRequest, v.InferInput<typeof kvRequestSchemas.KvWriteRequestSchema>>>,
  Assert<Same<kvTypes.KvVersionsRequest, v.InferInput<typeof kvRequestSchemas.KvVersionsRequestSchema>>>,
  Assert<Same<kvTypes.KvMetadataRequest, v.InferInput<typeof kvRequestSchemas.KvMetadataRequestSchema>>>,
  Assert<Same<kvTypes.KvData, v.InferOutput<typeof kvSchemas.KvDataSchema>>>,
  Assert<Same<kvTypes.KvVersion, v.InferOutput<typeof kvSchemas.KvVersionSchema>>>,
  Assert<Same<kvTypes.KvSecret, v.InferOutput<typeof kvSchemas.KvSecretSchema>>>,
  Assert<Same<kvTypes.KvVersionState, v.InferOutput<typeof kvSchemas.KvVersionStateSchema>>>,
  Assert<Same<kvTypes.KvMetadata, v.InferOutput<typeof kvSchemas.KvMetadataSchema>>>,
  Assert<Same<kvTypes.KvSubkeys, v.InferOutput<typeof kvSchemas.KvSubkeysSchema>>>,
  Assert<Same<leasesTypes.Lease, v.InferOutput<typeof leasesSchemas.LeaseSchema>>>,
  Assert<Same<leasesTypes.LeaseLookup, v.InferOutput<typeof leasesSchemas.LeaseInfoSchema>>>,
  Assert<Same<typesGeneratedTypes.KeyList, v.InferOutput<typeof listing.KeyListSchema>>>,
  Assert<Same<syncTypes.SyncConfigInput, v.InferInput<typeof syncRequestSchemas.SyncConfigRequestSchema>>>,
  Assert<
    Same<
      syncTypes.Cloud1SmDestinationInput,
      v.InferInput<typeof syncRequestSchemas.Cloud1SmDestinationRequestSchema>
    >
  >,
  Assert<
    Same<
      syncTypes.Cloud2KvDestinationInput,
      v.InferInput<typeof syncRequestSchemas.Cloud2KvDestinationRequestSchema>
    >
  >,
  Assert<
    Same<
      syncTypes.Cloud3SmDestinationInput,
      v.InferInput<typeof syncRequestSchemas.Cloud3SmDestinationRequestSchema>
    >
  >,
  Assert<
    Same<
      syncTypes.RepoHostDestinationInput,
      v.InferInput<typeof syncRequestSchemas.RepoHostDestinationRequestSchema>
    >
  >,
  Assert<
    Same<
      syncTypes.HostingProjectDestinationInput,
      v.InferInput<typeof syncRequestSchemas.HostingProjectDestinationRequestSchema>
    >
  >,
  Assert<Same<syncTypes.AssociationInput, v.InferInput<typeof syncRequestSchemas.AssociationRequestSchema>>>,
  Assert<Same<syncTypes.RepoHostAppInput, v.InferInput<typeof syncRequestSchemas.RepoHostAppRequestSchema>>>,
  Assert<Same<syncTypes.SyncConfig, v.InferOutput<typeof syncSchemas.SyncConfigSchema>>>,
  Assert<Same<syncTypes.Destination, v.InferOutput<typeof syncSchemas.DestinationSchema>>>,
  Assert<Same<syncTypes.DestinationList, v.InferOutput<typeof syncSchemas.DestinationListSchema>>>,
  Assert<Same<syncTypes.DestinationsOfType, v.InferOutput<typeof syncSchemas.DestinationsOfTypeSchema>>>,
  Assert<Same<syncTypes.AssociatedSecret, v.InferOutput<typeof syncSchemas.AssociatedSecretSchema>>>,
  Assert<Same<syncTypes.Associations, v.InferOutput<typeof syncSchemas.AssociationsSchema>>>,
  Assert<Same<syncTypes.AssociationList, v.InferOutput<typeof syncSchemas.AssociationListSchema>>>,
  Assert<Same<syncTypes.SecretDestinations, v.InferOutput<typeof syncSchemas.SecretDestinationsSchema>>>,
  Assert<Same<syncTypes.RepoHostApp, v.InferOutput<typeof syncSchemas.RepoHostAppSchema>>>,
  Assert<Same<tokenTypes.TokenInfo, v.InferOutput<typeof tokenSchemas.TokenInfoSchema>>>,
  Assert<Same<tokenTypes.TokenAuth, v.InferOutput<typeof tokenSchemas.TokenAuthSchema>>>,
  Assert<Same<tokenTypes.CreateTokenRequest, v.InferInput<typeof tokenSchemas.CreateTokenRequestSchema>>>,
  Assert<Same<wrappingTypes.WrapInfoFields, v.InferOutput<typeof wrappingSchemas.WrapInfoSchema>>>,
  Assert<
    Same<wrappingTypes.WrappingTokenInfo, v.InferOutput<typeof wrappingSchemas.WrappingTokenInfoSchema>>
  >,
  Assert<Same<typesGeneratedTypes.WriteResult, v.InferOutput<typeof writeResult.WriteResultSchema>>>,
];
