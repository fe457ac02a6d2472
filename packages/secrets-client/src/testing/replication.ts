// The consistency index of the fake: every write moves the state's index and answers it in
// `X-Secrets-Index` (base64 of `v1:<cluster>:<local index>:<replicated index>:<hmac>`, the service's
// form); a read naming an index the reading node has not applied yet answers 412, unless it asks to be
// forwarded to the active node. By default the reading node applies each write at once; `lag(ms)`
// makes it apply each later write that long after it, by the fake's clock. The fake keeps one copy of
// the data: a lagging node refuses reads that wait for an index, it never serves an older copy.
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Clock } from '@infra-sdk/core';
import { fail } from './answer.js';

/** The fake's replication between the node that takes writes and the node that answers reads. */
export interface FakeReplication {
  /** Index of the newest write (the active node's state). */
  readonly index: number;
  /** Index the node answering reads has applied; a read waiting for a newer one gets 412. */
  readonly applied: number;
  /**
   * From now on, each write reaches the node answering reads `ms` after it was made, by the fake's
   * clock (writes made before keep their own time). 0, the default: at once.
   */
  lag(ms: number): void;
  /** The node answering reads applies every write made so far, now. */
  catchUp(): void;
}

/** The replication state of one fake service. */
export class Replication implements FakeReplication {
  readonly #cluster = randomUUID();
  readonly #key = randomBytes(32);
  readonly #clock: Clock;
  /** Writes not yet applied by the reading node, oldest first, with when they will be. */
  #pending: { readonly index: number; readonly at: number }[] = [];
  #index = 0;
  #applied = 0;
  #lagMs = 0;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  get index(): number {
    return this.#index;
  }

  get applied(): number {
    this.#apply(this.#clock.now());
    return this.#applied;
  }

  lag(ms: number): void {
    if (!(Number.isFinite(ms) && ms >= 0))
      throw new RangeError(`lag must be a finite number of ms, 0 or more, not ${ms}`);
    this.#lagMs = ms;
  }

  catchUp(): void {
    this.#pending = [];
    this.#applied = this.#index;
  }

  /** Records a write made at `now`; the value of its `X-Secrets-Index` header. */
  write(now: number): string {
    this.#index += 1;
    // A write never reaches the reading node before the writes made ahead of it.
    const at = Math.max(now + this.#lagMs, this.#pending.at(-1)?.at ?? now);
    this.#pending.push({ index: this.#index, at });
    this.#apply(now);
    const state = `v1:${this.#cluster}:${this.#index}:0`;
    return Buffer.from(`${state}:${this.#sign(state)}`).toString('base64');
  }

  /**
   * Refuses a read at `now` whose `X-Secrets-Index` names a state of this cluster the reading node has
   * not applied: 412, unless `inconsistent` is `forward-active-node` (the active node answers). An
   * index the fake did not issue is refused with 400.
   */
  check(header: string | undefined, inconsistent: string | undefined, now: number): void {
    if (inconsistent !== undefined && inconsistent !== 'forward-active-node' && inconsistent !== 'fail') {
      fail(
        400,
        `X-Secrets-Inconsistent must be "forward-active-node" or "fail", not ${JSON.stringify(inconsistent)}`,
      );
    }
    if (header === undefined) return;
    let required = 0;
    for (const raw of header.split(',')) required = Math.max(required, this.#localIndex(raw.trim()));
    if (inconsistent === 'forward-active-node') return;
    this.#apply(now);
    if (required > this.#applied) fail(412, 'required index state not present');
  }

  /** The local index of a state this fake issued; 0 for another cluster's. */
  #localIndex(raw: string): number {
    const text = Buffer.from(raw, 'base64').toString('utf8');
    const cut = text.lastIndexOf(':');
    const state = text.slice(0, cut);
    const [version, cluster, local, replicated] = state.split(':');
    const signature = Buffer.from(text.slice(cut + 1), 'hex');
    const expected = Buffer.from(this.#sign(state), 'hex');
    if (
      cut < 0 ||
      version !== 'v1' ||
      !/^\d+$/.test(local ?? '') ||
      !/^\d+$/.test(replicated ?? '') ||
      Buffer.from(raw, 'base64').toString('base64') !== raw
    ) {
      fail(400, 'invalid X-Secrets-Index header: not a consistency index of the service');
    }
    if (cluster !== this.#cluster) return 0;
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) {
      fail(400, 'invalid X-Secrets-Index header: its signature does not match');
    }
    return Number(local);
  }

  #sign(state: string): string {
    return createHmac('sha256', this.#key).update(state).digest('hex');
  }

  #apply(now: number): void {
    while (this.#pending.length > 0 && (this.#pending[0]?.at ?? Number.POSITIVE_INFINITY) <= now) {
      this.#applied = this.#pending.shift()?.index ?? this.#applied;
    }
  }
}
