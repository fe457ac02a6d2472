// Tokens, their lives and their policies. A token lives for its TTL (a periodic one for its period),
// is renewed up to its max TTL, and is refused once expired, as if it never existed. A policy rule names
// a path (exact, `prefix*`, or with `+` for one segment) and its capabilities; as in the service, the
// most specific matching rule decides.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '@infra-sdk/core';
import type { Capability } from './routes.js';

/** One rule of a policy. */
export interface FakeAclRule {
  /** `gcp/roleset/web`, `gcp/roleset/*`, `team-a/+/config`; namespaces are part of the path. */
  readonly path: string;
  /** What the rule allows; `deny` refuses everything on the path. */
  readonly capabilities: readonly (Capability | 'deny')[];
}

/** A token's policy: `root` may do anything, otherwise a list of rules. */
export type FakePolicy = 'root' | readonly FakeAclRule[];

/** How `createToken` makes a token. */
export interface FakeTokenOptions {
  /** What the token may do besides looking itself up and renewing itself. Default: nothing more (`[]`). */
  readonly policy?: FakePolicy | undefined;
  /** Seconds it lives unless renewed; 0 with no period: it never expires. Default 0. */
  readonly ttl?: number | undefined;
  /** Seconds from its creation past which no renewal extends it; 0: the system's max (none for a periodic token). */
  readonly explicitMaxTtl?: number | undefined;
  /** A periodic token: every renewal gives it this many seconds again, with no max TTL but the explicit one. */
  readonly period?: number | undefined;
  /** Whether it can be renewed. Default true. */
  readonly renewable?: boolean | undefined;
  /** The token's value. Default: a random one. */
  readonly token?: string | undefined;
  /** Where it was made (`auth/approle/login`). Default `auth/token/create` (`auth/token/root` for root). */
  readonly path?: string | undefined;
  /** The policy names it reports. Default `['root']` for root, `['default']` otherwise. */
  readonly policies?: readonly string[] | undefined;
  /** The token it is a child of (revoked with it); undefined: an orphan. */
  readonly parent?: string | undefined;
  /** Requests it may make before it is revoked; 0: no limit. Default 0. */
  readonly numUses?: number | undefined;
  /** Shown in lookups. Default `token`. */
  readonly displayName?: string | undefined;
  /** Its metadata. */
  readonly meta?: Readonly<Record<string, string>> | undefined;
}

/** A token as the fake keeps it. */
export interface FakeToken {
  /** The token (what a client sends). */
  readonly token: string;
  /** Its accessor, which names it without being it. */
  readonly accessor: string;
  /** What it may do. */
  readonly policy: FakePolicy;
  /** Whether it can be renewed. */
  readonly renewable: boolean;
  /** The TTL it was created with, in seconds (0: none). */
  readonly ttlSeconds: number;
  /** Its period in seconds (0: not periodic). */
  readonly periodSeconds: number;
  /** Its explicit max TTL in seconds (0: none). */
  readonly explicitMaxTtlSeconds: number;
  /** When it was created, in ms since the epoch. */
  readonly issuedAt: number;
  /** When it expires unless renewed, in ms since the epoch; undefined: never. */
  readonly expiresAt: number | undefined;
  /** The latest it may expire, renewals included; undefined: no limit. */
  readonly maxExpiresAt: number | undefined;
  /** Renewals so far. */
  readonly renewals: number;
  /** Where it was made: `auth/token/create`, `auth/token/root`, a login path. */
  readonly path: string;
  /** The policy names it reports. */
  readonly policies: readonly string[];
  /** The token it is a child of; undefined: an orphan. */
  readonly parent: string | undefined;
  /** Requests it has left before it is revoked; 0: no limit. */
  readonly usesLeft: number;
  /** Requests it was allowed when made; 0: no limit. */
  readonly numUses: number;
  readonly displayName: string;
  readonly meta: Readonly<Record<string, string>> | undefined;
}

/** What a renewal of a token did. */
export interface TokenRenewal {
  readonly token: FakeToken;
  /** Seconds it lives from now. */
  readonly ttlSeconds: number;
  /** Seconds asked for, when the max TTL cut them. */
  readonly cappedFrom: number | undefined;
}

function matches(rule: string, path: string): boolean {
  const glob = rule.endsWith('*');
  const ruleParts = (glob ? rule.slice(0, -1) : rule).split('/');
  const pathParts = path.split('/');
  if (!glob && ruleParts.length !== pathParts.length) return false;
  if (glob && pathParts.length < ruleParts.length) return false;
  return ruleParts.every((part, index) => {
    const segment = pathParts[index] ?? '';
    if (part === '+') return true;
    const last = index === ruleParts.length - 1;
    return glob && last ? segment.startsWith(part) : part === segment;
  });
}

/** Specificity of a matching rule: exact rules first, then the longest pattern. */
function weight(rule: string): number {
  return (rule.endsWith('*') ? 0 : 1_000_000) + rule.length;
}

function seconds(value: number | undefined, name: string): number {
  const result = value ?? 0;
  if (!Number.isSafeInteger(result) || result < 0)
    throw new RangeError(`${name} must be whole seconds, 0 or more`);
  return result;
}

/** The tokens the fake accepts. */
export class AccessControl {
  readonly #tokens = new Map<string, FakeToken>();
  readonly #systemMaxTtl: number;
  readonly #clock: Clock;

  constructor(tokens: Readonly<Record<string, FakePolicy>>, systemMaxTtlSeconds: number, clock: Clock) {
    this.#systemMaxTtl = systemMaxTtlSeconds;
    this.#clock = clock;
    for (const [token, policy] of Object.entries(tokens)) this.set(token, policy);
  }

  /** Adds a token that never expires (or replaces its policy). */
  set(token: string, policy: FakePolicy): void {
    const existing = this.#tokens.get(token);
    this.#tokens.set(
      token,
      existing ? { ...existing, policy } : this.#make({ token, policy, renewable: false }, this.#clock.now()),
    );
  }

  /** Creates a token with a life of its own. */
  create(options: FakeTokenOptions, now: number): FakeToken {
    const token = this.#make(options, now);
    if (this.#tokens.has(token.token)) throw new TypeError('the fake already has that token');
    this.#tokens.set(token.token, token);
    return token;
  }

  #make(options: FakeTokenOptions, now: number): FakeToken {
    const ttl = seconds(options.ttl, 'ttl');
    const period = seconds(options.period, 'period');
    const explicitMax = seconds(options.explicitMaxTtl, 'explicitMaxTtl');
    // A periodic token has no max TTL but an explicit one; any other token also meets the system's.
    const maxSeconds = explicitMax > 0 ? explicitMax : period > 0 || ttl === 0 ? 0 : this.#systemMaxTtl;
    const maxExpiresAt = maxSeconds > 0 ? now + maxSeconds * 1000 : undefined;
    const life = period > 0 ? period : ttl;
    return {
      token: options.token ?? `fake.${randomBytes(18).toString('base64url')}`,
      accessor: randomUUID(),
      policy: options.policy ?? [],
      renewable: options.renewable ?? true,
      ttlSeconds: ttl,
      periodSeconds: period,
      explicitMaxTtlSeconds: explicitMax,
      issuedAt: now,
      expiresAt: life > 0 ? Math.min(now + life * 1000, maxExpiresAt ?? Number.POSITIVE_INFINITY) : undefined,
      maxExpiresAt,
      renewals: 0,
      path: options.path ?? (options.policy === 'root' ? 'auth/token/root' : 'auth/token/create'),
      policies: options.policies ?? (options.policy === 'root' ? ['root'] : ['default']),
      parent: options.parent,
      usesLeft: seconds(options.numUses, 'numUses'),
      numUses: seconds(options.numUses, 'numUses'),
      displayName: options.displayName ?? 'token',
      meta: options.meta,
    };
  }

  /** Removes a token and, as the service does, every token made as its child. */
  revoke(token: string): void {
    if (!this.#tokens.delete(token)) return;
    for (const child of [...this.#tokens.values()]) if (child.parent === token) this.revoke(child.token);
  }

  /** The live token whose accessor is `accessor`. */
  byAccessor(accessor: string, now: number): FakeToken | undefined {
    const found = [...this.#tokens.values()].find((entry) => entry.accessor === accessor);
    return found === undefined ? undefined : this.get(found.token, now);
  }

  /** Counts one use of a token with a limited number of uses; its last use revokes it. */
  spend(token: string | undefined, now: number): void {
    const entry = this.get(token, now);
    if (entry === undefined || entry.numUses === 0) return;
    if (entry.usesLeft <= 1) this.revoke(entry.token);
    else this.#tokens.set(entry.token, { ...entry, usesLeft: entry.usesLeft - 1 });
  }

  /** The live token `token`; an expired one is removed and is not there. */
  get(token: string | undefined, now: number): FakeToken | undefined {
    const entry = token === undefined ? undefined : this.#tokens.get(token);
    if (entry?.expiresAt !== undefined && entry.expiresAt <= now) {
      this.#tokens.delete(entry.token);
      return undefined;
    }
    return entry;
  }

  /**
   * Renews a live token: a periodic one for its period, any other for `incrementSeconds` (default: its
   * TTL), never past its max TTL. Undefined for an unknown or expired token.
   */
  renew(token: string, incrementSeconds: number | undefined, now: number): TokenRenewal | undefined {
    const entry = this.get(token, now);
    if (entry === undefined) return undefined;
    const asked =
      entry.periodSeconds > 0
        ? entry.periodSeconds
        : incrementSeconds && incrementSeconds > 0
          ? incrementSeconds
          : entry.ttlSeconds;
    const wanted = now + asked * 1000;
    const expiresAt = Math.min(wanted, entry.maxExpiresAt ?? Number.POSITIVE_INFINITY);
    const renewed: FakeToken = { ...entry, expiresAt, renewals: entry.renewals + 1 };
    this.#tokens.set(token, renewed);
    return {
      token: renewed,
      ttlSeconds: Math.floor((expiresAt - now) / 1000),
      cappedFrom: expiresAt < wanted ? asked : undefined,
    };
  }

  /** The capabilities `token` has on `path` (empty for an unknown or expired token). */
  capabilities(token: string | undefined, path: string, now: number): ReadonlySet<Capability> {
    const policy = this.get(token, now)?.policy;
    if (policy === undefined) return new Set();
    if (policy === 'root') return new Set(['create', 'read', 'update', 'patch', 'delete', 'list', 'sudo']);
    const rule = policy
      .filter((candidate) => matches(candidate.path, path))
      .sort((a, b) => weight(b.path) - weight(a.path))[0];
    if (rule === undefined || rule.capabilities.includes('deny')) return new Set();
    return new Set(rule.capabilities.filter((item): item is Capability => item !== 'deny'));
  }
}
