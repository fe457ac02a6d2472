// Revoking replaced credentials: once the replacement was handed over, after the caller's grace period,
// and only while the old credential still lives (past its end there is nothing to revoke). A keeper that
// stops cuts the grace short and revokes at once, with one try, so that stopping stays quick.
import type { Clock } from '@infra-sdk/core';
import { asClientError, runStep } from './retry-step.js';
import { waitUntil } from './timing.js';
import type { Credential, KeeperEvent, KeeperOptions } from './types.js';

/** The pending revocations of one keeper. */
export class Revocations<T> {
  readonly #clock: Clock;
  readonly #pending = new Set<Promise<void>>();
  readonly #revoke: ((credential: Credential<T>, signal: AbortSignal) => Promise<void>) | undefined;
  readonly #settings: KeeperOptions<T>;
  readonly #emit: (event: KeeperEvent) => void;
  readonly #stop: AbortSignal;

  constructor(
    clock: Clock,
    revoke: ((credential: Credential<T>, signal: AbortSignal) => Promise<void>) | undefined,
    settings: KeeperOptions<T>,
    emit: (event: KeeperEvent) => void,
    stop: AbortSignal,
  ) {
    this.#clock = clock;
    this.#revoke = revoke;
    this.#settings = settings;
    this.#emit = emit;
    this.#stop = stop;
  }

  /** Revokes `old` `graceMs` after `handedOver` resolves true; nothing when it resolves false (the caller may still use it). */
  schedule(old: Credential<T>, handedOver: Promise<boolean>, graceMs: number): void {
    const end = old.expiresAt?.getTime();
    if (this.#revoke === undefined || old.leaseId === '' || end === undefined) return;
    const task = (async () => {
      // Past its end the old credential needs no revocation; and a stop does not wait for a hand-over
      // that may never come (the caller may still use the old one: it is left to run out).
      const past = new AbortController();
      const cut = AbortSignal.any([past.signal, this.#stop]);
      const delivered = await Promise.race([handedOver, waitUntil(this.#clock, end, cut).then(() => false)]);
      past.abort();
      if (!delivered) return;
      await this.#clock.sleep(graceMs, this.#stop);
      await this.now(old);
    })();
    this.#pending.add(task);
    void task.finally(() => this.#pending.delete(task));
  }

  /** Revokes `credential` now: retried until it ends, or tried once when the keeper has stopped. */
  async now(credential: Credential<T>): Promise<void> {
    const revoke = this.#revoke;
    const end = credential.expiresAt?.getTime();
    if (revoke === undefined || credential.leaseId === '' || (end !== undefined && this.#clock.now() >= end))
      return;
    const about = { generation: credential.generation, leaseId: credential.leaseId };
    const stopped = this.#stop.aborted;
    const settings = stopped ? { ...this.#settings, maxFailures: 1 } : this.#settings;
    // Its own signal: a revocation goes on after the keeper stops.
    const outcome = await runStep(
      this.#clock,
      'revoke',
      about,
      settings,
      this.#emit,
      new AbortController().signal,
      end,
      (signal) => revoke(credential, signal),
    );
    if (outcome.ok) this.#emit({ type: 'revoked', ...about });
    else this.#emit({ type: 'error', step: 'revoke', ...about, error: asClientError(outcome.error) });
  }

  /** Resolves once every pending revocation is done. */
  async settled(): Promise<void> {
    await Promise.all([...this.#pending]);
  }
}
