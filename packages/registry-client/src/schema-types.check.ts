// Written by scripts/schema-types.mjs; do not edit. Each written type is exactly what its schema
// infers: assignable both ways, with the same properties. The package's typecheck compiles this file;
// a failing line names a type whose schema changed: run the script again.

import type * as core from '@infra-sdk/core';
import type * as v from 'valibot';
import type * as authRequestSchemas from './auth/request-schemas.js';
import type * as authSchemas from './auth/schemas.js';
import type * as authTypes from './auth/types.generated.js';
import type * as boxesRequestSchemas from './boxes/request-schemas.js';
import type * as boxesSchemas from './boxes/schemas.js';
import type * as boxesTypes from './boxes/types.generated.js';
import type * as downloadsDownloadOptions from './downloads/download-options.js';
import type * as downloadsTypes from './downloads/types.generated.js';
import type * as errorBody from './error-body.js';
import type * as hashingChecksumType from './hashing/checksum-type.js';
import type * as hashingTypes from './hashing/types.generated.js';
import type * as providersRequestSchemas from './providers/request-schemas.js';
import type * as providersSchemas from './providers/schemas.js';
import type * as providersTypes from './providers/types.generated.js';
import type * as searchRequestSchemas from './search/request-schemas.js';
import type * as searchSchemas from './search/schemas.js';
import type * as searchTypes from './search/types.generated.js';
import type * as typesGeneratedTypes from './types.generated.js';
import type * as uploadsSchemas from './uploads/schemas.js';
import type * as uploadsTypes from './uploads/types.generated.js';
import type * as uploadsUploadOptions from './uploads/upload-options.js';
import type * as usersSchemas from './users/schemas.js';
import type * as usersTypes from './users/types.generated.js';
import type * as versionsPublishSchemas from './versions/publish/schemas.js';
import type * as versionsPublishTypes from './versions/publish/types.generated.js';
import type * as versionsRequestSchemas from './versions/request-schemas.js';
import type * as versionsSchemas from './versions/schemas.js';
import type * as versionsTypes from './versions/types.generated.js';

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
  Assert<
    Same<authTypes.CreateTokenRequest, v.InferInput<typeof authRequestSchemas.CreateTokenRequestSchema>>
  >,
  Assert<
    Same<authTypes.TwoFactorCodeRequest, v.InferInput<typeof authRequestSchemas.TwoFactorCodeRequestSchema>>
  >,
  Assert<Same<authTypes.Token, v.InferOutput<typeof authSchemas.TokenSchema>>>,
  Assert<
    Same<authTypes.TwoFactorCodeResponse, v.InferOutput<typeof authSchemas.TwoFactorCodeResponseSchema>>
  >,
  Assert<Same<boxesTypes.CreateBoxRequest, v.InferInput<typeof boxesRequestSchemas.CreateBoxRequestSchema>>>,
  Assert<Same<boxesTypes.UpdateBoxRequest, v.InferInput<typeof boxesRequestSchemas.UpdateBoxRequestSchema>>>,
  Assert<Same<boxesTypes.Box, v.InferOutput<typeof boxesSchemas.BoxSchema>>>,
  Assert<
    Same<
      downloadsTypes.DownloadSettings,
      v.InferOutput<typeof downloadsDownloadOptions.DownloadSettingsSchema>
    >
  >,
  Assert<
    Same<
      downloadsTypes.DownloadOptions,
      core.RequestOptions & v.InferInput<typeof downloadsDownloadOptions.DownloadSettingsSchema>
    >
  >,
  Assert<
    Same<typesGeneratedTypes.RegistryErrorBody, v.InferOutput<typeof errorBody.RegistryErrorBodySchema>>
  >,
  Assert<Same<hashingTypes.ChecksumType, v.InferOutput<typeof hashingChecksumType.ChecksumTypeSchema>>>,
  Assert<
    Same<
      providersTypes.CreateProviderRequest,
      v.InferInput<typeof providersRequestSchemas.CreateProviderRequestSchema>
    >
  >,
  Assert<
    Same<
      providersTypes.UpdateProviderRequest,
      v.InferInput<typeof providersRequestSchemas.UpdateProviderRequestSchema>
    >
  >,
  Assert<Same<providersTypes.Provider, v.InferOutput<typeof providersSchemas.ProviderSchema>>>,
  Assert<Same<searchTypes.SearchQuery, v.InferInput<typeof searchRequestSchemas.SearchQuerySchema>>>,
  Assert<Same<searchTypes.SearchResult, v.InferOutput<typeof searchSchemas.SearchResultSchema>>>,
  Assert<Same<uploadsTypes.UploadPreparation, v.InferOutput<typeof uploadsSchemas.UploadPreparationSchema>>>,
  Assert<
    Same<
      uploadsTypes.DirectUploadPreparation,
      v.InferOutput<typeof uploadsSchemas.DirectUploadPreparationSchema>
    >
  >,
  Assert<Same<uploadsTypes.UploadSettings, v.InferOutput<typeof uploadsUploadOptions.UploadSettingsSchema>>>,
  Assert<
    Same<
      uploadsTypes.UploadOptions,
      core.RequestOptions & v.InferInput<typeof uploadsUploadOptions.UploadSettingsSchema>
    >
  >,
  Assert<Same<usersTypes.User, v.InferOutput<typeof usersSchemas.UserSchema>>>,
  Assert<
    Same<
      versionsPublishTypes.PublishedProvider,
      v.InferInput<typeof versionsPublishSchemas.PublishedProviderSchema>
    >
  >,
  Assert<
    Same<
      versionsPublishTypes.PublishVersionRequest,
      v.InferInput<typeof versionsPublishSchemas.PublishVersionRequestSchema>
    >
  >,
  Assert<
    Same<
      versionsPublishTypes.PublishSettings,
      v.InferOutput<typeof versionsPublishSchemas.PublishSettingsSchema>
    >
  >,
  Assert<
    Same<
      versionsPublishTypes.PublishOptions,
      core.RequestOptions & v.InferInput<typeof versionsPublishSchemas.PublishSettingsSchema>
    >
  >,
  Assert<
    Same<
      versionsTypes.CreateVersionRequest,
      v.InferInput<typeof versionsRequestSchemas.CreateVersionRequestSchema>
    >
  >,
  Assert<
    Same<
      versionsTypes.UpdateVersionRequest,
      v.InferInput<typeof versionsRequestSchemas.UpdateVersionRequestSchema>
    >
  >,
  Assert<Same<versionsTypes.Version, v.InferOutput<typeof versionsSchemas.VersionSchema>>>,
];
