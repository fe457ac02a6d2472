// Request bodies of the box endpoints: strict, checked before anything is sent.
import * as v from 'valibot';
import { atLeastOneField, nonEmptyString } from '../request-fields.js';

/** Body of the create-box request (sent as `{ box: {...} }`). */
export const CreateBoxRequestSchema = v.strictObject({
  /** The owning user or organization; the registry takes the token's user when omitted. */
  username: v.optional(nonEmptyString()),
  name: nonEmptyString(),
  short_description: v.optional(v.string('must be a string')),
  /** Markdown. */
  description: v.optional(v.string('must be a string')),
  /** The registry's default is true (private). */
  is_private: v.optional(v.boolean('must be true or false')),
});

/** Body of the update-box request (sent as `{ box: {...} }`); omitted fields keep their value. */
export const UpdateBoxRequestSchema = v.pipe(
  v.strictObject({
    name: v.optional(nonEmptyString()),
    short_description: v.optional(v.string('must be a string')),
    description: v.optional(v.string('must be a string')),
    is_private: v.optional(v.boolean('must be true or false')),
  }),
  atLeastOneField(),
);
