// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

/** A namespace body as the server understood it. */
export interface NamespaceBody {
  [key: string]: unknown;
  Name?: string | undefined;
  Partition?: string | null | undefined;
  Description?: string | null | undefined;
  ACLs?:
    | {
        [key: string]: unknown;
        PolicyDefaults?:
          | {
              [key: string]: unknown;
              ID?: string | undefined;
              Name?: string | undefined;
            }[]
          | null
          | undefined;
        RoleDefaults?:
          | {
              [key: string]: unknown;
              ID?: string | undefined;
              Name?: string | undefined;
            }[]
          | null
          | undefined;
      }
    | null
    | undefined;
  Meta?: Record<string, string> | null | undefined;
}
