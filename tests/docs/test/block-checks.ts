// What the README-block and @example-block tests share: the checker's result shapes and the assertion
// that a block works.
import { expect } from 'vitest';
import { describeOutcome } from '../../../scripts/code-blocks/check.mjs';

export interface Block {
  id: string;
  run: boolean;
}
export interface Outcome {
  status: 'ok' | 'failed' | 'known' | 'stale';
  text?: string;
  output?: string;
}
export interface Checked {
  results: Map<string, Record<string, Outcome>>;
  run: (block: Block, options?: { timeoutMs?: number }) => Promise<Outcome>;
  remove: () => Promise<void>;
}

/** Passes for `ok` and for a failure the known-failure list explains; anything else shows the diagnostics. */
export function expectWorking(block: Block, check: string, outcome: Outcome): void {
  if (outcome.status === 'known') console.log(describeOutcome(block, check, outcome));
  expect(['ok', 'known'], describeOutcome(block, check, outcome)).toContain(outcome.status);
}
