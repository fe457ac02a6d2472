// The fake's ACL tokens: those its options name (secret → rights), and those made over the API from
// its named policies, each with an accessor id, a secret and an optional expiry on the fake's clock.
// A deleted or expired token is refused like an unknown one.
import { randomUUID } from 'node:crypto';
import type { FakeAclPolicy, FakeAclToken, NamespaceCapability, VariableCapability } from './acl.js';
import { badRequest } from './fault.js';
import type { SchedulerStore } from './store.js';

/** A token as the fake keeps it. */
export interface StoredAclToken {
  readonly AccessorID: string;
  readonly SecretID: string;
  readonly Name: string;
  readonly Type: 'client' | 'management';
  readonly Policies: string[] | null;
  readonly Roles: { ID?: string; Name?: string }[] | null;
  readonly Global: boolean;
  readonly CreateTime: string;
  /** When it stops working, by the fake's clock (ms); undefined: never. */
  readonly expiresAt: number | undefined;
  readonly ExpirationTTL: number;
  readonly CreateIndex: number;
  readonly ModifyIndex: number;
  /** What it may do. */
  readonly grant: FakeAclToken;
}

/** Merges the rights of several policies: the union of their capabilities, the higher node level. */
function mergePolicies(policies: readonly FakeAclPolicy[]): FakeAclPolicy {
  const namespaces: Record<string, Set<NamespaceCapability>> = {};
  const variables: Record<string, Record<string, Set<VariableCapability>>> = {};
  let node: FakeAclPolicy['node'];
  for (const policy of policies) {
    for (const [name, capabilities] of Object.entries(policy.namespaces ?? {})) {
      namespaces[name] ??= new Set();
      for (const capability of capabilities) namespaces[name].add(capability);
    }
    for (const [name, paths] of Object.entries(policy.variables ?? {})) {
      variables[name] ??= {};
      for (const [pattern, capabilities] of Object.entries(paths)) {
        variables[name][pattern] ??= new Set();
        for (const capability of capabilities) variables[name][pattern].add(capability);
      }
    }
    if (policy.node === 'write' || (policy.node === 'read' && node === undefined)) node = policy.node;
  }
  return {
    namespaces: Object.fromEntries(Object.entries(namespaces).map(([name, set]) => [name, [...set]])),
    variables: Object.fromEntries(
      Object.entries(variables).map(([name, paths]) => [
        name,
        Object.fromEntries(Object.entries(paths).map(([pattern, set]) => [pattern, [...set]])),
      ]),
    ),
    ...(node === undefined ? {} : { node }),
  };
}

/** The ACL tokens of a fake with ACLs on. */
export class FakeAclTokens {
  readonly #store: SchedulerStore;
  readonly #policies: Readonly<Record<string, FakeAclPolicy>>;
  readonly #tokens = new Map<string, StoredAclToken>();

  constructor(
    store: SchedulerStore,
    config: {
      readonly tokens: Readonly<Record<string, FakeAclToken>>;
      readonly policies?: Readonly<Record<string, FakeAclPolicy>> | undefined;
    },
  ) {
    this.#store = store;
    this.#policies = config.policies ?? {};
    for (const [secret, grant] of Object.entries(config.tokens)) {
      this.#add({
        AccessorID: randomUUID(),
        SecretID: secret,
        Name: '',
        Type: grant === 'management' ? 'management' : 'client',
        Policies: grant === 'management' ? null : [],
        Roles: null,
        Global: false,
        CreateTime: new Date(store.clock.now()).toISOString(),
        expiresAt: undefined,
        ExpirationTTL: 0,
        CreateIndex: 1,
        ModifyIndex: 1,
        grant,
      });
    }
  }

  /** The live token with this secret; undefined when unknown, deleted or expired. */
  bySecret(secret: string): StoredAclToken | undefined {
    for (const token of this.#tokens.values()) if (token.SecretID === secret) return this.#live(token);
    return undefined;
  }

  /** The live token with this accessor id. */
  byAccessor(accessorId: string): StoredAclToken | undefined {
    const token = this.#tokens.get(accessorId);
    return token === undefined ? undefined : this.#live(token);
  }

  /** Every live token, oldest first. */
  all(): StoredAclToken[] {
    return [...this.#tokens.values()].filter((token) => this.#live(token) !== undefined);
  }

  /** `POST /v1/acl/token`: a new token from the body, its rights from its policies. */
  create(body: Record<string, unknown>): StoredAclToken {
    const type = body.Type;
    if (type !== 'client' && type !== 'management')
      throw badRequest('token type must be client or management');
    const policies = Array.isArray(body.Policies) ? (body.Policies as unknown[]) : [];
    const roles = Array.isArray(body.Roles) ? (body.Roles as { ID?: string; Name?: string }[]) : [];
    if (type === 'management' && (policies.length > 0 || roles.length > 0)) {
      throw badRequest('management token cannot be associated with policies or roles');
    }
    if (type === 'client' && policies.length + roles.length === 0) {
      throw badRequest('client token missing policies or roles');
    }
    const granted: FakeAclPolicy[] = [];
    for (const name of policies) {
      if (typeof name !== 'string' || !Object.hasOwn(this.#policies, name)) {
        throw badRequest(`cannot find policy ${String(name)}`);
      }
      granted.push(this.#policies[name] as FakeAclPolicy);
    }
    if (roles.length > 0) throw badRequest(`cannot find role ${roles[0]?.Name ?? roles[0]?.ID ?? ''}`);
    const now = this.#store.clock.now();
    let expiresAt: number | undefined;
    const ttl = body.ExpirationTTL;
    if (typeof body.ExpirationTime === 'string' && body.ExpirationTime !== '') {
      expiresAt = Date.parse(body.ExpirationTime);
      if (Number.isNaN(expiresAt)) throw badRequest('invalid ExpirationTime');
      if (expiresAt <= now) throw badRequest('expiration time cannot be in the past');
    } else if (ttl !== undefined && ttl !== null && ttl !== 0) {
      if (typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl < 0)
        throw badRequest('invalid ExpirationTTL');
      expiresAt = now + ttl / 1_000_000;
    }
    return this.#store.commit((change) => {
      const token: StoredAclToken = {
        AccessorID: randomUUID(),
        SecretID: randomUUID(),
        Name: typeof body.Name === 'string' ? body.Name : '',
        Type: type,
        Policies: type === 'management' ? null : (policies as string[]),
        Roles: null,
        Global: body.Global === true,
        CreateTime: new Date(now).toISOString(),
        expiresAt,
        ExpirationTTL: typeof ttl === 'number' ? ttl : 0,
        CreateIndex: change.index,
        ModifyIndex: change.index,
        grant: type === 'management' ? 'management' : mergePolicies(granted),
      };
      this.#add(token);
      change.touch('acl');
      change.event('ACLToken', 'ACLTokenUpserted', token.AccessorID, '', {
        ACLToken: this.view(token, false),
      });
      return token;
    });
  }

  /** `DELETE /v1/acl/token/:accessor_id`; false when no live token has that accessor id. */
  delete(accessorId: string): boolean {
    const token = this.byAccessor(accessorId);
    if (token === undefined) return false;
    this.#store.commit((change) => {
      this.#tokens.delete(accessorId);
      change.touch('acl');
      change.event('ACLToken', 'ACLTokenDeleted', accessorId, '', { ACLToken: this.view(token, false) });
    });
    return true;
  }

  /** The wire form of a token; its secret only when `secret`. */
  view(token: StoredAclToken, secret: boolean): Record<string, unknown> {
    return {
      AccessorID: token.AccessorID,
      ...(secret ? { SecretID: token.SecretID } : {}),
      Name: token.Name,
      Type: token.Type,
      Policies: token.Policies,
      Roles: token.Roles,
      Global: token.Global,
      CreateTime: token.CreateTime,
      ...(token.expiresAt === undefined ? {} : { ExpirationTime: new Date(token.expiresAt).toISOString() }),
      ...(secret ? { ExpirationTTL: token.ExpirationTTL } : {}),
      CreateIndex: token.CreateIndex,
      ModifyIndex: token.ModifyIndex,
    };
  }

  #add(token: StoredAclToken): void {
    this.#tokens.set(token.AccessorID, token);
  }

  #live(token: StoredAclToken): StoredAclToken | undefined {
    return token.expiresAt !== undefined && this.#store.clock.now() >= token.expiresAt ? undefined : token;
  }
}
