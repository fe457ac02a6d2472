// The fake's in-memory state. Every change runs at a new index: the tables it touched move their
// blocking index to it, and its events go out as one message of the event stream.
import { BlockingIndex } from '@infra-sdk/core/testing';
import type { Allocation } from '../allocations/schemas.js';
import type { Deployment } from '../deployments/schemas.js';
import type { Evaluation } from '../evaluations/schemas.js';
import type { Job } from '../jobs/definition.js';
import type { Node } from '../nodes/schemas.js';
import { copy } from './copy.js';
import { EventBroker, type FakeEvent } from './event-broker.js';

/** A table whose index blocking queries wait on. */
export type Table = 'jobs' | 'evals' | 'allocs' | 'deployments' | 'nodes' | 'services';

/** A registration of a service by an allocation. */
export interface StoredService {
  ID: string;
  ServiceName: string;
  Namespace: string;
  NodeID: string;
  Datacenter: string;
  JobID: string;
  AllocID: string;
  Tags: string[] | null;
  Address: string;
  Port: number;
  CreateIndex: number;
  ModifyIndex: number;
}

/** A job and all its versions. */
export interface StoredJob {
  readonly namespace: string;
  readonly id: string;
  /** Indexed by version number. */
  readonly versions: Job[];
}

/** The current version of a stored job. */
export function currentVersion(job: StoredJob): Job {
  const current = job.versions.at(-1);
  if (current === undefined) throw new Error(`job ${job.id} has no version`);
  return current;
}

/** The key of a job in the jobs map. */
export function jobKey(namespace: string, id: string): string {
  return `${namespace}\u0000${id}`;
}

/** One change being made: its index, the tables it touches and the events it produces. */
export class Change {
  readonly index: number;
  readonly touched = new Set<Table>();
  readonly events: FakeEvent[] = [];

  constructor(index: number) {
    this.index = index;
  }

  touch(...tables: Table[]): void {
    for (const table of tables) this.touched.add(table);
  }

  /** Records an event; the payload is copied so later changes do not rewrite history. */
  event(
    topic: string,
    type: string,
    key: string,
    namespace: string,
    payload: Record<string, unknown>,
    filterKeys: readonly string[] | null = null,
  ): void {
    this.events.push({
      Topic: topic,
      Type: type,
      Key: key,
      Namespace: namespace,
      FilterKeys: filterKeys,
      Index: this.index,
      Payload: copy(payload),
    });
  }
}

/** Settings of the store. */
export interface StoreSettings {
  readonly region: string;
  readonly datacenter: string;
  readonly eventBufferSize: number;
}

/** All state of the fake scheduler. */
export class SchedulerStore {
  readonly settings: StoreSettings;
  readonly indexes: Record<Table, BlockingIndex> = {
    jobs: new BlockingIndex(),
    evals: new BlockingIndex(),
    allocs: new BlockingIndex(),
    deployments: new BlockingIndex(),
    nodes: new BlockingIndex(),
    services: new BlockingIndex(),
  };
  readonly jobs = new Map<string, StoredJob>();
  readonly allocations = new Map<string, Allocation>();
  readonly evaluations = new Map<string, Evaluation>();
  readonly deployments = new Map<string, Deployment>();
  readonly nodes = new Map<string, Node>();
  readonly services = new Map<string, StoredService>();
  readonly events: EventBroker;
  #index = 1;
  #portCounter = 20_000;

  constructor(settings: StoreSettings) {
    this.settings = settings;
    this.events = new EventBroker(settings.eventBufferSize);
  }

  /** The latest index of the whole state. */
  get index(): number {
    return this.#index;
  }

  /** A host port for a dynamic port, unique within the fake. */
  nextPort(): number {
    this.#portCounter += 1;
    return this.#portCounter;
  }

  /** Runs `apply` as one change at a new index, then wakes blocked queries and publishes its events. */
  commit<T>(apply: (change: Change) => T): T {
    this.#index += 1;
    const change = new Change(this.#index);
    const result = apply(change);
    for (const table of change.touched) this.indexes[table].set(change.index);
    this.events.publish({ Index: change.index, Events: change.events });
    return result;
  }

  job(namespace: string, id: string): StoredJob | undefined {
    return this.jobs.get(jobKey(namespace, id));
  }

  /** Allocations of one job, oldest first. */
  allocationsOf(namespace: string, jobId: string): Allocation[] {
    return [...this.allocations.values()].filter(
      (alloc) => alloc.Namespace === namespace && alloc.JobID === jobId,
    );
  }
}
