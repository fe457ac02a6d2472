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

/** Steps on a logical clock, run in due order by one wait on the fake's clock. */
export class Timeline {
  readonly #clock: Clock;
  readonly #sleep: FakeSleep;
  readonly #steps: Step[] = [];
  #order = 0;
  /** Ends the wait for the next step, when a sooner one comes or the fake closes. */
  #wait: AbortController | undefined;
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
   * of two delays set in one change is the order of their lengths.
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
    this.#steps.sort((a, b) => a.due - b.due || a.rank - b.rank || a.order - b.order);
    this.#arm();
  }

  /**
   * Runs every step that is due, in order, including those they schedule within the same time. Called
   * by the store after each change, so a step due at once (a zero delay) runs before the reply goes out.
   */
  runDue(): void {
    if (this.#running || this.#closed) return;
    this.#running = true;
    try {
      for (let step = this.#steps[0]; step !== undefined; step = this.#steps[0]) {
        if (step.due > this.#clock.now()) break;
        this.#steps.shift();
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
    this.#steps.length = 0;
    this.#wait?.abort();
    this.#wait = undefined;
  }

  #arm(): void {
    if (this.#running) return;
    this.#wait?.abort();
    this.#wait = undefined;
    const next = this.#steps[0];
    if (next === undefined) return;
    const wait = new AbortController();
    this.#wait = wait;
    void this.#sleep(Math.max(0, next.due - this.#clock.now()), wait.signal).then(() => {
      if (wait.signal.aborted) return;
      this.#wait = undefined;
      this.runDue();
    });
  }
}
