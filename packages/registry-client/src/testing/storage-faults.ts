// Faults the fake's storage plays on uploads, as a flaky object store would: an error status (5xx, 408,
// 429 with Retry-After), a connection cut mid-body, an answer before the whole body arrived. They are
// queued, each for a number of uploads, optionally only those of one box, version or provider.
import type { UploadRecord } from './records.js';

/** Which uploads a fault applies to, and how many of them. */
export interface StorageFaultScope {
  /** Only uploads for this box (`<username>/<name>`). */
  readonly tag?: string | undefined;
  /** Only uploads for this version. */
  readonly version?: string | undefined;
  /** Only uploads for this provider. */
  readonly provider?: string | undefined;
  /** How many matching uploads it fails. Default 1; `Infinity` for every one. */
  readonly times?: number | undefined;
}

/** Storage answers an error status: once the whole body arrived, or after `afterBytes` of it. */
export interface StorageStatusFault extends StorageFaultScope {
  readonly kind: 'status';
  /** Default 503. */
  readonly status?: number | undefined;
  /** Sent as `Retry-After`: seconds, or an HTTP date. */
  readonly retryAfter?: number | string | undefined;
  /** Answer after this many bytes of the body (the rest is left unread). Default: the whole body. */
  readonly afterBytes?: number | undefined;
}

/** Storage cuts the connection after `afterBytes` bytes of the body (default 0), without an answer. */
export interface StorageResetFault extends StorageFaultScope {
  readonly kind: 'reset';
  /** Bytes of the body read before the connection is cut. Default 0. */
  readonly afterBytes?: number | undefined;
}

/**
 * Storage answers `status` (default 200) after `afterBytes` bytes of the body, keeps those bytes as the
 * asset, and drops the connection with the rest unread: a flaky store that took part of a box for all.
 */
export interface StorageEarlyAnswerFault extends StorageFaultScope {
  readonly kind: 'early-answer';
  /** Bytes of the body read before the answer. */
  readonly afterBytes: number;
  /** Default 200. */
  readonly status?: number | undefined;
}

/** A failure the fake's storage plays on an upload. */
export type StorageFault = StorageStatusFault | StorageResetFault | StorageEarlyAnswerFault;

/** The queue of faults still to play. */
export interface StorageFaults {
  add(fault: StorageFault): void;
  /** The first fault that applies to this upload, counted as played; undefined when none does. */
  take(upload: UploadRecord): StorageFault | undefined;
}

const KINDS = new Set(['status', 'reset', 'early-answer']);

/** A queue of faults, starting with `initial`. */
export function createStorageFaults(initial: readonly StorageFault[] = []): StorageFaults {
  const queue: { fault: StorageFault; left: number }[] = [];
  const add = (fault: StorageFault) => {
    if (!KINDS.has(fault.kind)) {
      throw new TypeError(
        `a storage fault's kind is 'status', 'reset' or 'early-answer', not ${String(fault.kind)}`,
      );
    }
    const left = fault.times ?? 1;
    if (!(left >= 1)) throw new RangeError(`a storage fault's times must be 1 or more, not ${left}`);
    queue.push({ fault, left });
  };
  for (const fault of initial) add(fault);
  return {
    add,
    take(upload) {
      const tag = `${upload.box.username}/${upload.box.name}`;
      const entry = queue.find(
        ({ fault }) =>
          (fault.tag === undefined || fault.tag === tag) &&
          (fault.version === undefined || fault.version === upload.version.version) &&
          (fault.provider === undefined || fault.provider === upload.provider.name),
      );
      if (entry === undefined) return undefined;
      entry.left -= 1;
      if (entry.left <= 0) queue.splice(queue.indexOf(entry), 1);
      return entry.fault;
    },
  };
}
