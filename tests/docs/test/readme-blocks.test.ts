// Every TypeScript block of the READMEs compiles against the built packages under `strict` and under
// `exactOptionalPropertyTypes`, and every runnable one runs against the fake services: a README never
// shows code that does not work. The machinery and its conventions: scripts/code-blocks/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIGS, checkBlocks, collectBlocks } from '../../../scripts/code-blocks/check.mjs';
import { type Block, type Checked, expectWorking } from './block-checks.js';

const blocks: Block[] = await collectBlocks();
let checked: Checked;

beforeAll(async () => {
  checked = await checkBlocks(blocks);
});

afterAll(() => {
  checked?.remove();
});

it('finds the blocks of every README', () => {
  const files = new Set(blocks.map((block) => block.id.replace(/:\d+$/, '')));
  expect([...files].sort()).toEqual(
    expect.arrayContaining([
      'README.md',
      'packages/core/README.md',
      'packages/mesh-client/README.md',
      'packages/registry-client/README.md',
      'packages/scheduler-client/README.md',
      'packages/secrets-client/README.md',
    ]),
  );
});

describe.each(Object.keys(CONFIGS))('compiles with %s', (check) => {
  it.each(blocks.map((block) => [block.id, block] as const))('%s', (_, block) => {
    expectWorking(block, check, checked.results.get(block.id)?.[check] ?? { status: 'failed' });
  });
});

describe('runs against the fakes', () => {
  const runnable = blocks.filter((block) => block.run);
  it.concurrent.each(runnable.map((block) => [block.id, block] as const))('%s', async (_, block) => {
    expectWorking(block, 'run', await checked.run(block));
  });
});
