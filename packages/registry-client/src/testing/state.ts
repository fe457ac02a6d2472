import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Clock } from '@infra-sdk/core';
import type {
  AccountRecord,
  BoxRecord,
  ProviderRecord,
  SentCode,
  TokenRecord,
  UploadRecord,
  VersionRecord,
} from './records.js';

/** How long a two-factor code stays usable. */
const CODE_LIFETIME_MS = 10 * 60_000;

/** Everything the fake registry knows, in memory. */
export class RegistryState {
  readonly accounts = new Map<string, AccountRecord>();
  readonly tokens = new Map<string, TokenRecord>();
  readonly boxes: BoxRecord[] = [];
  readonly uploads = new Map<string, UploadRecord>();
  readonly outbox: SentCode[] = [];
  readonly #usedCodes = new Set<SentCode>();
  readonly #clock: Clock;
  maintenance = false;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /** The time now as the registry writes it. */
  timestamp(): string {
    return new Date(this.#clock.now()).toISOString();
  }

  /** Milliseconds since the epoch, by the fake's clock. */
  nowMs(): number {
    return this.#clock.now();
  }

  /** An account by username, or by e-mail for a login. */
  findAccount(login: string): AccountRecord | undefined {
    const direct = this.accounts.get(login.toLowerCase());
    if (direct) return direct;
    for (const account of this.accounts.values()) {
      if (account.email !== undefined && account.email.toLowerCase() === login.toLowerCase()) return account;
    }
    return undefined;
  }

  addAccount(account: AccountRecord): AccountRecord {
    if (this.accounts.has(account.username.toLowerCase())) {
      throw new Error(`the fake registry already has an account named ${account.username}`);
    }
    this.accounts.set(account.username.toLowerCase(), account);
    return account;
  }

  /** Issues a token for a user. */
  issueToken(username: string, description: string | null, token = newToken()): TokenRecord {
    const record: TokenRecord = {
      token,
      username,
      description,
      tokenHash: createHash('sha512').update(token).digest('hex'),
      createdAt: this.timestamp(),
    };
    this.tokens.set(token, record);
    return record;
  }

  /** Records a code "sent by SMS" and returns it. */
  sendCode(account: AccountRecord, destination: string): SentCode {
    const sent: SentCode = {
      username: account.username,
      destination,
      code: String(randomInt(0, 1_000_000)).padStart(6, '0'),
      sentAt: new Date(this.#clock.now()),
    };
    this.outbox.push(sent);
    return sent;
  }

  /** Uses up a code sent to the account; false when it is wrong, used or too old. */
  redeemCode(account: AccountRecord, code: string): boolean {
    const now = this.nowMs();
    const match = this.outbox.find(
      (sent) =>
        sent.username === account.username &&
        sent.code === code &&
        !this.#usedCodes.has(sent) &&
        now - sent.sentAt.getTime() <= CODE_LIFETIME_MS,
    );
    if (match === undefined) return false;
    this.#usedCodes.add(match);
    return true;
  }

  findBox(username: string, name: string): BoxRecord | undefined {
    return this.boxes.find(
      (box) =>
        box.username.toLowerCase() === username.toLowerCase() &&
        box.name.toLowerCase() === name.toLowerCase(),
    );
  }

  /** Whether `username` may manage the boxes of `owner`: the owner itself or a member of the organization. */
  administers(username: string | undefined, owner: string): boolean {
    if (username === undefined) return false;
    if (username.toLowerCase() === owner.toLowerCase()) return true;
    return this.accounts.get(owner.toLowerCase())?.members.has(username.toLowerCase()) ?? false;
  }
}

/** Finds a version of a box by number. */
export function findVersion(box: BoxRecord, version: string): VersionRecord | undefined {
  return box.versions.find((candidate) => candidate.version === version);
}

/**
 * Finds a provider of a version by name and architecture; without an architecture (the `/api/v1`
 * paths), the default architecture of that name.
 */
export function findProvider(
  version: VersionRecord,
  name: string,
  architecture?: string,
): ProviderRecord | undefined {
  const named = version.providers.filter((candidate) => candidate.name === name);
  if (architecture !== undefined) return named.find((candidate) => candidate.architecture === architecture);
  return named.find((candidate) => candidate.defaultArchitecture) ?? named[0];
}

/** Makes `provider` the default architecture of its name, or, when it gives that up, the first other one. */
export function settleDefaultArchitecture(
  version: VersionRecord,
  provider: ProviderRecord,
  isDefault: boolean,
): void {
  const named = version.providers.filter((candidate) => candidate.name === provider.name);
  for (const each of named)
    each.defaultArchitecture = isDefault ? each === provider : each.defaultArchitecture && each !== provider;
  if (!named.some((each) => each.defaultArchitecture)) {
    const fallback = named.find((each) => each !== provider) ?? provider;
    fallback.defaultArchitecture = true;
  }
}

/** A provider is usable once it has an uploaded asset or a download url. */
export function isUsable(provider: ProviderRecord): boolean {
  return provider.assetKey !== undefined || provider.url !== null;
}

function newToken(): string {
  return `${randomBytes(12).toString('base64url')}.registry.${randomBytes(30).toString('base64url')}`;
}

/** A random id for upload addresses and stored objects. */
export function newId(): string {
  return randomBytes(16).toString('hex');
}
