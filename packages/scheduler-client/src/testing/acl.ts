// Optional ACLs with the scheduler's capability names. With ACLs on, every call needs a token that
// grants what the endpoint asks for; a missing or unknown token gets a 403.
import { ReplyError } from '@infra-sdk/core/testing';
import type { FakeAclTokens } from './acl-tokens.js';
import { permissionDenied } from './fault.js';

/** A namespace capability, as the ACL column of the spec names it. */
export type NamespaceCapability =
  | 'list-jobs'
  | 'read-job'
  | 'submit-job'
  | 'dispatch-job'
  | 'scale-job'
  | 'read-job-scaling'
  | 'policy-override'
  | 'alloc-lifecycle'
  | 'alloc-exec'
  | 'alloc-node-exec'
  | 'read-logs'
  | 'read-fs';

/** A capability over variables, as a namespace's `variables` block names them. */
export type VariableCapability = 'list' | 'read' | 'write' | 'destroy';

/** What a token may do: capabilities per namespace (`*` for all namespaces) and node access. */
export interface FakeAclPolicy {
  /** Capabilities per namespace name, `*` matching every namespace. */
  readonly namespaces?: Readonly<Record<string, readonly NamespaceCapability[]>>;
  /**
   * Variable capabilities per namespace name (`*`: every namespace), then per path pattern: a path, or a
   * prefix ending in `*` (`team/*`, `*`).
   */
  readonly variables?: Readonly<Record<string, Readonly<Record<string, readonly VariableCapability[]>>>>;
  /** `write` includes `read`. */
  readonly node?: 'read' | 'write';
}

/** A token of the fake: `management` may do everything. */
export type FakeAclToken = 'management' | FakeAclPolicy;

/** The rights of one request's token. */
export class Access {
  readonly #enabled: boolean;
  readonly #grant: FakeAclToken | undefined;
  /** The accessor id of the request's token; undefined when anonymous or with ACLs off. */
  readonly accessorId: string | undefined;

  constructor(enabled: boolean, grant: FakeAclToken | undefined, accessorId?: string) {
    this.#enabled = enabled;
    this.#grant = grant;
    this.accessorId = accessorId;
  }

  /** Reads the token of a request against the fake's tokens; an unknown, deleted or expired one is refused at once. */
  static of(tokens: FakeAclTokens | undefined, secret: string | undefined): Access {
    if (tokens === undefined) return new Access(false, undefined);
    if (secret === undefined || secret === '') return new Access(true, undefined);
    const token = tokens.bySecret(secret);
    if (token === undefined) throw new ReplyError(403, 'ACL token not found');
    return new Access(true, token.grant, token.AccessorID);
  }

  /** Whether ACLs are on. */
  get enabled(): boolean {
    return this.#enabled;
  }

  get management(): boolean {
    return !this.#enabled || this.#grant === 'management';
  }

  /** Whether the token holds `capability` in `namespace` (`*`: in every namespace). */
  allowsNamespace(namespace: string, capability: NamespaceCapability): boolean {
    if (this.management) return true;
    const grant = this.#grant;
    if (grant === undefined || grant === 'management') return false;
    const rules = grant.namespaces ?? {};
    const granted = (name: string) => (Object.hasOwn(rules, name) ? rules[name] : undefined) ?? [];
    if (granted('*').includes(capability)) return true;
    return namespace !== '*' && granted(namespace).includes(capability);
  }

  /** Whether the token may read (or write) nodes. */
  allowsNode(level: 'read' | 'write'): boolean {
    if (this.management) return true;
    const grant = this.#grant;
    if (grant === undefined || grant === 'management') return false;
    return grant.node === 'write' || (level === 'read' && grant.node === 'read');
  }

  /** Whether the token holds `capability` over the variable at `path` in `namespace`. */
  allowsVariable(namespace: string, path: string, capability: VariableCapability): boolean {
    if (this.management) return true;
    const grant = this.#grant;
    if (grant === undefined || grant === 'management') return false;
    const rules = grant.variables ?? {};
    for (const name of ['*', namespace]) {
      const paths = Object.hasOwn(rules, name) ? rules[name] : undefined;
      for (const [pattern, capabilities] of Object.entries(paths ?? {})) {
        const matches = pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern;
        if (matches && capabilities.includes(capability)) return true;
      }
    }
    return false;
  }

  /** Whether the token holds any variable capability in `namespace` (`*`: in any). */
  hasVariableRules(namespace: string): boolean {
    if (this.management) return true;
    const grant = this.#grant;
    if (grant === undefined || grant === 'management') return false;
    const rules = grant.variables ?? {};
    return namespace === '*'
      ? Object.keys(rules).length > 0
      : Object.hasOwn(rules, '*') || Object.hasOwn(rules, namespace);
  }

  requireVariable(namespace: string, path: string, capability: VariableCapability): void {
    if (!this.allowsVariable(namespace, path, capability)) throw permissionDenied();
  }

  requireNamespace(namespace: string, capability: NamespaceCapability): void {
    if (!this.allowsNamespace(namespace, capability)) throw permissionDenied();
  }

  requireNode(level: 'read' | 'write'): void {
    if (!this.allowsNode(level)) throw permissionDenied();
  }

  requireManagement(): void {
    if (!this.management) throw permissionDenied();
  }
}
