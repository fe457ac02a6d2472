import type { Clock } from '@infra-sdk/core';
import type { FakeMeshNamespaceSeed } from './wire.js';

/** A grant level of an ACL rule; `deny` beats the others at the same specificity. */
export type FakeMeshAccess = 'read' | 'write' | 'deny';

/**
 * An ACL rule in the spec's notation: `operator:read`, `operator:write`, `namespace:team-1:read`,
 * `namespace:team-*:read` (a prefix), `namespace:*:read` (every namespace).
 */
export type FakeMeshRule = `operator:${FakeMeshAccess}` | `namespace:${string}:${FakeMeshAccess}`;

/** A policy ACL links may point at. */
export interface FakeMeshPolicy {
  /** Default: a new UUID. */
  readonly id?: string;
  /** Name of the policy, which links may use instead of its id. */
  readonly name: string;
  /** The rules the policy grants. */
  readonly rules?: readonly FakeMeshRule[];
}

/** A role ACL links may point at: a named set of policies. */
export interface FakeMeshRole {
  /** Default: a new UUID. */
  readonly id?: string;
  /** Name of the role, which links may use instead of its id. */
  readonly name: string;
  /** Policies by name or id. */
  readonly policies?: readonly string[];
}

/** A token the fake accepts in `X-Mesh-Token`. */
export interface FakeMeshToken {
  /** The secret sent in `X-Mesh-Token`. */
  readonly secret: string;
  /** Rules linked directly to the token. */
  readonly rules?: readonly FakeMeshRule[];
  /** Policies linked directly, by name or id. */
  readonly policies?: readonly string[];
  /** Roles linked directly, by name or id. */
  readonly roles?: readonly string[];
  /**
   * The namespace the token was created in: its `PolicyDefaults` and `RoleDefaults` apply to resources
   * that no directly linked rule concerns. Default `default`.
   */
  readonly namespace?: string;
}

/** ACL enforcement. Without it the fake accepts every request, as a server with ACLs disabled. */
export interface FakeMeshAclOptions {
  /** Tokens the fake accepts; any other token is refused. */
  readonly tokens?: readonly FakeMeshToken[];
  /** Decides when neither direct nor default rules concern a resource (the agent's default policy). Default `deny`. */
  readonly defaultPolicy?: 'allow' | 'deny';
}

/** Options of `startFakeMesh`. */
export interface FakeMeshOptions {
  /** Policies ACL links resolve against, besides the built-in `global-management`. */
  readonly policies?: readonly FakeMeshPolicy[];
  /** Roles ACL links resolve against. */
  readonly roles?: readonly FakeMeshRole[];
  /** Turns ACL enforcement on: tokens, and the default policy. */
  readonly acl?: FakeMeshAclOptions;
  /** Admin partitions besides `default`, each with its own `default` namespace; `?partition=` reaches them. */
  readonly partitions?: readonly string[];
  /** The datacenter the fake is in: a `?dc=` naming another answers 500 `No path to datacenter`. Default `dc1`. */
  readonly datacenter?: string;
  /** Namespaces that exist from the start, besides `default` (in the partition each names, default `default`). */
  readonly namespaces?: readonly FakeMeshNamespaceSeed[];
  /**
   * How long a namespace stays marked for deletion (reads succeed, `DeletedAt` set) before it is
   * removed, in ms. `false` keeps it marked until `finishDeletion()` is called. Default 100.
   */
  readonly deletionDelayMs?: number | false;
  /** Whether a cluster leader is known at start; without one only `stale` reads succeed. Default true. */
  readonly knownLeader?: boolean;
  /** `X-Mesh-LastContact` of `stale` reads, in ms (leader reads report 0). Default 0. */
  readonly lastContactMs?: number;
  /** Blocking-query waits in ms: the default when `wait` is absent (5 minutes) and the cap (10 minutes). */
  readonly blocking?: {
    /** Wait when a query gives none, in ms. Default 300 000. */
    readonly defaultWaitMs?: number;
    /** Longest wait allowed, in ms. Default 600 000. */
    readonly maxWaitMs?: number;
  };
  /** Gzip responses when the client accepts it. Default false. */
  readonly gzip?: boolean;
  /**
   * Where the fake reads the time and waits: `DeletedAt`, the removal of a namespace after
   * `deletionDelayMs`, and the `wait` of blocking queries. Default `systemClock`. Give it the
   * `createTestClock()` (from `@infra-sdk/core/testing`) the client under test has as its `clock`, and
   * a test moves both, so deletions and waits of minutes take no real time.
   */
  readonly clock?: Clock;
}
