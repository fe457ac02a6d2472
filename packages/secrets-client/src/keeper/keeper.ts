// The credential keeper. For each credential: renew it at a random point of its remaining life while the
// service grants what is asked; once it grants less (the maximum life is near), or the credential cannot
// be renewed, either replace it (issue a new one, hand it over, revoke the old one after a grace period)
// or watch it until shortly before its end. Every failure goes through core's retry loop (back-off, a
// `Retry-After` respected) and is then reported as an event, never thrown: `done` always resolves.
import { type Backoff, createBackoff, InfraSdkError, systemClock } from '@infra-sdk/core';
import { Handover } from './handover.js';
import type { Lifetime } from './lifetime.js';
import type { Issued, KeeperPlan } from './plan.js';
import { asClientError, runStep, type StepOutcome } from './retry-step.js';
import { Revocations } from './revocations.js';
import { type LifeShare, pointIn, waitUntil } from './timing.js';
import type {
  Credential,
  CredentialKeeper,
  KeeperEnd,
  KeeperEvent,
  KeeperOptions,
  KeeperStep,
} from './types.js';

/** Where in what is left after the last renewal a replacement is issued: early, so the hand-over has time. */
const TAIL_WINDOW: LifeShare = [0.05, 0.3];
/** Where in the remaining life a keeper that does not replace ends: shortly before the end. */
const END_WINDOW: LifeShare = [0.8, 0.9];

interface Held<T> {
  credential: Credential<T>;
  lifetime: Lifetime;
  /** No more renewals: the service granted less than asked, or said the lease cannot be renewed. */
  final: boolean;
  /** Replace at once: a renewal failed for good. */
  urgent: boolean;
  /** Pauses between reads of a rotating credential that has not rotated yet. */
  readonly pauses: Backoff;
}

type Step = 'renewed' | 'final' | 'stopped' | { readonly failed: unknown; readonly ranOut: boolean };

/** Starts a keeper. */
export function startKeeper<T>(plan: KeeperPlan<T>, options: KeeperOptions<T>): CredentialKeeper<T> {
  const { onCredential, onEvent, revokeOnStop = false, signal, clock = systemClock } = options;
  const stopper = new AbortController();
  const stopped = stopper.signal;
  const handover = new Handover<T>();
  let held: Held<T> | undefined;
  let renewals = 0;
  let settleReady: { resolve(credential: Credential<T>): void; reject(error: unknown): void } | undefined;
  const ready = new Promise<Credential<T>>((resolve, reject) => {
    settleReady = { resolve, reject };
  });
  // Nobody has to wait for `ready`: a keeper that fails before its first credential says so on `done`.
  ready.catch(() => {});

  const emit = (event: KeeperEvent): void => {
    try {
      onEvent?.(event);
    } catch {
      // An observer's failure is not the keeper's.
    }
  };
  const revocations = new Revocations<T>(clock, plan.calls.revoke, options, emit, stopped);
  const subject = (credential: Credential<T>) => ({
    generation: credential.generation,
    leaseId: credential.leaseId,
  });
  const step = <R>(
    name: KeeperStep,
    about: ReturnType<typeof subject>,
    deadline: number | undefined,
    run: (signal: AbortSignal) => Promise<R>,
  ): Promise<StepOutcome<R>> => runStep(clock, name, about, options, emit, stopped, deadline, run);
  const backoffSettings = { initialMs: options.backoffMs ?? 1_000, maxMs: options.maxBackoffMs ?? 30_000 };
  // Drawn only after a failure, but checked now: a keeper that could never wait is refused at its start
  // (RangeError), not ended at its first failure.
  createBackoff(backoffSettings);
  const backoff = () => createBackoff(backoffSettings);

  function credentialOf(issued: Issued<T>, generation: number): Credential<T> {
    const { lifetime } = issued;
    return {
      data: issued.data,
      generation,
      leaseId: lifetime.leaseId,
      renewable: lifetime.renewable,
      issuedAt: new Date(issued.sentAt),
      expiresAt: lifetime.expiresAt === undefined ? undefined : new Date(lifetime.expiresAt),
      renewals: 0,
    };
  }

  function hold(issued: Issued<T>, generation: number): Held<T> {
    const credential = credentialOf(issued, generation);
    emit({ type: 'issued', ...subject(credential), expiresAt: credential.expiresAt });
    return {
      credential,
      lifetime: issued.lifetime,
      final: !issued.lifetime.renewable,
      urgent: false,
      pauses: backoff(),
    };
  }

  /** A credential issued as the keeper stopped: nobody saw it, so it is revoked at once. */
  async function discard(issued: Issued<T>, generation: number): Promise<void> {
    await revocations.now(credentialOf(issued, generation));
  }

  /** Makes `next` the credential in use and hands it over; true once the caller has it. */
  function publish(next: Held<T>): Promise<boolean> {
    held = next;
    settleReady?.resolve(next.credential);
    return handover.publish(next.credential, onCredential, (error) =>
      emit({ type: 'error', step: 'deliver', ...subject(next.credential), error }),
    );
  }

  /** Renews `current` once (with retries) at a random point of its remaining life. */
  async function renewOnce(current: Held<T>, expiresAt: number): Promise<Step> {
    await waitUntil(clock, pointIn(plan.renewWindow, clock.now(), expiresAt), stopped);
    if (stopped.aborted) return 'stopped';
    const asked = plan.increment(current.lifetime);
    let sentAt = 0;
    const outcome = await step('renew', subject(current.credential), expiresAt, (phase) => {
      // Never renew a lease that has ended by this clock (which runs ahead of the service's).
      if (clock.now() >= expiresAt) throw new InfraSdkError('the lease ended before it could be renewed');
      sentAt = clock.now();
      return plan.calls.renew(current.credential, asked, phase);
    });
    if (stopped.aborted) return 'stopped';
    if (!outcome.ok) {
      emit({
        type: 'error',
        step: 'renew',
        ...subject(current.credential),
        error: asClientError(outcome.error),
      });
      current.final = true;
      current.urgent = true;
      return { failed: outcome.error, ranOut: outcome.ranOut || clock.now() >= expiresAt };
    }
    const { leaseDuration, renewable, warnings } = outcome.value;
    renewals += 1;
    // A renewal never shortens a lease: the whole seconds granted may round down what is left.
    const until = new Date(Math.max(expiresAt, sentAt + leaseDuration * 1000));
    current.credential = {
      ...current.credential,
      renewable,
      expiresAt: until,
      renewals: current.credential.renewals + 1,
    };
    handover.update(current.credential);
    const about = subject(current.credential);
    emit({ type: 'renewed', ...about, leaseDuration, expiresAt: until, warnings });
    if (leaseDuration < asked) {
      emit({
        type: 'max-ttl',
        ...about,
        askedSeconds: asked,
        grantedSeconds: leaseDuration,
        expiresAt: until,
      });
      current.final = true;
    } else if (!renewable) {
      current.final = true;
    }
    return current.final ? 'final' : 'renewed';
  }

  /** When to issue the replacement of `current`, which ends at `expiresAt`. */
  function replacementPoint(current: Held<T>, expiresAt: number): number {
    const now = clock.now();
    if (current.urgent) return now;
    if (current.lifetime.rotates) {
      // The new password exists only after the rotation: read it just after, a fleet spread over a few seconds.
      return expiresAt + 1000 + Math.random() * Math.min(5000, current.lifetime.durationSeconds * 100);
    }
    // A fresh credential that cannot be renewed is replaced where it would have been renewed; one whose
    // renewals came back short, early in what is left. The grace period should fit before it ends, but
    // never at the price of replacing at once: a grace longer than a credential's life would loop.
    const share = current.credential.renewals === 0 ? plan.renewWindow : TAIL_WINDOW;
    const earliest = now + (expiresAt - now) * share[0];
    return Math.max(earliest, Math.min(pointIn(share, now, expiresAt), expiresAt - plan.revokeAfterMs));
  }

  /** Replaces `current`; an end when that is not possible. */
  async function replace(current: Held<T>, expiresAt: number): Promise<KeeperEnd | undefined> {
    await waitUntil(clock, replacementPoint(current, expiresAt), stopped);
    if (stopped.aborted) return undefined;
    const generation = current.credential.generation + 1;
    const next = await step('issue', { generation, leaseId: '' }, undefined, issue);
    if (stopped.aborted) {
      if (next.ok) await discard(next.value, generation);
      return undefined;
    }
    if (!next.ok) {
      emit({ type: 'error', step: 'issue', generation, leaseId: '', error: next.error });
      return end(clock.now() >= expiresAt ? 'expired' : 'error', next.error);
    }
    const { lifetime } = next.value;
    if (current.lifetime.rotates && lifetime.rotation === current.lifetime.rotation) {
      // Read before the rotation: the same password, its rotation time known better. Read again after a pause.
      current.lifetime = lifetime;
      current.credential = {
        ...current.credential,
        expiresAt: lifetime.expiresAt === undefined ? undefined : new Date(lifetime.expiresAt),
      };
      handover.update(current.credential);
      await clock.sleep(current.pauses.next(), stopped);
      return undefined;
    }
    revocations.schedule(current.credential, publish(hold(next.value, generation)), plan.revokeAfterMs);
    return undefined;
  }

  function end(reason: KeeperEnd['reason'], error?: unknown): KeeperEnd {
    return {
      reason,
      generation: held?.credential.generation ?? 0,
      expiresAt: held?.credential.expiresAt,
      renewals,
      ...(error === undefined ? {} : { error }),
    };
  }

  function issue(phase: AbortSignal): Promise<Issued<T>> {
    if (plan.calls.issue === undefined) throw new InfraSdkError('this keeper cannot issue credentials');
    return plan.calls.issue(phase);
  }

  async function run(): Promise<KeeperEnd> {
    if (plan.initial !== undefined) {
      void publish(hold(plan.initial, 1));
    } else {
      const first = await step('issue', { generation: 1, leaseId: '' }, undefined, issue);
      if (stopped.aborted) {
        if (first.ok) await discard(first.value, 1);
        return end('stopped');
      }
      if (!first.ok) {
        emit({ type: 'error', step: 'issue', generation: 1, leaseId: '', error: first.error });
        return end('error', first.error);
      }
      void publish(hold(first.value, 1));
    }
    const replacing = plan.replace && plan.calls.issue !== undefined;
    for (;;) {
      const current = held as Held<T>;
      const expiresAt = current.credential.expiresAt?.getTime();
      if (stopped.aborted) return end('stopped');
      if (expiresAt === undefined) {
        // It never ends: nothing to do until the keeper stops.
        await waitUntil(clock, undefined, stopped);
      } else if (!current.final) {
        const outcome = await renewOnce(current, expiresAt);
        if (typeof outcome === 'object' && !replacing)
          return end(outcome.ranOut ? 'expired' : 'error', outcome.failed);
      } else if (replacing) {
        const ended = await replace(current, expiresAt);
        if (ended) return ended;
      } else {
        await waitUntil(clock, pointIn(END_WINDOW, clock.now(), expiresAt), stopped);
        if (stopped.aborted) continue;
        emit({ type: 'expiring', ...subject(current.credential), expiresAt: new Date(expiresAt) });
        return end('expiring');
      }
    }
  }

  const stop = (): void => stopper.abort();
  if (signal?.aborted) stop();
  signal?.addEventListener('abort', stop, { once: true });

  const done = run()
    .catch((error: unknown) => end('error', error))
    .then(async (result) => {
      stop();
      signal?.removeEventListener('abort', stop);
      handover.close();
      await revocations.settled();
      if (revokeOnStop && result.reason === 'stopped' && held !== undefined)
        await revocations.now(held.credential);
      if (held === undefined) {
        settleReady?.reject(
          result.error ?? new InfraSdkError(`the keeper ended (${result.reason}) before it had a credential`),
        );
      }
      return result;
    });

  // What the keeper shows of itself in a log, JSON or `util.inspect`: never the credential it holds.
  const describe = (): Record<string, unknown> => ({
    generation: held?.credential.generation ?? 0,
    leaseId: held?.credential.leaseId ?? '',
    expiresAt: held?.credential.expiresAt,
    renewals,
  });
  return {
    get current() {
      return held?.credential;
    },
    toJSON: describe,
    [Symbol.for('nodejs.util.inspect.custom')]: describe,
    ready,
    done,
    stop: () => {
      stop();
      return done;
    },
    [Symbol.asyncIterator]: () => handover.iterate(),
    [Symbol.asyncDispose]: async () => {
      stop();
      await done;
    },
  };
}
