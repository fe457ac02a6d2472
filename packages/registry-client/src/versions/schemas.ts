import { openEnum } from '@infra-sdk/core';
import * as v from 'valibot';
import { ProviderSchema } from '../providers/schemas.js';
import { atLeastOneField, nonEmptyString } from '../request-rules.js';

/** Version states: `unreleased` at creation, `active` once released, `revoked` after a revoke. */
export const VERSION_STATUSES = ['unreleased', 'active', 'revoked'] as const;

/** A version as the registry sends it. */
export const VersionSchema = v.looseObject({
  version: v.string(),
  number: v.string(),
  /** Known values in `VERSION_STATUSES`; a newer registry may send others. */
  status: openEnum(VERSION_STATUSES),
  description_html: v.nullable(v.string()),
  description_markdown: v.nullable(v.string()),
  created_at: v.string(),
  updated_at: v.string(),
  release_url: v.string(),
  revoke_url: v.string(),
  providers: v.array(ProviderSchema),
});

/** A version of a box. */
export interface Version extends v.InferOutput<typeof VersionSchema> {}

/** Body of the create-version request (sent as `{ version: {...} }`). */
export const CreateVersionRequestSchema = v.strictObject({
  /** The version number, e.g. `1.2.3`. */
  version: nonEmptyString(),
  /** Markdown. */
  description: v.optional(v.string('must be a string')),
});

/** Fields of a new version. */
export interface CreateVersionRequest extends v.InferInput<typeof CreateVersionRequestSchema> {}

/** Body of the update-version request (sent as `{ version: {...} }`). */
export const UpdateVersionRequestSchema = v.pipe(
  v.strictObject({
    version: v.optional(nonEmptyString()),
    description: v.optional(v.string('must be a string')),
  }),
  atLeastOneField(),
);

/** Fields to change on a version. */
export interface UpdateVersionRequest extends v.InferInput<typeof UpdateVersionRequestSchema> {}
