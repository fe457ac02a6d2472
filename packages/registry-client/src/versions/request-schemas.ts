// Request bodies of the version endpoints: strict, checked before anything is sent.
import * as v from 'valibot';
import { atLeastOneField, nonEmptyString } from '../request-fields.js';

/** Body of the create-version request (sent as `{ version: {...} }`). */
export const CreateVersionRequestSchema = v.strictObject({
  /** The version number, e.g. `1.2.3`. */
  version: nonEmptyString(),
  /** Markdown. */
  description: v.optional(v.string('must be a string')),
});

/** Body of the update-version request (sent as `{ version: {...} }`). */
export const UpdateVersionRequestSchema = v.pipe(
  v.strictObject({
    version: v.optional(nonEmptyString()),
    description: v.optional(v.string('must be a string')),
  }),
  atLeastOneField(),
);
