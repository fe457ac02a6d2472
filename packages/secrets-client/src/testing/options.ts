// Options of the fake secrets service.
import type { Clock } from '@infra-sdk/core';
import type { FakePolicy } from './access.js';

/** The engine types the fake can mount: the two engines of the spec, and versioned key-value stores (the secrets sync copies). */
export type FakeEngineType = 'cloud' | 'database' | 'kv';

/** An engine to mount. */
export interface FakeMountOptions {
  /** Mount path, e.g. `gcp`. */
  readonly path: string;
  /** The engine mounted there. */
  readonly type: FakeEngineType;
  /** Namespace of the mount; default the root. */
  readonly namespace?: string | undefined;
}

/** Options of `startFakeSecrets`. */
export interface FakeSecretsOptions {
  /** Accepted tokens and their policies. Default `{ 'fake-root-token': 'root' }`. */
  readonly tokens?: Readonly<Record<string, FakePolicy>> | undefined;
  /** Namespaces besides the root (`team-a`, `team-a/dev`); parents are created as needed. */
  readonly namespaces?: readonly string[] | undefined;
  /**
   * Engines to mount. Default: `gcp` (cloud), `database` (database) and `secret` (kv) in the root and
   * in every namespace of `namespaces`.
   */
  readonly mounts?: readonly FakeMountOptions[] | undefined;
  /** A namespace that may manage the sync configuration besides the root. */
  readonly adminNamespace?: string | undefined;
  /** Start sealed: every request gets 503 until `unseal()`. */
  readonly sealed?: boolean | undefined;
  /** Refuse requests without `X-Secrets-Request: true` (412), like a proxy agent with `require_request_header`. */
  readonly requireRequestHeader?: boolean | undefined;
  /** System default lease TTL in seconds. Default 2 764 800 (768 hours). */
  readonly defaultLeaseTtl?: number | undefined;
  /** System maximum lease TTL in seconds. Default 2 764 800 (768 hours). */
  readonly maxLeaseTtl?: number | undefined;
  /** Largest request body in bytes; larger ones get 413. Default 32 MB. */
  readonly maxRequestBytes?: number | undefined;
  /**
   * How long a purging destination deletion takes, in ms of the fake's `clock`;
   * `sync().finishPurges()` completes it at once. Default 0: in the background of the answer (with a
   * test clock, when the test next moves it).
   */
  readonly purgeDelayMs?: number | undefined;
  /**
   * Where the fake reads the time and waits: when tokens, leases, access tokens and wrapped answers
   * were issued and expire, static roles' rotations, the times it reports, and purges. Default
   * `systemClock` (core). A test gives the clock it moves itself (`createTestClock()` from
   * `@infra-sdk/core/testing`), the same one as the keepers' `clock`, so a lease of an hour expires
   * when the test says and a keeper renews it by the same time.
   */
  readonly clock?: Clock | undefined;
}
