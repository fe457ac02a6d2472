// The fake's in-memory state. Every change runs at a new index: the tables it touched move their
// blocking index to it, and its events go out as one message of the event stream.
import type { Clock } from '@infra-sdk/core';
import { BlockingIndex } from '@infra-sdk/core/testing';
import { AllocFiles } from './alloc-files.js';
import { copy } from './copy.js';
import { EventBroker, type FakeEvent } from './event-broker.js';
import { type FakeSleep, fakeSleep } from './fake-sleep.js';
import { TaskLogs } from './task-logs.js';
import { Timeline } from './timeline.js';
import { FakeVariables } from './variables.js';
import type { Allocation, Deployment, Evaluation, Job, Node, ScalingEvent } from './wire-types.js';

/**
 * A table whose index blocking queries wait on. `summaries` (a job's allocation counts) and `scale`
 * (a job's scale status) are views: they move with the tables they are counted from.
 */
export type Table =
  | 'jobs'
  | 'evals'
  | 'allocs'
  | 'deployments'
  | 'nodes'
  | 'services'
  | 'summaries'
  | 'scale'
  | 'acl'
  | 'vars';

/** The table an event's topic reports on: an event never comes without its table moving. */
const TOPIC_TABLES: Readonly<Record<string, Table>> = {
  Job: 'jobs',
  Allocation: 'allocs',
  Evaluation: 'evals',
  Deployment: 'deployments',
  Node: 'nodes',
  NodeDrain: 'nodes',
};

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
  /** Allocations placed in this change that start later (pending → running). */
  readonly starting: string[] = [];
  /** Allocations that started running in this change: their health is tracked from now on. */
  readonly started: Allocation[] = [];
  /** Deployments whose allocations changed in this change: their counts and progress are settled. */
  readonly affected = new Set<string>();

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
    const table = TOPIC_TABLES[topic];
    if (table !== undefined) this.touch(table);
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
  /** Milliseconds from placement to running; 0 starts at once, `manual` waits for `startPending`. */
  readonly allocationStart: number | 'manual';
  /** Factor on the update strategy's times (MinHealthyTime, HealthyDeadline, ProgressDeadline). */
  readonly timeScale: number;
  /** Where the fake reads the time and waits. */
  readonly clock: Clock;
  /** Milliseconds between the lines a running task writes to stdout; 0 writes only the start and stop. */
  readonly logLineMs: number;
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
    summaries: new BlockingIndex(),
    scale: new BlockingIndex(),
    acl: new BlockingIndex(),
    vars: new BlockingIndex(),
  };
  readonly jobs = new Map<string, StoredJob>();
  readonly allocations = new Map<string, Allocation>();
  readonly evaluations = new Map<string, Evaluation>();
  readonly deployments = new Map<string, Deployment>();
  readonly nodes = new Map<string, Node>();
  readonly services = new Map<string, StoredService>();
  readonly events: EventBroker;
  /** The fake's time: what happens later, blocking waits and heartbeats all take it from here. */
  readonly clock: Clock;
  /** Waits on the fake's clock; every wait ends when the fake closes. */
  readonly sleep: FakeSleep;
  /** What happens later: starts, health, deadlines. */
  readonly timeline: Timeline;
  /** The dispatched child of each idempotency token, by parent job key and token. */
  readonly dispatchTokens = new Map<string, string>();
  /** The progress deadline each running deployment waits for; a newer one replaces the older. */
  readonly progressDeadlines = new Map<string, number>();
  /** Scaling events of each job (by job key), by task group, oldest first. */
  readonly scalingEvents = new Map<string, Record<string, ScalingEvent[]>>();
  /** The log files of the tasks. */
  readonly taskLogs: TaskLogs;
  /** Variables and their locks. */
  readonly variables: FakeVariables;
  /** The files of the allocation directories. */
  readonly allocFiles: AllocFiles;
  /** The sources jobs were submitted in, by job key and version (the latest 6 versions of each job). */
  readonly submissions = new Map<string, Map<number, Record<string, unknown>>>();
  readonly #closing = new AbortController();
  #index = 1;
  #portCounter = 20_000;
  readonly #waiting = new Set<string>();
  #starter: ((ids: readonly string[]) => void) | undefined;
  #settle: ((change: Change) => void) | undefined;

  constructor(settings: StoreSettings) {
    this.settings = settings;
    this.events = new EventBroker(settings.eventBufferSize);
    this.clock = settings.clock;
    const sleep = fakeSleep(settings.clock);
    const closing = this.#closing.signal;
    this.sleep = (ms, signal) =>
      sleep(ms, signal === undefined ? closing : AbortSignal.any([signal, closing]));
    this.timeline = new Timeline(this.clock, this.sleep);
    this.taskLogs = new TaskLogs(settings.logLineMs);
    this.variables = new FakeVariables(this);
    this.allocFiles = new AllocFiles(this);
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
    const result = this.timeline.pinned(() => {
      const applied = apply(change);
      this.#settle?.(change);
      return applied;
    });
    const touched = change.touched;
    if (touched.has('jobs') || touched.has('allocs')) touched.add('summaries');
    if (touched.has('summaries') || touched.has('deployments')) touched.add('scale');
    for (const table of touched) this.indexes[table].set(change.index);
    this.events.publish({ Index: change.index, Events: change.events });
    if (change.starting.length > 0) this.#scheduleStart(change.starting);
    this.timeline.runDue();
    return result;
  }

  /** A duration of an update strategy (nanoseconds) as the fake waits it, in milliseconds. */
  scaled(nanoseconds: number | null | undefined): number {
    return ((nanoseconds ?? 0) / 1_000_000) * this.settings.timeScale;
  }

  /**
   * Sets the scheduler's part, kept out of the store: what starts pending allocations, and what settles
   * a change before it is committed (health tracking, deployment progress).
   */
  setScheduler(scheduler: {
    readonly start: (ids: readonly string[]) => void;
    readonly settle: (change: Change) => void;
  }): void {
    this.#starter = scheduler.start;
    this.#settle = scheduler.settle;
  }

  /** Starts every allocation still waiting for a manual start; returns how many were waiting. */
  startPending(): number {
    const ids = [...this.#waiting];
    this.#waiting.clear();
    if (ids.length > 0) this.#starter?.(ids);
    return ids.length;
  }

  /** Aborted once the fake closes: what loops on the fake's waits (heartbeats) ends with it. */
  get closing(): AbortSignal {
    return this.#closing.signal;
  }

  /** Cancels everything still to come and ends every wait. */
  close(): void {
    this.#closing.abort();
    this.timeline.close();
  }

  #scheduleStart(ids: readonly string[]): void {
    const delay = this.settings.allocationStart;
    if (delay === 'manual') {
      for (const id of ids) this.#waiting.add(id);
      return;
    }
    this.timeline.after(delay, () => this.#starter?.(ids));
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
