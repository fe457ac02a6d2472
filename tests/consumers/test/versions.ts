// The versions the round trip (global-setup.ts) released, for the tests' expectations.
import { inject } from 'vitest';

export const CORE = '@infra-sdk/core';
export const SCHEDULER = '@infra-sdk/scheduler-client';
export const PACKAGES = ['core', 'secrets-client', 'scheduler-client', 'registry-client', 'mesh-client'].map(
  (folder) => `@infra-sdk/${folder}`,
);

/** Every package's version after the first release, the client patch and the core release. */
export function versionsAfter(round: 0 | 1 | 2): Record<string, string> {
  return inject('rounds')[round]?.versions ?? {};
}

/** `~1.2.3` style: the patches of a version's minor line. */
export const patchesOf = (version: string | undefined) => `~${version}`;

/** `^1.2.3` style: what a caret range on a version accepts. */
export const caretOf = (version: string | undefined) => `^${version}`;
