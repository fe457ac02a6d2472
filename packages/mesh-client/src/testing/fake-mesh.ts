import { checkOptions, systemClock } from '@infra-sdk/core';
import { type RecordedRequest, startTestServer } from '@infra-sdk/core/testing';
import { AclDirectory } from './acl-directory.js';
import { Authorizer } from './authorizer.js';
import { DEFAULT_PARTITION, NamespaceTable } from './namespace-table.js';
import { checkFakeMeshOptions, fakeMeshOptionKeys } from './option-keys.js';
import type { FakeMeshOptions, FakeMeshPolicy, FakeMeshRole, FakeMeshToken } from './options.js';
import { PartitionTables } from './partitions.js';
import { parseNamespaceBody } from './request-body.js';
import { addNamespaceRoutes, type MeshState } from './routes.js';
import type { FakeMeshLink, FakeMeshNamespace, FakeMeshNamespaceSeed } from './wire.js';

/** A running fake mesh server: the namespace API in memory on 127.0.0.1. */
export interface FakeMesh extends AsyncDisposable {
  /** `http://127.0.0.1:<port>`: the client's `baseUrl`. */
  readonly url: string;
  /** Every request received, in order of arrival. */
  readonly requests: readonly RecordedRequest[];
  /** The blocking index now; every change to a namespace moves it. */
  readonly index: number;
  /** A namespace of a partition (default `default`) as a read would return it (marked ones included), whatever the ACLs. */
  namespace(name: string, partition?: string): FakeMeshNamespace | undefined;
  /** Every namespace of a partition (default `default`) as a list would return it with full access. */
  namespaces(partition?: string): FakeMeshNamespace[];
  /** Adds an admin partition (a DNS hostname label) with its own `default` namespace; an existing one stays as it is. */
  addPartition(partition: string): void;
  /** Creates a namespace directly, as a create with full access would; throws on invalid input. */
  seedNamespace(namespace: FakeMeshNamespaceSeed): FakeMeshNamespace;
  /** Adds a policy, or renames/replaces the one with the same id; returns its link. */
  putPolicy(policy: FakeMeshPolicy): FakeMeshLink;
  /** Adds a role, or replaces the one with the same id; returns its link. */
  putRole(role: FakeMeshRole): FakeMeshLink;
  /** Accepts one more token (ACLs must be on). */
  addToken(token: FakeMeshToken): void;
  /** Removes namespaces marked for deletion now (one by name, or all; in every partition) instead of after the delay; returns how many. */
  finishDeletion(name?: string): number;
  /** Loses or regains the cluster leader: without one, only `stale` reads succeed. */
  setKnownLeader(known: boolean): void;
  /** Stops the server and every pending removal. */
  close(): Promise<void>;
}

/** Starts a fake mesh server on 127.0.0.1 (a free port) with the built-in `default` namespace. */
export async function startFakeMesh(options: FakeMeshOptions = {}): Promise<FakeMesh> {
  checkFakeMeshOptions(options);
  const directory = new AclDirectory(options.policies, options.roles);
  const clock = options.clock ?? systemClock;
  const partitions = new PartitionTables(
    (partition, index) =>
      new NamespaceTable(directory, options.deletionDelayMs ?? 100, clock, partition, index),
  );
  for (const partition of options.partitions ?? []) partitions.add(partition);
  // Tokens live in the default partition, and take the defaults of their namespace there.
  const authorizer = new Authorizer(options.acl, directory, (name) =>
    partitions.defaultTable.defaultsOf(name),
  );
  const seed = (namespace: FakeMeshNamespaceSeed) => {
    const body = parseNamespaceBody(namespace);
    return partitions.require(body.Partition || DEFAULT_PARTITION).create(body);
  };
  for (const namespace of options.namespaces ?? []) seed(namespace);
  const state: MeshState = {
    partitions,
    datacenter: options.datacenter ?? 'dc1',
    authorizer,
    blocking: options.blocking ?? {},
    clock,
    lastContactMs: options.lastContactMs ?? 0,
    knownLeader: options.knownLeader ?? true,
  };
  const server = await startTestServer({
    gzip: options.gzip ?? false,
    // Upstream answers errors in plain text.
    errorReply: (res, status, message, headers) => res.text(status, message, headers),
  });
  addNamespaceRoutes(server, state);
  const close = async (): Promise<void> => {
    partitions.close();
    await server.close();
  };
  return {
    url: server.url,
    get requests() {
      return server.requests;
    },
    get index() {
      return partitions.index.current;
    },
    namespace: (name, partition = DEFAULT_PARTITION) => partitions.require(partition).get(name),
    namespaces: (partition = DEFAULT_PARTITION) => partitions.require(partition).list(),
    seedNamespace: seed,
    addPartition: (partition) => {
      partitions.add(partition);
    },
    putPolicy: (policy) => {
      checkOptions(policy, fakeMeshOptionKeys.policy, 'policy');
      return directory.putPolicy(policy);
    },
    putRole: (role) => {
      checkOptions(role, fakeMeshOptionKeys.role, 'role');
      return directory.putRole(role);
    },
    addToken: (token) => {
      checkOptions(token, fakeMeshOptionKeys.token, 'token');
      if (options.acl === undefined) throw new Error('addToken needs ACLs on: pass the acl option');
      authorizer.addToken(token);
    },
    finishDeletion: (name) => partitions.finishDeletion(name),
    setKnownLeader: (known) => {
      state.knownLeader = known;
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}
