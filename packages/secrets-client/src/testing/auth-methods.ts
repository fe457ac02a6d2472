// The fake's login methods: AppRole (roles with a role id and secret ids, which may be handed out
// wrapped) and userpass (users with a password). A login issues a token with the role's or user's
// token settings; short TTLs and max TTLs let a test see a token reach the end of its life.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '@infra-sdk/core';
import type { AccessControl, FakePolicy, FakeToken } from './access.js';
import { envelopeOf } from './answer.js';
import type { WrappingStore } from './wrapping.js';

/** The token a login issues. */
export interface FakeLoginTokenOptions {
  /** What the token may do. Default: nothing more than looking itself up, renewing and revoking itself. */
  readonly policy?: FakePolicy | undefined;
  /** Seconds it lives unless renewed (`token_ttl`). Default 3600. */
  readonly ttl?: number | undefined;
  /** Seconds from the login past which no renewal extends it (`token_max_ttl`). Default: the system's max. */
  readonly maxTtl?: number | undefined;
  /** A periodic token's period (`token_period`); it is renewed for ever unless `maxTtl` is set. */
  readonly period?: number | undefined;
  /** Whether the token can be renewed. Default true. */
  readonly renewable?: boolean | undefined;
}

/** An AppRole role of the fake. */
export interface FakeAppRoleOptions extends FakeLoginTokenOptions {
  /** Whether a login needs a secret id (`bind_secret_id`). Default true. */
  readonly bindSecretId?: boolean | undefined;
  /** The role id. Default: a random UUID. */
  readonly roleId?: string | undefined;
}

interface SecretId {
  readonly role: string;
  usesLeft: number;
}

/** One AppRole method of the fake, at its mount. */
export class FakeAppRole {
  readonly type = 'approle';
  readonly #roles = new Map<string, FakeAppRoleOptions & { readonly roleId: string }>();
  readonly #secretIds = new Map<string, SecretId>();
  readonly #wrapping: WrappingStore;
  readonly #clock: Clock;
  readonly #mount: string;

  constructor(mount: string, wrapping: WrappingStore, clock: Clock) {
    this.#mount = mount;
    this.#wrapping = wrapping;
    this.#clock = clock;
  }

  /** Adds (or replaces) role `name`; resolves to its role id. */
  addRole(name: string, options: FakeAppRoleOptions = {}): string {
    const roleId = options.roleId ?? randomUUID();
    this.#roles.set(name, { ...options, roleId });
    return roleId;
  }

  /** A new secret id of role `name`, good for `numUses` logins (0, the default: any number). */
  secretId(name: string, numUses = 0): string {
    if (!this.#roles.has(name)) throw new TypeError(`the fake has no AppRole role ${JSON.stringify(name)}`);
    const secretId = randomUUID();
    this.#secretIds.set(secretId, { role: name, usesLeft: numUses > 0 ? numUses : Number.POSITIVE_INFINITY });
    return secretId;
  }

  /** A new secret id of role `name`, wrapped for `ttlSeconds`: the wrapping token that unwraps to it. */
  wrappedSecretId(name: string, ttlSeconds = 300, numUses = 0): string {
    const secretId = this.secretId(name, numUses);
    const info = this.#wrapping.wrap(
      envelopeOf(
        {
          data: {
            secret_id: secretId,
            secret_id_accessor: randomUUID(),
            secret_id_ttl: 0,
            secret_id_num_uses: numUses,
          },
        },
        [],
      ),
      ttlSeconds,
      `auth/${this.#mount}/role/${name}/secret-id`,
      this.#clock.now(),
    );
    return String(info.token);
  }

  /** The token settings of the role `role_id` and `secret_id` log in to; undefined when they do not. */
  login(roleId: string, secretId: string | undefined): FakeLoginTokenOptions | undefined {
    const found = [...this.#roles.entries()].find(([, role]) => role.roleId === roleId);
    if (found === undefined) return undefined;
    const [name, role] = found;
    if (role.bindSecretId === false) return role;
    const entry = secretId === undefined ? undefined : this.#secretIds.get(secretId);
    if (entry === undefined || entry.role !== name || entry.usesLeft <= 0) return undefined;
    entry.usesLeft -= 1;
    if (entry.usesLeft <= 0) this.#secretIds.delete(secretId as string);
    return role;
  }
}

/** A user of the fake's userpass method. */
export interface FakeUserOptions extends FakeLoginTokenOptions {
  readonly password: string;
}

/** One userpass method of the fake, at its mount. */
export class FakeUserpass {
  readonly type = 'userpass';
  readonly #users = new Map<string, FakeUserOptions>();

  /** Adds (or replaces) user `name`. */
  addUser(name: string, options: FakeUserOptions): void {
    this.#users.set(name.toLowerCase(), options);
  }

  /** The token settings of user `name` with `password`; undefined when they do not match. */
  login(name: string, password: string | undefined): FakeLoginTokenOptions | undefined {
    const user = this.#users.get(name.toLowerCase());
    return user !== undefined && password !== undefined && user.password === password ? user : undefined;
  }
}

/** A token role of the fake (`auth/token/create/:role_name`). */
export interface FakeTokenRoleOptions {
  /** What its tokens may do. Default: nothing more than what every token may do to itself. */
  readonly policy?: FakePolicy | undefined;
  /** The policy names its tokens report (and the most a creation may ask for). */
  readonly policies?: readonly string[] | undefined;
  /** Its tokens are orphans. Default false. */
  readonly orphan?: boolean | undefined;
  /** TTL of its tokens, in seconds, unless the creation asks for one. */
  readonly ttl?: number | undefined;
  /** Explicit max TTL of its tokens, in seconds. */
  readonly explicitMaxTtl?: number | undefined;
  /** Period of its tokens, in seconds. */
  readonly period?: number | undefined;
  /** Whether its tokens can be renewed. Default true. */
  readonly renewable?: boolean | undefined;
}

/** A login method of the fake. */
export type FakeAuthMethod = FakeAppRole | FakeUserpass;

/** The login methods of the fake by mount path, and the tokens they issue. */
export class FakeAuthMethods {
  readonly #mounts = new Map<string, FakeAuthMethod>();
  /** Token roles by name. */
  readonly tokenRoles = new Map<string, FakeTokenRoleOptions>();
  readonly #tokens: AccessControl;
  readonly #wrapping: WrappingStore;
  readonly #clock: Clock;

  constructor(tokens: AccessControl, wrapping: WrappingStore, clock: Clock) {
    this.#tokens = tokens;
    this.#wrapping = wrapping;
    this.#clock = clock;
  }

  /** The AppRole method at `mount`, enabled on first use. */
  approle(mount: string): FakeAppRole {
    return this.#enable(mount, 'approle', () => new FakeAppRole(mount, this.#wrapping, this.#clock));
  }

  /** The userpass method at `mount`, enabled on first use. */
  userpass(mount: string): FakeUserpass {
    return this.#enable(mount, 'userpass', () => new FakeUserpass());
  }

  #enable<M extends FakeAuthMethod>(mount: string, type: M['type'], make: () => M): M {
    const existing = this.#mounts.get(mount);
    if (existing !== undefined && existing.type !== type)
      throw new TypeError(`the fake has a ${existing.type} method at ${JSON.stringify(mount)}`);
    const method = (existing as M | undefined) ?? make();
    this.#mounts.set(mount, method);
    return method;
  }

  /** The method mounted at `mount`, if any. */
  at(mount: string): FakeAuthMethod | undefined {
    return this.#mounts.get(mount);
  }

  /** Issues the token of a login at `mount` with `settings`. */
  issue(mount: string, settings: FakeLoginTokenOptions, now: number): FakeToken {
    return this.#tokens.create(
      {
        policy: settings.policy ?? [],
        ttl: settings.ttl ?? (settings.period === undefined ? 3600 : 0),
        explicitMaxTtl: settings.maxTtl,
        period: settings.period,
        renewable: settings.renewable,
        path: `auth/${mount}/login`,
        token: `fake.${randomBytes(18).toString('base64url')}`,
      },
      now,
    );
  }
}
