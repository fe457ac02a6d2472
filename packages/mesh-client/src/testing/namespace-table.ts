import type { Clock } from '@infra-sdk/core';
import { BlockingIndex, ReplyError } from '@infra-sdk/core/testing';
import type { AclDirectory } from './acl-directory.js';
import type { NamespaceDefaults } from './authorizer.js';
import type { NamespaceBody } from './types.generated.js';
import { type FakeMeshNamespace, isNamespaceName } from './wire.js';

/** A namespace as the fake stores it: ACL links as ids, resolved to names on every response. */
interface StoredNamespace {
  readonly name: string;
  readonly description: string;
  readonly acls: NamespaceDefaults | undefined;
  readonly meta: Readonly<Record<string, string>> | undefined;
  readonly deletedAt: string | undefined;
  readonly createIndex: number;
  readonly modifyIndex: number;
}

/** The partition every server has, and the one a request without `?partition=` reaches. */
export const DEFAULT_PARTITION = 'default';

/**
 * The namespace state machine: active → marked for deletion (DeletedAt set, reads still succeed) →
 * removed after the deletion delay. Every change moves the blocking index.
 */
export class NamespaceTable {
  /** The index blocking reads wait on: shared by every partition, as the server's one state index is. */
  readonly index: BlockingIndex;
  /** The admin partition the namespaces live in. */
  readonly partition: string;
  // Keyed by lower-case name: DNS labels compare case-insensitively.
  readonly #namespaces = new Map<string, StoredNamespace>();
  // A pending removal waits on the clock until its signal cancels it.
  readonly #removals = new Map<string, AbortController>();
  readonly #directory: AclDirectory;
  readonly #deletionDelayMs: number | false;
  readonly #clock: Clock;

  constructor(
    directory: AclDirectory,
    deletionDelayMs: number | false,
    clock: Clock,
    partition = DEFAULT_PARTITION,
    index = new BlockingIndex(),
  ) {
    this.index = index;
    this.partition = partition;
    this.#directory = directory;
    this.#deletionDelayMs = deletionDelayMs;
    this.#clock = clock;
    const at = this.index.current;
    this.#namespaces.set('default', {
      name: 'default',
      description: 'Builtin Default Namespace',
      acls: undefined,
      meta: undefined,
      deletedAt: undefined,
      createIndex: at,
      modifyIndex: at,
    });
  }

  /** A namespace by name, marked or not. */
  get(name: string): FakeMeshNamespace | undefined {
    const stored = this.#namespaces.get(name.toLowerCase());
    return stored === undefined ? undefined : this.#render(stored);
  }

  /** Every namespace, sorted by name. */
  list(): FakeMeshNamespace[] {
    return [...this.#namespaces.values()]
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((stored) => this.#render(stored));
  }

  /** The default policies and roles of a namespace, for tokens created in it. */
  defaultsOf(name: string): NamespaceDefaults | undefined {
    return this.#namespaces.get(name.toLowerCase())?.acls;
  }

  /** Creates a namespace; a taken name is a 409. */
  create(body: NamespaceBody): FakeMeshNamespace {
    if (body.Name === undefined || body.Name === '') throw new ReplyError(400, 'Namespace Name is required');
    const name = checkName(body.Name);
    const existing = this.#namespaces.get(name.toLowerCase());
    if (existing !== undefined) {
      const state = existing.deletedAt === undefined ? 'already exists' : 'is being deleted';
      throw new ReplyError(409, `Namespace "${existing.name}" ${state}`);
    }
    const fields = this.#fields(body);
    const at = this.index.bump();
    const stored: StoredNamespace = {
      name,
      ...fields,
      deletedAt: undefined,
      createIndex: at,
      modifyIndex: at,
    };
    this.#namespaces.set(name.toLowerCase(), stored);
    return this.#render(stored);
  }

  /** Replaces a namespace's description, ACLs and metadata; a Name in the body must match. */
  update(name: string, body: NamespaceBody): FakeMeshNamespace {
    if (body.Name !== undefined && body.Name !== '' && body.Name !== name) {
      throw new ReplyError(
        400,
        `Namespace name in the body ("${body.Name}") does not match the path ("${name}")`,
      );
    }
    const existing = this.#require(name);
    if (existing.deletedAt !== undefined) {
      throw new ReplyError(409, `Namespace "${existing.name}" is marked for deletion and cannot be modified`);
    }
    const fields = this.#fields(body);
    const stored: StoredNamespace = { ...existing, ...fields, modifyIndex: this.index.bump() };
    this.#namespaces.set(existing.name.toLowerCase(), stored);
    return this.#render(stored);
  }

  /** Marks a namespace for deletion and schedules its removal; marking it again changes nothing. */
  markForDeletion(name: string): void {
    const existing = this.#require(name);
    if (existing.name === 'default') throw new ReplyError(400, 'The default namespace cannot be deleted');
    if (existing.deletedAt !== undefined) return;
    const key = existing.name.toLowerCase();
    this.#namespaces.set(key, {
      ...existing,
      deletedAt: new Date(this.#clock.now()).toISOString(),
      modifyIndex: this.index.bump(),
    });
    if (this.#deletionDelayMs !== false) {
      const removal = new AbortController();
      this.#removals.set(key, removal);
      void this.#clock.sleep(this.#deletionDelayMs, removal.signal).then(() => {
        if (!removal.signal.aborted) this.#remove(key);
      });
    }
  }

  /** Removes marked namespaces now (one by name, or all); returns how many were removed. */
  finishDeletion(name?: string): number {
    const keys = [...this.#namespaces.entries()]
      .filter(
        ([key, stored]) =>
          stored.deletedAt !== undefined && (name === undefined || key === name.toLowerCase()),
      )
      .map(([key]) => key);
    for (const key of keys) this.#remove(key);
    return keys.length;
  }

  /** Cancels pending removals. */
  close(): void {
    for (const removal of this.#removals.values()) removal.abort();
    this.#removals.clear();
  }

  #remove(key: string): void {
    this.#removals.get(key)?.abort();
    this.#removals.delete(key);
    if (this.#namespaces.delete(key)) this.index.bump();
  }

  #require(name: string): StoredNamespace {
    const existing = this.#namespaces.get(name.toLowerCase());
    if (existing === undefined) throw new ReplyError(404, `Namespace not found: ${name}`);
    return existing;
  }

  /** The writable fields of a body, with ACL links resolved to ids (an unknown one is a 400). */
  #fields(body: NamespaceBody): Pick<StoredNamespace, 'description' | 'acls' | 'meta'> {
    const acls = body.ACLs;
    return {
      description: body.Description ?? '',
      acls:
        acls === undefined || acls === null
          ? undefined
          : {
              policyIds: (acls.PolicyDefaults ?? []).map((link, at) =>
                this.#directory.resolveLink('policy', link, `ACLs.PolicyDefaults[${at}]`),
              ),
              roleIds: (acls.RoleDefaults ?? []).map((link, at) =>
                this.#directory.resolveLink('role', link, `ACLs.RoleDefaults[${at}]`),
              ),
            },
      meta:
        body.Meta === undefined || body.Meta === null || Object.keys(body.Meta).length === 0
          ? undefined
          : { ...body.Meta },
    };
  }

  /** The wire form: empty fields left out, as upstream's omitempty does; links with current names. */
  #render(stored: StoredNamespace): FakeMeshNamespace {
    return {
      Name: stored.name,
      // Namespaces of the default partition keep the shape of servers without partitions.
      ...(this.partition === DEFAULT_PARTITION ? {} : { Partition: this.partition }),
      ...(stored.description === '' ? {} : { Description: stored.description }),
      ...(stored.acls === undefined
        ? {}
        : {
            ACLs: {
              PolicyDefaults: stored.acls.policyIds.map((id) => this.#directory.renderLink('policy', id)),
              RoleDefaults: stored.acls.roleIds.map((id) => this.#directory.renderLink('role', id)),
            },
          }),
      ...(stored.meta === undefined ? {} : { Meta: { ...stored.meta } }),
      ...(stored.deletedAt === undefined ? {} : { DeletedAt: stored.deletedAt }),
      CreateIndex: stored.createIndex,
      ModifyIndex: stored.modifyIndex,
    };
  }
}

function checkName(name: string): string {
  if (!isNamespaceName(name)) {
    throw new ReplyError(400, `Invalid Namespace name "${name}": must be a valid DNS hostname label`);
  }
  return name;
}
