// The fake's login methods: AppRole (roles with a role id and secret ids, which may be handed out
// wrapped) and userpass (users with a password). A login issues a token with the role's or user's
// token settings; short TTLs and max TTLs let a test see a token reach the end of its life.
import { generateKeyPairSync, type KeyObject, randomBytes, randomUUID, sign, verify } from 'node:crypto';
import { type Clock, checkOptions } from '@infra-sdk/core';
import type { AccessControl, FakePolicy, FakeToken } from './access.js';
import { envelopeOf } from './answer.js';
import { fakeSecretsOptionKeys } from './option-keys.js';
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
    checkOptions(options, fakeSecretsOptionKeys.appRole, 'AppRole role options');
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
    checkOptions(options, fakeSecretsOptionKeys.user, 'user options');
    this.#users.set(name.toLowerCase(), options);
  }

  /** The token settings of user `name` with `password`; undefined when they do not match. */
  login(name: string, password: string | undefined): FakeLoginTokenOptions | undefined {
    const user = this.#users.get(name.toLowerCase());
    return user !== undefined && password !== undefined && user.password === password ? user : undefined;
  }
}

/** A Kubernetes role of the fake: the service-account tokens it accepts. */
export interface FakeKubernetesRoleOptions extends FakeLoginTokenOptions {
  /** The service-account tokens (JWTs, or any text) that log in to this role. */
  readonly serviceAccountTokens?: readonly string[] | undefined;
}

/** One Kubernetes method of the fake, at its mount. */
export class FakeKubernetes {
  readonly type = 'kubernetes';
  readonly #roles = new Map<string, { options: FakeKubernetesRoleOptions; tokens: Set<string> }>();

  /** Adds (or replaces) role `name`. */
  addRole(name: string, options: FakeKubernetesRoleOptions = {}): void {
    checkOptions(options, fakeSecretsOptionKeys.kubernetesRole, 'Kubernetes role options');
    this.#roles.set(name, { options, tokens: new Set(options.serviceAccountTokens ?? []) });
  }

  /** Lets `token` log in to role `name` too (a rotated service-account token). */
  addServiceAccountToken(name: string, token: string): void {
    const role = this.#roles.get(name);
    if (role === undefined) throw new TypeError(`the fake has no Kubernetes role ${JSON.stringify(name)}`);
    role.tokens.add(token);
  }

  /** Whether role `name` exists. */
  has(name: string): boolean {
    return this.#roles.has(name);
  }

  /** The token settings of role `name` when it accepts `jwt`. */
  login(name: string, jwt: string): FakeLoginTokenOptions | undefined {
    const role = this.#roles.get(name);
    return role?.tokens.has(jwt) ? role.options : undefined;
  }
}

/** A JWT role of the fake: the claims a JWT must carry. */
export interface FakeJwtRoleOptions extends FakeLoginTokenOptions {
  /** Audiences the JWT's `aud` must name one of; none: any. */
  readonly boundAudiences?: readonly string[] | undefined;
  /** The `sub` the JWT must carry; undefined: any. */
  readonly boundSubject?: string | undefined;
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** One JWT method of the fake, at its mount: it holds an ES256 key pair and signs JWTs for tests. */
export class FakeJwt {
  readonly type = 'jwt';
  readonly #roles = new Map<string, FakeJwtRoleOptions>();
  readonly #keys: { readonly privateKey: KeyObject; readonly publicKey: KeyObject };
  readonly #clock: Clock;
  /** The role a login without one uses. */
  defaultRole: string | undefined;

  constructor(clock: Clock) {
    this.#clock = clock;
    this.#keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  }

  /** The public key that checks the JWTs, in PEM. */
  get publicKeyPem(): string {
    return this.#keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  }

  /** Adds (or replaces) role `name`. */
  addRole(name: string, options: FakeJwtRoleOptions = {}): void {
    checkOptions(options, fakeSecretsOptionKeys.jwtRole, 'JWT role options');
    this.#roles.set(name, options);
  }

  /**
   * A JWT signed with the fake's key: `claims` plus `iat` and `exp` (`ttlSeconds` from now by the
   * fake's clock, default 300).
   */
  sign(claims: Readonly<Record<string, unknown>> = {}, ttlSeconds = 300): string {
    const now = Math.floor(this.#clock.now() / 1000);
    const unsigned = `${base64url({ alg: 'ES256', typ: 'JWT' })}.${base64url({ iat: now, exp: now + ttlSeconds, ...claims })}`;
    const signature = sign('sha256', Buffer.from(unsigned), {
      key: this.#keys.privateKey,
      dsaEncoding: 'ieee-p1363',
    });
    return `${unsigned}.${signature.toString('base64url')}`;
  }

  /** The token settings `jwt` logs in to at role `name`, or why it does not. */
  login(name: string | undefined, jwt: string, now: number): FakeLoginTokenOptions | string {
    const roleName = name ?? this.defaultRole;
    const role = roleName === undefined ? undefined : this.#roles.get(roleName);
    if (role === undefined) return `role ${JSON.stringify(roleName ?? '')} could not be found`;
    const [header, payload, signature] = jwt.split('.');
    if (header === undefined || payload === undefined || signature === undefined)
      return 'error validating token: the JWT is malformed';
    const signed = verify(
      'sha256',
      Buffer.from(`${header}.${payload}`),
      { key: this.#keys.publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
    if (!signed) return 'error validating token: failed to verify id token signature';
    let claims: Record<string, unknown>;
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    } catch {
      return 'error validating token: the JWT is malformed';
    }
    if (typeof claims.exp === 'number' && claims.exp * 1000 <= now)
      return 'error validating token: token is expired';
    const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (role.boundAudiences !== undefined && !role.boundAudiences.some((aud) => audiences.includes(aud)))
      return 'error validating claims: invalid audience (aud) claim: audience claim does not match any expected audience';
    if (role.boundSubject !== undefined && claims.sub !== role.boundSubject)
      return 'error validating claims: sub claim does not match bound subject';
    return role;
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
export type FakeAuthMethod = FakeAppRole | FakeUserpass | FakeKubernetes | FakeJwt;

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

  /** The Kubernetes method at `mount`, enabled on first use. */
  kubernetes(mount: string): FakeKubernetes {
    return this.#enable(mount, 'kubernetes', () => new FakeKubernetes());
  }

  /** The JWT method at `mount`, enabled on first use. */
  jwt(mount: string): FakeJwt {
    return this.#enable(mount, 'jwt', () => new FakeJwt(this.#clock));
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
