// Sync state of one namespace: the configuration, destinations, their associations and the queue of
// operations held back while syncing is disabled. Linking syncs a secret (SYNCED), unlinking deletes
// it at the destination (UNSYNCED); while disabled both wait as PENDING and run once re-enabled.
import type { Clock } from '@infra-sdk/core';

/** A destination as the fake keeps it. */
export interface FakeDestination {
  /** Destination type, e.g. `repo-host`. */
  readonly type: string;
  /** Name of the destination. */
  readonly name: string;
  /** The type's fields as given (secrets are masked only when answering). */
  connection: Record<string, unknown>;
  /** Sync options: granularity, name template, custom tags. */
  options: Record<string, unknown>;
  /** Set while a purging deletion runs. */
  purgeInitiatedAt: string | undefined;
}

/** A secret linked to a destination. */
export interface FakeAssociation {
  /** Mount path of the key-value engine that holds the secret. */
  readonly mount: string;
  /** Accessor of that mount. */
  readonly accessor: string;
  /** Name of the secret. */
  readonly secret_name: string;
  /** `SYNCED`, `UNSYNCED`, `PENDING` or another status of the service. */
  sync_status: string;
  /** The version of the key-value secret the destination got (or gets once syncing is re-enabled). */
  synced_version: number | undefined;
  /** When the status last changed, as ISO 8601 text. */
  updated_at: string;
}

/** An operation held back while syncing is disabled. */
export interface QueuedSyncOperation {
  /** Link (`set`) or unlink (`remove`). */
  readonly kind: 'set' | 'remove';
  /** Key of the destination, `<type>/<name>`. */
  readonly destination: string;
  /** Key of the secret, `<mount>/<secret>`. */
  readonly secret: string;
}

/** A repository-host app. */
export interface FakeRepoHostApp {
  /** Id of the app at the repository host. */
  readonly app_id: number;
  /** Its private key, as given; answers mask it. */
  readonly private_key: string;
  /** Fingerprint of the private key. */
  readonly fingerprint: string;
}

/** Sync configuration, destinations and associations of a namespace. */
export class SyncState {
  /** The sync configuration. */
  readonly config = {
    /** Whether syncing is disabled; operations then wait as PENDING. */
    disabled: false,
    /** How many operations may wait while syncing is disabled. */
    queue_capacity: 1_000_000,
  };
  /** Keyed `<type>/<name>`. */
  readonly destinations = new Map<string, FakeDestination>();
  /** Destination key → (`<mount>/<secret>` → association). */
  readonly associations = new Map<string, Map<string, FakeAssociation>>();
  /** Operations held back while syncing is disabled, oldest first. */
  readonly queue: QueuedSyncOperation[] = [];
  /** Repository-host apps by name. */
  readonly apps = new Map<string, FakeRepoHostApp>();
  /** Destinations being purged, and what cuts each purge's wait short. */
  readonly #purges = new Map<string, AbortController>();
  readonly #clock: Clock;
  readonly #closed: AbortSignal;

  /** The fake builds one per namespace; purges wait on its clock and end unfinished when it closes. */
  constructor(timings: { readonly clock: Clock; readonly closed: AbortSignal }) {
    this.#clock = timings.clock;
    this.#closed = timings.closed;
  }

  /** The associations of a destination. */
  linksOf(destination: string): Map<string, FakeAssociation> {
    let links = this.associations.get(destination);
    if (!links) {
      links = new Map();
      this.associations.set(destination, links);
    }
    return links;
  }

  #enqueue(operation: QueuedSyncOperation): void {
    if (this.queue.length >= this.config.queue_capacity) {
      throw new RangeError(`the sync queue is full (queue_capacity ${this.config.queue_capacity})`);
    }
    this.queue.push(operation);
  }

  /** Links a secret (or refreshes an existing link, retrying its sync with the version given). */
  set(
    destination: string,
    secret: Omit<FakeAssociation, 'sync_status' | 'updated_at'>,
    now: number,
  ): FakeAssociation {
    const key = `${secret.mount}/${secret.secret_name}`;
    const links = this.linksOf(destination);
    const association = links.get(key) ?? { ...secret, sync_status: 'SYNCED', updated_at: '' };
    association.synced_version = secret.synced_version;
    association.updated_at = new Date(now).toISOString();
    if (this.config.disabled) {
      this.#enqueue({ kind: 'set', destination, secret: key });
      association.sync_status = 'PENDING';
    } else {
      association.sync_status = 'SYNCED';
    }
    links.set(key, association);
    return association;
  }

  /** Unlinks a secret; reports success whether or not the link existed. */
  remove(
    destination: string,
    secret: Omit<FakeAssociation, 'sync_status' | 'updated_at'>,
    now: number,
  ): FakeAssociation {
    const key = `${secret.mount}/${secret.secret_name}`;
    const links = this.linksOf(destination);
    const existing = links.get(key);
    const updated_at = new Date(now).toISOString();
    if (this.config.disabled && existing) {
      this.#enqueue({ kind: 'remove', destination, secret: key });
      existing.sync_status = 'PENDING';
      existing.updated_at = updated_at;
      return existing;
    }
    links.delete(key);
    return { ...(existing ?? secret), sync_status: 'UNSYNCED', updated_at };
  }

  /** Applies the configuration; re-enabling runs the queued operations in order. */
  configure(
    change: { disabled?: boolean | undefined; queue_capacity?: number | undefined },
    now: number,
  ): void {
    if (change.queue_capacity !== undefined) this.config.queue_capacity = change.queue_capacity;
    if (change.disabled === undefined) return;
    const wasDisabled = this.config.disabled;
    this.config.disabled = change.disabled;
    if (!wasDisabled || change.disabled) return;
    for (const operation of this.queue.splice(0)) {
      const links = this.associations.get(operation.destination);
      const association = links?.get(operation.secret);
      if (!links || !association) continue;
      if (operation.kind === 'remove') links.delete(operation.secret);
      else {
        association.sync_status = 'SYNCED';
        association.updated_at = new Date(now).toISOString();
      }
    }
  }

  /** Starts the background purge of a destination: it ends after `delayMs`, or at `finishPurges()`. */
  startPurge(destination: string, delayMs: number): void {
    if (this.#purges.has(destination) || this.#closed.aborted) return;
    const finished = new AbortController();
    this.#purges.set(destination, finished);
    const cut = AbortSignal.any([finished.signal, this.#closed]);
    void this.#clock.sleep(delayMs, cut).then(() => {
      if (!cut.aborted) this.#purge(destination);
    });
  }

  #purge(destination: string): void {
    this.#purges.get(destination)?.abort();
    this.#purges.delete(destination);
    this.associations.delete(destination);
    this.destinations.delete(destination);
  }

  /** Completes every purge under way now: associations unsynced and removed, destinations deleted. */
  finishPurges(): void {
    for (const destination of [...this.#purges.keys()]) this.#purge(destination);
  }

  /** Every association, with its destination key. */
  *all(): Generator<[string, FakeAssociation]> {
    for (const [destination, links] of this.associations) {
      for (const association of links.values()) yield [destination, association];
    }
  }
}
