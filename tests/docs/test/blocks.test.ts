// Every TypeScript block a reader is shown, the READMEs' and the @example blocks of the built
// declarations, compiles against the built packages under `strict` and under
// `exactOptionalPropertyTypes`, and every runnable one runs against the fake services: the docs never
// show code that does not work. And every public operation of every package teaches: its doc comment has
// an `@example` and a `@throws` naming the errors it can end with. Both kinds of block are compiled
// together, once per setting, and run in one pool. The machinery and its conventions: scripts/code-blocks/.
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

const readmeBlocks: Block[] = await collectBlocks();
const exampleBlocks: Block[] = await collectBlocks({ examples: true });
let checked: Checked;

beforeAll(async () => {
  checked = await checkBlocks([...readmeBlocks, ...exampleBlocks], { runAll: true });
});

afterAll(async () => {
  await checked?.remove();
});

/** The compile and run checks of a set of blocks. */
function checksOf(blocks: Block[]) {
  describe.each(Object.keys(CONFIGS))('compile with %s', (check) => {
    it.each(blocks.map((block) => [block.id, block] as const))('%s', (_, block) => {
      expectWorking(block, check, checked.results.get(block.id)?.[check] ?? { status: 'failed' });
    });
  });

  describe('run against the fakes', () => {
    const runnable = blocks.filter((block) => block.run);
    it.concurrent.each(runnable.map((block) => [block.id, block] as const))('%s', async (_, block) => {
      expectWorking(block, 'run', await checked.run(block));
    });
  });
}

describe('README blocks', () => {
  it('are found in every README', () => {
    const files = new Set(readmeBlocks.map((block) => block.id.replace(/:\d+$/, '')));
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

  checksOf(readmeBlocks);
});

describe('@example blocks', () => {
  describe.each(PACKAGES)('the operations of packages/%s', (name) => {
    it('each have an @example and a @throws', async () => {
      const report = operationReport(await loadTypeScript(), root, `packages/${name}`);
      expect({ withoutExample: report.withoutExample, withoutThrows: report.withoutThrows }).toEqual({
        withoutExample: [],
        withoutThrows: [],
      });
    });
  });

  checksOf(exampleBlocks);
});
