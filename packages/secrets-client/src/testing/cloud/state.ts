// In-memory state of one cloud-credentials engine mount: its configuration, rolesets, static and
// impersonated accounts, and the tokens and keys they issued. Each owner of secrets carries
// generations: a new binding or a rotation moves them on, and secrets of older generations stop
// being valid (keys are also revoked with their leases).
import { randomBytes, randomUUID } from 'node:crypto';
import { fail } from '../answer.js';
import type { EngineContext } from '../engine.js';

/** What a roleset or account generates. */
export type FakeSecretType = 'access_token' | 'service_account_key';

/** The engine configuration as stored (credentials are kept but never returned). */
export interface FakeCloudConfig {
  /** The credentials file given, kept but never returned. */
  credentials: string | undefined;
  /** Default TTL of keys, in seconds; 0 for the mount default. */
  ttl: number;
  /** Maximum TTL of keys, in seconds; 0 for the mount default. */
  max_ttl: number;
  /** Audience of identity tokens for workload identity federation; empty when not used. */
  identity_token_audience: string;
  /** TTL of identity tokens, in seconds. */
  identity_token_ttl: number;
  /** Service account to impersonate with workload identity federation; empty when not used. */
  service_account_email: string;
  /** Seconds between automatic rotations; 0 for none. */
  rotation_period: number;
  /** Five-field cron schedule of rotations; empty for none. */
  rotation_schedule: string;
  /** Seconds allowed to complete a scheduled rotation. */
  rotation_window: number;
  /** Whether automatic rotations are suspended. */
  disable_automated_rotation: boolean;
}

/** Something that issues secrets: a roleset, a static account or an impersonated account. */
export interface FakeSecretOwner {
  /** What kind of owner this is. */
  readonly kind: 'roleset' | 'static-account' | 'impersonated-account';
  /** Name of the roleset or account. */
  readonly name: string;
  /** What it generates. */
  secret_type: FakeSecretType;
  /** The service account behind it. */
  service_account_email: string;
  /** Project of that service account. */
  service_account_project: string;
  /** Resource name to roles, as last written; null when it has none (impersonated accounts never do). */
  bindings: Record<string, string[]> | null;
  /** OAuth scopes of generated access tokens. */
  token_scopes: string[];
  /** Token TTL of an impersonated account, in seconds. */
  ttl: number;
  /** Moves on when bindings change or the account is replaced: all earlier secrets become invalid. */
  generation: number;
  /** Moves on when the key behind tokens is rotated: earlier tokens become invalid. */
  tokenKeyGeneration: number;
}

interface IssuedToken {
  readonly owner: FakeSecretOwner;
  readonly generation: number;
  readonly tokenKeyGeneration: number;
  readonly expiresAt: number;
}

interface IssuedKey {
  readonly owner: FakeSecretOwner;
  readonly leaseId: string;
}

/** The state of one cloud-credentials engine mount. */
export class CloudState {
  readonly #context: EngineContext;
  /** The engine configuration. */
  readonly config: FakeCloudConfig = {
    credentials: undefined,
    ttl: 0,
    max_ttl: 0,
    identity_token_audience: '',
    identity_token_ttl: 3600,
    service_account_email: '',
    rotation_period: 0,
    rotation_schedule: '',
    rotation_window: 0,
    disable_automated_rotation: false,
  };
  /** Id of the root key in use; a root rotation replaces it. */
  rootKeyId: string | undefined;
  /** Rolesets by name. */
  readonly rolesets = new Map<string, FakeSecretOwner>();
  /** Static accounts by name. */
  readonly staticAccounts = new Map<string, FakeSecretOwner>();
  /** Impersonated accounts by name. */
  readonly impersonatedAccounts = new Map<string, FakeSecretOwner>();
  readonly #tokens = new Map<string, IssuedToken>();
  readonly #keys = new Map<string, IssuedKey>();

  /** The fake builds one per cloud-credentials mount. */
  constructor(context: EngineContext) {
    this.#context = context;
  }

  /** Whether an access token this engine issued is still valid (not expired, not invalidated by a rotation or new bindings). */
  isTokenValid(token: string, now = this.#context.clock.now()): boolean {
    const issued = this.#tokens.get(token);
    if (!issued || issued.expiresAt <= now || !this.#owns(issued.owner)) return false;
    return (
      issued.generation === issued.owner.generation &&
      issued.tokenKeyGeneration === issued.owner.tokenKeyGeneration
    );
  }

  /** Whether a key (its `private_key_data`) is still valid: its lease is live and its owner was not replaced. */
  isKeyValid(privateKeyData: string): boolean {
    const id = keyIdOf(privateKeyData);
    const issued = id === undefined ? undefined : this.#keys.get(id);
    const lease =
      issued === undefined ? undefined : this.#context.leases.get(issued.leaseId, this.#context.namespace);
    // A lease past its end is as good as revoked, whether or not a request has swept it yet.
    return lease !== undefined && lease.expiresAt > this.#context.clock.now();
  }

  #owns(owner: FakeSecretOwner): boolean {
    return this.#collection(owner.kind).get(owner.name) === owner;
  }

  #collection(kind: FakeSecretOwner['kind']): Map<string, FakeSecretOwner> {
    return kind === 'roleset'
      ? this.rolesets
      : kind === 'static-account'
        ? this.staticAccounts
        : this.impersonatedAccounts;
  }

  /** Invalidates every secret of `owner`: a new generation, and its key leases revoked. */
  invalidate(owner: FakeSecretOwner): void {
    owner.generation += 1;
    this.#context.leases.revokePrefix(
      `${this.#context.leasePrefix}/${owner.kind}/${owner.name}/`,
      this.#context.namespace,
    );
  }

  /** Removes an owner and everything it issued. */
  remove(kind: FakeSecretOwner['kind'], name: string): void {
    const owner = this.#collection(kind).get(name);
    if (!owner) return;
    this.invalidate(owner);
    this.#collection(kind).delete(name);
  }

  /** Issues an access token; rolesets and static accounts get one hour, impersonated accounts their TTL. */
  issueToken(
    owner: FakeSecretOwner,
    now: number,
  ): {
    /** The access token. */
    token: string;
    /** When it expires, in seconds since the epoch. */
    expires_at_seconds: number;
    /** Its lifetime, in seconds. */
    token_ttl: number;
  } {
    if (owner.secret_type !== 'access_token') {
      fail(
        400,
        `${owner.kind} ${JSON.stringify(owner.name)} does not generate access tokens (secret type ${owner.secret_type})`,
      );
    }
    const ttl = owner.kind === 'impersonated-account' ? owner.ttl : 3600;
    const token = `ya29.fake-${randomBytes(24).toString('base64url')}`;
    this.#tokens.set(token, {
      owner,
      generation: owner.generation,
      tokenKeyGeneration: owner.tokenKeyGeneration,
      expiresAt: now + ttl * 1000,
    });
    return { token, expires_at_seconds: Math.floor(now / 1000) + ttl, token_ttl: ttl };
  }

  /** Issues a leased key: base64 of a credentials file naming the owner's service account. */
  issueKey(
    owner: FakeSecretOwner,
    request: { key_algorithm: string; key_type: string; ttl: number | undefined },
    now: number,
  ): {
    /** The secret's fields, as the API returns them under `data`. */
    data: Record<string, string>;
    /** Id of the lease that revokes the secret. */
    leaseId: string;
    /** Seconds the lease is valid for. */
    leaseDuration: number;
  } {
    if (owner.secret_type !== 'service_account_key') {
      fail(
        400,
        `${owner.kind} ${JSON.stringify(owner.name)} does not generate keys (secret type ${owner.secret_type})`,
      );
    }
    const { settings, leases, leasePrefix } = this.#context;
    const maxTtl = this.config.max_ttl > 0 ? this.config.max_ttl : settings.maxLeaseTtl;
    const ttl =
      request.ttl && request.ttl > 0
        ? request.ttl
        : this.config.ttl > 0
          ? this.config.ttl
          : settings.defaultLeaseTtl;
    const keyId = randomBytes(20).toString('hex');
    const file = {
      type: 'service_account',
      project_id: owner.service_account_project,
      private_key_id: keyId,
      private_key: `-----BEGIN PRIVATE KEY-----\n${randomBytes(48).toString('base64')}\n-----END PRIVATE KEY-----\n`,
      client_email: owner.service_account_email,
      client_id: String(100_000_000_000 + Math.floor(Math.random() * 1e10)),
    };
    const lease = leases.issue({
      id: `${leasePrefix}/${owner.kind}/${owner.name}/key/${randomUUID()}`,
      ttlSeconds: ttl,
      maxTtlSeconds: maxTtl,
      renewable: true,
      now,
      namespace: this.#context.namespace,
      onRevoke: () => this.#keys.delete(keyId),
    });
    this.#keys.set(keyId, { owner, leaseId: lease.id });
    return {
      data: {
        private_key_data: Buffer.from(JSON.stringify(file)).toString('base64'),
        key_algorithm: request.key_algorithm,
        key_type: request.key_type,
      },
      leaseId: lease.id,
      leaseDuration: Math.floor((lease.expiresAt - now) / 1000),
    };
  }
}

function keyIdOf(privateKeyData: string): string | undefined {
  try {
    const file = JSON.parse(Buffer.from(privateKeyData, 'base64').toString('utf8')) as {
      private_key_id?: unknown;
    };
    return typeof file.private_key_id === 'string' ? file.private_key_id : undefined;
  } catch {
    return undefined;
  }
}
