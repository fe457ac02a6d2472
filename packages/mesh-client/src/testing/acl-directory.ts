import { randomUUID } from 'node:crypto';
import { ReplyError } from '@infra-sdk/core/testing';
import type { FakeMeshPolicy, FakeMeshRole, FakeMeshRule } from './options.js';
import type { FakeMeshLink } from './wire.js';

/** A policy as the fake stores it. */
export interface StoredPolicy {
  readonly id: string;
  readonly name: string;
  readonly rules: readonly FakeMeshRule[];
}

/** A role as the fake stores it: its policies by id. */
export interface StoredRole {
  readonly id: string;
  readonly name: string;
  readonly policyIds: readonly string[];
}

/** An ACL link on the wire, resolved: both ID and Name. */
export type ResolvedLink = FakeMeshLink;

/** An ACL link as a request gives it. */
export interface LinkReference {
  readonly ID?: string | undefined;
  readonly Name?: string | undefined;
}

/** Id of the built-in policy that grants everything, as upstream servers name it. */
export const GLOBAL_MANAGEMENT_POLICY_ID = '00000000-0000-0000-0000-000000000001';

/** The policies and roles that ACL links and tokens resolve against. */
export class AclDirectory {
  readonly #policies = new Map<string, StoredPolicy>();
  readonly #roles = new Map<string, StoredRole>();

  constructor(policies: readonly FakeMeshPolicy[] = [], roles: readonly FakeMeshRole[] = []) {
    this.putPolicy({
      id: GLOBAL_MANAGEMENT_POLICY_ID,
      name: 'global-management',
      rules: ['operator:write', 'namespace:*:write'],
    });
    for (const policy of policies) this.putPolicy(policy);
    for (const role of roles) this.putRole(role);
  }

  /** Adds a policy, or replaces the one with the same id (a rename shows in every link to it). */
  putPolicy(policy: FakeMeshPolicy): ResolvedLink {
    const id = policy.id ?? randomUUID();
    assertNameFree(this.#policies, policy.name, id, 'policy');
    this.#policies.set(id, { id, name: policy.name, rules: [...(policy.rules ?? [])] });
    return { ID: id, Name: policy.name };
  }

  /** Adds a role, or replaces the one with the same id; its policies must exist. */
  putRole(role: FakeMeshRole): ResolvedLink {
    const id = role.id ?? randomUUID();
    assertNameFree(this.#roles, role.name, id, 'role');
    const policyIds = (role.policies ?? []).map((reference) => {
      const policy = this.findPolicy(reference);
      if (policy === undefined) throw new Error(`role "${role.name}" links unknown policy "${reference}"`);
      return policy.id;
    });
    this.#roles.set(id, { id, name: role.name, policyIds });
    return { ID: id, Name: role.name };
  }

  /** A policy by id, or else by name. */
  findPolicy(reference: string): StoredPolicy | undefined {
    return this.#policies.get(reference) ?? findByName(this.#policies, reference);
  }

  /** A role by id, or else by name. */
  findRole(reference: string): StoredRole | undefined {
    return this.#roles.get(reference) ?? findByName(this.#roles, reference);
  }

  /** Resolves a link of a request to the id it is stored as; an unknown policy or role is a 400. */
  resolveLink(kind: 'policy' | 'role', link: LinkReference, field: string): string {
    const found = kind === 'policy' ? lookUp(this.#policies, link) : lookUp(this.#roles, link);
    if (found === undefined) {
      const what = link.ID ? `ID "${link.ID}"` : link.Name ? `Name "${link.Name}"` : 'neither ID nor Name';
      throw new ReplyError(400, `Invalid ACL link in ${field}: no ${kind} with ${what}`);
    }
    return found.id;
  }

  /** The wire form of a stored link: the id and the current name. */
  renderLink(kind: 'policy' | 'role', id: string): ResolvedLink {
    const found = kind === 'policy' ? this.#policies.get(id) : this.#roles.get(id);
    return { ID: id, Name: found?.name ?? '' };
  }
}

/** As upstream: an ID, when given, decides; the Name is then only informative. */
function lookUp<T extends { readonly name: string }>(
  table: Map<string, T>,
  link: LinkReference,
): T | undefined {
  if (link.ID) return table.get(link.ID);
  return link.Name ? findByName(table, link.Name) : undefined;
}

function findByName<T extends { readonly name: string }>(table: Map<string, T>, name: string): T | undefined {
  for (const entry of table.values()) if (entry.name === name) return entry;
  return undefined;
}

function assertNameFree(
  table: Map<string, { readonly id: string; readonly name: string }>,
  name: string,
  id: string,
  kind: string,
): void {
  const holder = findByName(table, name);
  if (holder !== undefined && holder.id !== id) {
    throw new Error(`a ${kind} named "${name}" already exists (id ${holder.id})`);
  }
}
