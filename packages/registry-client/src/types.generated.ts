// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

/**
 * The registry's error body: `errors` (a list of strings or objects; an older server sent a single
 * string) and `success` (false on failure). Core reads it into `ApiError.errors`.
 */
export interface RegistryErrorBody {
  [key: string]: unknown;
  /** Error messages (strings or objects); an older server sent a single string. */
  errors?: string | (string | Record<string, unknown>)[] | undefined;
  /** False on failure. */
  success?: boolean | undefined;
}
