import * as v from 'valibot';

/**
 * The registry's error body: `errors` (a list of strings or objects; an older server sent a single
 * string) and `success` (false on failure). Core reads it into `ApiError.errors`.
 */
export const RegistryErrorBodySchema = v.looseObject({
  /** Error messages (strings or objects); an older server sent a single string. */
  errors: v.optional(v.union([v.array(v.union([v.string(), v.looseObject({})])), v.string()])),
  /** False on failure. */
  success: v.optional(v.boolean()),
});
