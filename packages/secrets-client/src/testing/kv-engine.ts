// Versioned key-value mounts exist in the fake only as sources of sync associations: the spec
// covers none of their own endpoints.
import type { FakeEngine } from './engine.js';

/** A versioned key-value mount (no routes of its own). */
export const kvEngine: FakeEngine<undefined> = {
  description: 'A versioned key-value store (only its mount exists in the fake).',
  routes: [],
  create: () => undefined,
};
