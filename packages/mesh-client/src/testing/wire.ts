// The fake's own view of the namespace API's wire: what it answers and what it accepts, written from
// the spec rather than taken from the client, so a client that drifts from the spec is caught by the
// fake instead of mirrored by it.

/** An ACL link as the fake answers it: a policy or role with both its ID and its current Name. */
export interface FakeMeshLink {
  /** Id of the policy or role. */
  readonly ID: string;
  /** Current name of the policy or role. */
  readonly Name: string;
}

/** A namespace as the fake answers it: the body of `GET /v1/namespace/:name`. */
export interface FakeMeshNamespace {
  /** The namespace name (a DNS hostname label). */
  readonly Name: string;
  /** The admin partition; left out for the `default` one. */
  readonly Partition?: string;
  /** Free text; left out when empty. */
  readonly Description?: string;
  /** Default policies and roles of tokens created in the namespace; left out when unset. */
  readonly ACLs?: {
    readonly PolicyDefaults: readonly FakeMeshLink[];
    readonly RoleDefaults: readonly FakeMeshLink[];
  };
  /** User metadata; left out when empty. */
  readonly Meta?: Readonly<Record<string, string>>;
  /** When the namespace was marked for deletion; only while it is marked. */
  readonly DeletedAt?: string;
  /** Index at which the namespace was created. */
  readonly CreateIndex: number;
  /** Index of its last change. */
  readonly ModifyIndex: number;
}

/** An ACL link as a namespace body names it: by ID, by Name, or both. */
export interface FakeMeshLinkReference {
  /** Id of the policy or role. */
  readonly ID?: string | undefined;
  /** Name of the policy or role. */
  readonly Name?: string | undefined;
}

/**
 * A namespace to seed the fake with: the body of `PUT /v1/namespace`. Other fields (a namespace just
 * read, spread into a seed) are ignored, as the server ignores them.
 */
export interface FakeMeshNamespaceSeed {
  /** The namespace name (a DNS hostname label). */
  readonly Name: string;
  /** The admin partition it is created in (one of the fake's `partitions`). Default `default`. */
  readonly Partition?: string | undefined;
  /** Free text. */
  readonly Description?: string | null | undefined;
  /** Default policies and roles; links resolve against the fake's policies and roles. */
  readonly ACLs?:
    | {
        readonly PolicyDefaults?: readonly FakeMeshLinkReference[] | null | undefined;
        readonly RoleDefaults?: readonly FakeMeshLinkReference[] | null | undefined;
      }
    | null
    | undefined;
  /** User metadata. */
  readonly Meta?: Readonly<Record<string, string>> | null | undefined;
  /** Fields the server manages or does not know: ignored. */
  readonly [field: string]: unknown;
}

// A DNS hostname label (RFC 1123), the spec's rule for namespace names.
const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** Whether `name` is a valid namespace name: a DNS hostname label of 1 to 63 characters. */
export function isNamespaceName(name: string): boolean {
  return DNS_LABEL.test(name);
}
