import { ApiError, type ApiErrorInit } from '@infra-sdk/core';

/** What the client knows of a read the service kept refusing with 412. */
export interface InconsistentReadInit extends ApiErrorInit {
  /** The consistency index the read waited for, as sent in `X-Secrets-Index`. */
  readonly index: string;
  /** Requests sent, the first one included. */
  readonly attempts: number;
  /** Ms from the first request to the last refusal, by the client's clock. */
  readonly elapsedMs: number;
}

/**
 * 412: the node that answered a read had not reached the consistency index the read waited for (a
 * write of this client not yet replicated there), and still had not after the retries of the
 * client's `readYourWrites` settings.
 */
export class InconsistentReadError extends ApiError {
  static override readonly kind: string = 'InconsistentReadError';
  /** The consistency index the read waited for, as sent in `X-Secrets-Index`. */
  declare readonly index: string;
  /** Requests sent, the first one included. */
  declare readonly attempts: number;

  /** Built by the client from the last 412 answer. */
  constructor(init: InconsistentReadInit) {
    super(
      init,
      `The answering node had not reached the index after ${init.attempts} attempts over ${Math.round(init.elapsedMs)} ms; allow more readYourWrites.retries, or use whenBehind: 'forward'`,
    );
    this.index = init.index;
    this.attempts = init.attempts;
  }
}
