import { ReplyError } from '@infra-sdk/core/testing';
import type { AclDirectory } from './acl-directory.js';
import type { FakeMeshAccess, FakeMeshAclOptions, FakeMeshRule, FakeMeshToken } from './options.js';

/** The default policies and roles of a namespace, by id. */
export interface NamespaceDefaults {
  readonly policyIds: readonly string[];
  readonly roleIds: readonly string[];
}

/** Who is asking: a known token, the anonymous token, or anyone when ACLs are off. */
export type Identity =
  | { readonly kind: 'unrestricted' }
  | { readonly kind: 'token'; readonly token: FakeMeshToken };

type Resource = { readonly kind: 'operator' } | { readonly kind: 'namespace'; readonly name: string };

const ANONYMOUS: FakeMeshToken = { secret: '' };
const STRENGTH: Record<FakeMeshAccess, number> = { deny: 0, read: 1, write: 2 };

/**
 * Decides what a token may do. For each resource, rules linked directly to the token (its rules, policies
 * and roles) decide when any concerns the resource; otherwise the default policies and roles of the
 * token's namespace; otherwise the default policy.
 */
export class Authorizer {
  readonly #enabled: boolean;
  readonly #defaultPolicy: 'allow' | 'deny';
  readonly #tokens = new Map<string, FakeMeshToken>();
  readonly #directory: AclDirectory;
  readonly #defaultsOf: (namespace: string) => NamespaceDefaults | undefined;

  constructor(
    options: FakeMeshAclOptions | undefined,
    directory: AclDirectory,
    defaultsOf: (namespace: string) => NamespaceDefaults | undefined,
  ) {
    this.#enabled = options !== undefined;
    this.#defaultPolicy = options?.defaultPolicy ?? 'deny';
    this.#directory = directory;
    this.#defaultsOf = defaultsOf;
    for (const token of options?.tokens ?? []) this.addToken(token);
  }

  /** Accepts one more token; its policies and roles must exist. */
  addToken(token: FakeMeshToken): void {
    if (token.secret === '') throw new Error('a token needs a non-empty secret');
    for (const reference of token.policies ?? []) {
      if (this.#directory.findPolicy(reference) === undefined) {
        throw new Error(`token links unknown policy "${reference}"`);
      }
    }
    for (const reference of token.roles ?? []) {
      if (this.#directory.findRole(reference) === undefined)
        throw new Error(`token links unknown role "${reference}"`);
    }
    this.#tokens.set(token.secret, token);
  }

  /** The agent's default policy while ACLs are on; undefined with ACLs off. */
  get defaultPolicy(): 'allow' | 'deny' | undefined {
    return this.#enabled ? this.#defaultPolicy : undefined;
  }

  /** The identity behind an `X-Mesh-Token` value; an unknown token is a 403, as upstream. */
  identify(secret: string | undefined): Identity {
    if (!this.#enabled) return { kind: 'unrestricted' };
    if (secret === undefined || secret === '') return { kind: 'token', token: ANONYMOUS };
    const token = this.#tokens.get(secret);
    if (token === undefined) throw new ReplyError(403, 'ACL not found');
    return { kind: 'token', token };
  }

  /** operator:read or namespace:<name>:read. */
  canReadNamespace(identity: Identity, name: string): boolean {
    if (identity.kind === 'unrestricted') return true;
    return (
      STRENGTH[this.#access(identity.token, { kind: 'operator' })] >= STRENGTH.read ||
      STRENGTH[this.#access(identity.token, { kind: 'namespace', name })] >= STRENGTH.read
    );
  }

  /** operator:write. */
  canWriteOperator(identity: Identity): boolean {
    if (identity.kind === 'unrestricted') return true;
    return this.#access(identity.token, { kind: 'operator' }) === 'write';
  }

  #access(token: FakeMeshToken, resource: Resource): FakeMeshAccess {
    return (
      decide(this.#directRules(token), resource) ??
      decide(this.#defaultRules(token), resource) ??
      (this.#defaultPolicy === 'allow' ? 'write' : 'deny')
    );
  }

  #directRules(token: FakeMeshToken): FakeMeshRule[] {
    const policyIds = (token.policies ?? []).flatMap(
      (reference) => this.#directory.findPolicy(reference)?.id ?? [],
    );
    const roleIds = (token.roles ?? []).flatMap((reference) => this.#directory.findRole(reference)?.id ?? []);
    return [...(token.rules ?? []), ...this.#rulesOf(policyIds, roleIds)];
  }

  #defaultRules(token: FakeMeshToken): FakeMeshRule[] {
    const defaults = this.#defaultsOf(token.namespace ?? 'default');
    return defaults === undefined ? [] : this.#rulesOf(defaults.policyIds, defaults.roleIds);
  }

  #rulesOf(policyIds: readonly string[], roleIds: readonly string[]): FakeMeshRule[] {
    const viaRoles = roleIds.flatMap((id) => this.#directory.findRole(id)?.policyIds ?? []);
    return [...policyIds, ...viaRoles].flatMap((id) => this.#directory.findPolicy(id)?.rules ?? []);
  }
}

/**
 * What a set of rules says about a resource, or undefined when none concerns it. The most specific
 * match wins (an exact namespace name over a prefix, a longer prefix over a shorter one); among equally
 * specific rules, deny beats write beats read.
 */
function decide(rules: readonly FakeMeshRule[], resource: Resource): FakeMeshAccess | undefined {
  let best: { specificity: number; access: FakeMeshAccess } | undefined;
  for (const rule of rules) {
    const specificity = specificityOf(rule, resource);
    if (specificity === undefined) continue;
    const access = rule.slice(rule.lastIndexOf(':') + 1) as FakeMeshAccess;
    if (
      best === undefined ||
      specificity > best.specificity ||
      (specificity === best.specificity && precedence(access) > precedence(best.access))
    ) {
      best = { specificity, access };
    }
  }
  return best?.access;
}

/** How closely a rule matches a resource; undefined when it does not concern it. */
function specificityOf(rule: FakeMeshRule, resource: Resource): number | undefined {
  const parts = rule.split(':');
  if (resource.kind === 'operator') return parts[0] === 'operator' ? 0 : undefined;
  if (parts[0] !== 'namespace' || parts.length !== 3) return undefined;
  const pattern = (parts[1] ?? '').toLowerCase();
  const name = resource.name.toLowerCase();
  if (pattern.endsWith('*')) {
    const prefix = pattern.slice(0, -1);
    return name.startsWith(prefix) ? prefix.length : undefined;
  }
  // An exact name beats any prefix, whatever its length.
  return pattern === name ? Number.MAX_SAFE_INTEGER : undefined;
}

function precedence(access: FakeMeshAccess): number {
  return access === 'deny' ? 3 : STRENGTH[access];
}
