// One view of a whole release while it is published: the bytes of every upload together, and where each
// provider stands. Each change (a chunk sent, a state entered) is told with a fresh snapshot.

/**
 * Where a provider stands: `waiting` to start; `uploading` its box image; `retrying` after storage failed
 * an attempt (its bytes go back to 0); `verifying` what the registry recorded; `ready` to be released;
 * `failed`; `cancelled` because another provider failed.
 */
export type PublishState =
  | 'waiting'
  | 'uploading'
  | 'retrying'
  | 'verifying'
  | 'ready'
  | 'failed'
  | 'cancelled';

/** One provider in the progress view. */
export interface ProviderProgress {
  /** The provider's name. */
  readonly name: string;
  /** Its architecture, when one was given. */
  readonly architecture: string | undefined;
  /** Where it stands. */
  readonly state: PublishState;
  /** Bytes of its box image sent in the current attempt (0 for a provider with a url). */
  readonly loaded: number;
  /** Bytes of its box image, when known (0 for a provider with a url). */
  readonly total: number | undefined;
  /** The upload attempt, 1 for the first. */
  readonly attempt: number;
}

/** The whole release. */
export interface PublishProgress {
  /** Bytes sent, over every provider's current attempt: it goes back by a provider's bytes when that one starts over. */
  readonly loaded: number;
  /** Bytes of every box image, when each size is known. */
  readonly total: number | undefined;
  /** Each provider, in the order given. */
  readonly providers: readonly ProviderProgress[];
}

/** Receives the progress view of a release; called for every chunk of every upload, so keep it quick. */
export type PublishProgressListener = (progress: PublishProgress) => void;

/** Keeps the view and tells the listener of each change. */
export interface ProgressBoard {
  update(index: number, change: Partial<Omit<ProviderProgress, 'name' | 'architecture'>>): void;
}

/** A board for these providers (`total` per provider: its size, 0 for a url, undefined when unknown); tells the first view at once. */
export function createProgressBoard(
  providers: readonly {
    readonly name: string;
    readonly architecture: string | undefined;
    readonly total: number | undefined;
  }[],
  listener: PublishProgressListener | undefined,
): ProgressBoard {
  const rows: ProviderProgress[] = providers.map(({ name, architecture, total }) => ({
    name,
    architecture,
    state: 'waiting',
    loaded: 0,
    total,
    attempt: 1,
  }));
  const tell = () => {
    if (listener === undefined) return;
    let loaded = 0;
    let total: number | undefined = 0;
    for (const each of rows) {
      loaded += each.loaded;
      total = total === undefined || each.total === undefined ? undefined : total + each.total;
    }
    listener({ loaded, total, providers: [...rows] });
  };
  // The first view: every provider waiting.
  tell();
  return {
    update(index, change) {
      const row = rows[index];
      if (row === undefined) return;
      rows[index] = { ...row, ...change };
      tell();
    },
  };
}
