// Every public operation of every package teaches: its doc comment has an `@example` that compiles
// against the built packages under `strict` and `exactOptionalPropertyTypes` (and runs against the fake
// services unless marked compile-only), and a `@throws` naming the errors it can end with.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONFIGS,
  checkBlocks,
  collectBlocks,
  loadTypeScript,
  PACKAGES,
  root,
} from '../../../scripts/code-blocks/check.mjs';
import { operationReport } from '../../../scripts/code-blocks/extract.mjs';
import { type Block, type Checked, expectWorking } from './block-checks.js';

const blocks: Block[] = await collectBlocks({ examples: true });
let checked: Checked;

beforeAll(async () => {
  checked = await checkBlocks(blocks);
});

afterAll(() => {
  checked?.remove();
});

describe.each(PACKAGES)('the operations of packages/%s', (name) => {
  it('each have an @example and a @throws', async () => {
    const report = operationReport(await loadTypeScript(), root, `packages/${name}`);
    expect({ withoutExample: report.withoutExample, withoutThrows: report.withoutThrows }).toEqual({
      withoutExample: [],
      withoutThrows: [],
    });
  });
});

describe.each(Object.keys(CONFIGS))('@example blocks compile with %s', (check) => {
  it.each(blocks.map((block) => [block.id, block] as const))('%s', (_, block) => {
    expectWorking(block, check, checked.results.get(block.id)?.[check] ?? { status: 'failed' });
  });
});

describe('@example blocks run against the fakes', () => {
  const runnable = blocks.filter((block) => block.run);
  it.concurrent.each(runnable.map((block) => [block.id, block] as const))('%s', async (_, block) => {
    expectWorking(block, 'run', await checked.run(block));
  });
});
