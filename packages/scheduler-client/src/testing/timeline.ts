// The fake's clock for what happens later: allocations starting, turning healthy, health and progress
// deadlines. Each step has a due time on a logical clock and runs in due order, and a step scheduled
// by another counts its delay from that step's due time, not from when the timer happened to fire: a
// machine that stalls delays the steps but never reorders them (a 10 ms health check still comes
// before a 300 ms deadline), so what a test sees does not depend on the load of the machine. The time
// is the fake's clock: on a test clock the steps run only as the test moves it.
import type { Clock } from '@infra-sdk/core';
import type { FakeSleep } from './fake-sleep.js';

/** One scheduled step. */
interface Step {
  readonly due: number;
  /** 1 for a deadline: among the steps due at one time it runs last, so what it waits for wins a tie. */
  readonly rank: number;
  readonly order: number;
  readonly run: () => void;
}

/** Whether `a` runs before `b`: sooner, a step before a deadline, then in the order they were scheduled. */
function before(a: Step, b: Step): boolean {
  return (a.due - b.due || a.rank - b.rank || a.order - b.order) < 0;
}

/**
 * The steps still to come, soonest first (a binary heap): a rollout of a thousand allocations
 * schedules thousands of steps, and each must go in and come out without sorting them all again.
 */
class StepQueue {
  readonly #heap: Step[] = [];

  get size(): number {
    return this.#heap.length;
  }

  peek(): Step | undefined {
    return this.#heap[0];
  }

  push(step: Step): void {
    const heap = this.#heap;
    heap.push(step);
    for (let at = heap.length - 1; at > 0; ) {
      const parent = (at - 1) >> 1;
      if (!before(heap[at] as Step, heap[parent] as Step)) break;
      [heap[at], heap[parent]] = [heap[parent] as Step, heap[at] as Step];
      at = parent;
    }
  }

  pop(): Step | undefined {
    const heap = this.#heap;
    const first = heap[0];
    const last = heap.pop();
    if (first === undefined || last === undefined || heap.length === 0) return first;
    heap[0] = last;
    for (let at = 0; ; ) {
      const left = 2 * at + 1;
      const right = left + 1;
      let soonest = at;
      if (left < heap.length && before(heap[left] as Step, heap[soonest] as Step)) soonest = left;
      if (right < heap.length && before(heap[right] as Step, heap[soonest] as Step)) soonest = right;
      if (soonest === at) break;
      [heap[at], heap[soonest]] = [heap[soonest] as Step, heap[at] as Step];
      at = soonest;
    }
    return first;
  }

  clear(): void {
    this.#heap.length = 0;
  }
}

/** Steps on a logical clock, run in due order by one wait on the fake's clock. */
export class Timeline {
  readonly #clock: Clock;
  readonly #sleep: FakeSleep;
  readonly #steps = new StepQueue();
  #order = 0;
  /** Ends the wait for the next step, when a sooner one comes or the fake closes. */
  #wait: AbortController | undefined;
  /** When the wait in progress ends. */
  #waitDue: number | undefined;
  #current: number | undefined;
  #running = false;
  #closed = false;

  constructor(clock: Clock, sleep: FakeSleep) {
    this.#clock = clock;
    this.#sleep = sleep;
  }

  /** The logical now: the due time of the step being run, or the clock's time between steps. */
  now(): number {
    return this.#current ?? this.#clock.now();
  }

  /**
   * Runs `work` at one logical time: every step it schedules counts from the same now, so the order
   * of two delays set in one change is the order of their lengths. `runDue` follows it.
   */
  pinned<T>(work: () => T): T {
    if (this.#current !== undefined) return work();
    this.#current = this.#clock.now();
    try {
      return work();
    } finally {
      this.#current = undefined;
    }
  }

  /** Runs `run` `delayMs` after the logical now; a delay of 0 runs once the current work is done. */
  after(delayMs: number, run: () => void): void {
    this.#add(delayMs, 0, run);
  }

  /**
   * Runs the check of a deadline `delayMs` after the logical now, after every other step due at that
   * time, even those scheduled later: what the deadline waits for wins a tie.
   */
  deadline(delayMs: number, run: () => void): void {
    this.#add(delayMs, 1, run);
  }

  #add(delayMs: number, rank: number, run: () => void): void {
    if (this.#closed) return;
    this.#steps.push({ due: this.now() + Math.max(0, delayMs), rank, order: this.#order++, run });
    // Work at a pinned time (a change, a step) is followed by `runDue`, which waits for what is left.
    if (this.#current === undefined) this.#arm();
  }

  /**
   * Runs every step that is due, in order, including those they schedule within the same time. Called
   * by the store after each change, so a step due at once (a zero delay) runs before the reply goes out.
   */
  runDue(): void {
    if (this.#running || this.#closed) return;
    this.#running = true;
    try {
      for (let step = this.#steps.peek(); step !== undefined; step = this.#steps.peek()) {
        if (step.due > this.#clock.now()) break;
        this.#steps.pop();
        this.#current = step.due;
        try {
          step.run();
        } finally {
          this.#current = undefined;
        }
      }
    } finally {
      this.#running = false;
    }
    this.#arm();
  }

  /** Drops every step still to come. */
  close(): void {
    this.#closed = true;
    this.#steps.clear();
    this.#wait?.abort();
    this.#wait = undefined;
  }

  /** Waits for the soonest step; a wait already set for its time stays. */
  #arm(): void {
    if (this.#running || this.#closed) return;
    const next = this.#steps.peek();
    if (this.#wait !== undefined && this.#waitDue === next?.due) return;
    this.#wait?.abort();
    this.#wait = undefined;
    if (next === undefined) return;
    const wait = new AbortController();
    this.#wait = wait;
    this.#waitDue = next.due;
    void this.#sleep(Math.max(0, next.due - this.#clock.now()), wait.signal).then(() => {
      if (wait.signal.aborted) return;
      this.#wait = undefined;
      this.runDue();
    });
  }
}
