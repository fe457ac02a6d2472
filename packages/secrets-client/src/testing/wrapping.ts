// Response wrapping: an answer asked for with `X-Secrets-Wrap-TTL` is kept here, under a single-use
// wrapping token that expires after the TTL, and the caller gets only the token's description. Unwrapping
// hands the kept answer back once; after that, or after the TTL, the token is unknown.
import { randomBytes, randomUUID } from 'node:crypto';

/** A wrapped answer as the fake keeps it. */
export interface FakeWrapped {
  /** The wrapping token. */
  readonly token: string;
  /** Its accessor. */
  readonly accessor: string;
  /** Seconds it was wrapped for. */
  readonly ttlSeconds: number;
  /** When it was wrapped, in ms since the epoch. */
  readonly createdAt: number;
  /** The path whose answer it wraps (`database/creds/app`). */
  readonly creationPath: string;
  /** The whole answer (the envelope) as it would have been sent. */
  readonly answer: Readonly<Record<string, unknown>>;
}

/** Wrapped answers of a fake service. */
export class WrappingStore {
  readonly #wrapped = new Map<string, FakeWrapped>();

  /** Keeps `answer` under a new wrapping token; the `wrap_info` of the answer that replaces it. */
  wrap(
    answer: Record<string, unknown>,
    ttlSeconds: number,
    creationPath: string,
    now: number,
  ): Record<string, unknown> {
    const wrapped: FakeWrapped = {
      token: `fake.wrap.${randomBytes(18).toString('base64url')}`,
      accessor: randomUUID(),
      ttlSeconds,
      createdAt: now,
      creationPath,
      answer,
    };
    this.#wrapped.set(wrapped.token, wrapped);
    return {
      token: wrapped.token,
      accessor: wrapped.accessor,
      ttl: ttlSeconds,
      creation_time: new Date(now).toISOString(),
      creation_path: creationPath,
      wrapped_accessor: '',
    };
  }

  /** The live wrapped answer of `token`; an expired one is dropped. */
  get(token: string | undefined, now: number): FakeWrapped | undefined {
    const wrapped = token === undefined ? undefined : this.#wrapped.get(token);
    if (wrapped && wrapped.createdAt + wrapped.ttlSeconds * 1000 <= now) {
      this.#wrapped.delete(wrapped.token);
      return undefined;
    }
    return wrapped;
  }

  /** Takes the answer out: the token works once. */
  take(token: string | undefined, now: number): FakeWrapped | undefined {
    const wrapped = this.get(token, now);
    if (wrapped) this.#wrapped.delete(wrapped.token);
    return wrapped;
  }

  /** Every live wrapped answer. */
  list(now: number): FakeWrapped[] {
    return [...this.#wrapped.keys()].flatMap((token) => this.get(token, now) ?? []);
  }
}
