import type { TestServer } from '@infra-sdk/core/testing';
import type { ObjectStore } from './object-store.js';
import type { RegistryState } from './state.js';
import type { StorageFaults } from './storage-faults.js';
import type { Addresses } from './wire.js';

/** What the route handlers share. */
export interface FakeContext {
  readonly state: RegistryState;
  readonly store: ObjectStore;
  readonly addresses: Addresses;
  /** Lifetime of an upload address in milliseconds. */
  readonly uploadTtlMs: number;
  /** Largest box storage takes; undefined for no limit. */
  readonly maxUploadBytes: number | undefined;
  /** Faults storage plays on the next uploads. */
  readonly faults: StorageFaults;
}

/** Where routes are added. */
export type Routes = Pick<TestServer, 'route'>;

/** The API prefix of every registry route. */
export const API = '/api/v1';

/** The prefix of the architecture-aware routes. */
export const API_V2 = '/api/v2';
