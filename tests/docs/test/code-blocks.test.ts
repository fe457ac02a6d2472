// The machinery behind the README check (scripts/code-blocks/): what it extracts, and that it fails on
// code that does not compile or does not run.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkBlocks, loadTypeScript } from '../../../scripts/code-blocks/check.mjs';
import { exampleBlocks, markdownBlocks, operationReport } from '../../../scripts/code-blocks/extract.mjs';

const fixtures = join(import.meta.dirname, '..', 'fixtures');

describe('markdown blocks', () => {
  const markdown = [
    '# Title',
    '',
    '<!-- prelude',
    'declare const id: string;',
    '-->',
    '',
    '```ts compile-only',
    'console.log(id);',
    '```',
    '',
    '```sh',
    'npm test',
    '```',
    '',
    '```ts',
    'console.log(1);',
    '```',
    '',
    '```ts fragment',
    'x;',
    '```',
  ].join('\n');
  const blocks = markdownBlocks(markdown, 'README.md');

  it('takes the ts blocks with their line, marker and hidden prelude', () => {
    expect(blocks.map(({ id, run, prelude, code }) => ({ id, run, prelude, code }))).toEqual([
      { id: 'README.md:8', run: false, prelude: 'declare const id: string;', code: 'console.log(id);' },
      { id: 'README.md:16', run: true, prelude: '', code: 'console.log(1);' },
      { id: 'README.md:20', run: true, prelude: '', code: 'x;' },
    ]);
  });

  it('refuses an info string word it does not know', () => {
    expect(blocks[2]?.problems).toEqual([
      'unknown word "fragment" in the info string (only "compile-only" is known)',
    ]);
  });
});

describe('@example blocks and the operation report', () => {
  it('extracts the examples of the declarations, named by their symbol', async () => {
    const ts = await loadTypeScript();
    const blocks = exampleBlocks(ts, fixtures, 'packages/sample');
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatchObject({ origin: 'example', symbol: 'readThing', run: true });
    expect(blocks[0]?.code).toContain("createTransport({ baseUrl: 'https://scheduler.example:4646' })");
  });

  it('counts the operations (doc comments naming an endpoint) without @example or @throws', async () => {
    const ts = await loadTypeScript();
    expect(operationReport(ts, fixtures, 'packages/sample')).toEqual({
      packageDir: 'packages/sample',
      operations: 2,
      withoutExample: ['deleteThing'],
      withoutThrows: ['deleteThing'],
    });
  });

  it('compiles and runs an extracted example', async () => {
    const ts = await loadTypeScript();
    const blocks = exampleBlocks(ts, fixtures, 'packages/sample');
    const checked = await checkBlocks(blocks);
    try {
      expect(checked.results.get(blocks[0]?.id ?? '')).toEqual({
        strict: { status: 'ok' },
        exactOptionalPropertyTypes: { status: 'ok' },
      });
      expect(await checked.run(blocks[0])).toEqual({ status: 'ok', output: 'function\n' });
    } finally {
      await checked.remove();
    }
  });
});

describe('failures', () => {
  const blocks = markdownBlocks(
    [
      '```ts',
      "import { createSchedulerClient } from '@infra-sdk/scheduler-client';",
      "const scheduler = createSchedulerClient({ baseUrl: 'https://scheduler.example:4646' });",
      "await scheduler.jobs.read('nowhere');",
      '```',
      '',
      '```ts',
      "const count: number = 'three';",
      '```',
      '',
      '```ts',
      'const value: { token?: string } = { token: process.env.NOT_SET_ANYWHERE };',
      'console.log(value);',
      '```',
    ].join('\n'),
    'FIXTURE.md',
  );

  it('reports a type error with the README line, and one that only exact optional types refuse', async () => {
    const checked = await checkBlocks(blocks);
    try {
      expect(checked.results.get('FIXTURE.md:8')?.strict).toMatchObject({ status: 'failed' });
      expect(checked.results.get('FIXTURE.md:8')?.strict?.text).toContain(
        "FIXTURE.md:8: TS2322: Type 'string' is not assignable to type 'number'.",
      );
      expect(checked.results.get('FIXTURE.md:12')?.strict).toEqual({ status: 'ok' });
      expect(checked.results.get('FIXTURE.md:12')?.exactOptionalPropertyTypes).toMatchObject({
        status: 'failed',
      });
      // Against the fake scheduler, which has no such job: the block runs and fails with the 404.
      const run = await checked.run(blocks[0]);
      expect(run.status).toBe('failed');
      expect(run.text).toContain('NotFoundError');
    } finally {
      await checked.remove();
    }
  });
});
