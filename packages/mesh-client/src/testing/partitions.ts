// Admin partitions: each holds namespaces of its own (a `default` namespace included), under the one
// state index every blocking query waits on. A request names its partition with `?partition=` (or a
// body's `Partition`); without one it reaches the `default` partition.
import { BlockingIndex, ReplyError, type TestRequest } from '@infra-sdk/core/testing';
import { DEFAULT_PARTITION, type NamespaceTable } from './namespace-table.js';
import { isNamespaceName } from './wire.js';

/** The namespace table of each partition. */
export class PartitionTables {
  /** The one index of the server's state: a change in any partition moves it. */
  readonly index = new BlockingIndex();
  readonly #tables = new Map<string, NamespaceTable>();
  readonly #make: (partition: string, index: BlockingIndex) => NamespaceTable;

  constructor(make: (partition: string, index: BlockingIndex) => NamespaceTable) {
    this.#make = make;
    this.add(DEFAULT_PARTITION);
  }

  /** The `default` partition's table. */
  get defaultTable(): NamespaceTable {
    return this.require(DEFAULT_PARTITION);
  }

  /** Adds a partition (a DNS hostname label); adding one that exists changes nothing. */
  add(partition: string): NamespaceTable {
    if (!isNamespaceName(partition)) {
      throw new Error(`Invalid partition name "${partition}": must be a valid DNS hostname label`);
    }
    const key = partition.toLowerCase();
    let table = this.#tables.get(key);
    if (table === undefined) {
      table = this.#make(partition, this.index);
      this.#tables.set(key, table);
    }
    return table;
  }

  /** A partition's table; an unknown partition is a 404. */
  require(partition: string): NamespaceTable {
    const table = this.#tables.get(partition.toLowerCase());
    if (table === undefined) throw new ReplyError(404, `Partition not found: ${partition}`);
    return table;
  }

  /** The partition a request names: `?partition=`, else the body's `Partition`, else `default`; the two must agree. */
  of(req: TestRequest, bodyPartition?: string): NamespaceTable {
    const query = req.query.get('partition') ?? undefined;
    const body = bodyPartition === '' ? undefined : bodyPartition;
    if (query !== undefined && body !== undefined && query.toLowerCase() !== body.toLowerCase()) {
      throw new ReplyError(
        400,
        `Partition in the body ("${body}") does not match the partition query parameter ("${query}")`,
      );
    }
    return this.require(query || body || DEFAULT_PARTITION);
  }

  /** Removes marked namespaces now (one by name, or all) in every partition; returns how many. */
  finishDeletion(name?: string): number {
    let removed = 0;
    for (const table of this.#tables.values()) removed += table.finishDeletion(name);
    return removed;
  }

  /** Cancels every partition's pending removals. */
  close(): void {
    for (const table of this.#tables.values()) table.close();
  }
}
