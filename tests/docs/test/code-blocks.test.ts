// The machinery behind the README check (scripts/code-blocks/): what it extracts, and that it fails on
// code that does not compile or does not run. The blocks of these tests are compiled together, once.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBlocks, loadTypeScript } from '../../../scripts/code-blocks/check.mjs';
import { exampleBlocks, markdownBlocks, operationReport } from '../../../scripts/code-blocks/extract.mjs';
import type { Checked } from './block-checks.js';

const fixtures = join(import.meta.dirname, '..', 'fixtures');
const ts = await loadTypeScript();
const sampleBlocks = exampleBlocks(ts, fixtures, 'packages/sample');

/** A markdown ```ts block of these lines. */
const fence = (...lines: string[]) => ['```ts', ...lines, '```', ''].join('\n');
const scheduler = [
  "import { createSchedulerClient } from '@infra-sdk/scheduler-client';",
  "const scheduler = createSchedulerClient({ baseUrl: 'https://scheduler.example:4646' });",
];
const failingBlocks = markdownBlocks(
  [
    fence(...scheduler, "await scheduler.jobs.read('nowhere');"),
    fence("const count: number = 'three';"),
    fence(
      'const value: { token?: string } = { token: process.env.NOT_SET_ANYWHERE };',
      'console.log(value);',
    ),
  ].join('\n'),
  'FIXTURE.md',
);
const marked = '(InfraSdkError as unknown as { marked?: boolean })';
const runningBlocks = markdownBlocks(
  [
    fence(
      ...scheduler,
      "import { InfraSdkError } from '@infra-sdk/core';",
      "import { threadId } from 'node:worker_threads';",
      'await scheduler.jobs.create({',
      "  Job: { ID: 'api', Datacenters: ['dc1'], TaskGroups: [{ Name: 'api', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },",
      '});',
      `${marked}.marked = true;`,
      'Object.assign(globalThis, { leftBehind: true });',
      "process.env.LEFT_BEHIND = 'yes';",
      'console.log(threadId, (await scheduler.jobs.list()).length);',
    ),
    fence(
      ...scheduler,
      "import { InfraSdkError } from '@infra-sdk/core';",
      "import { threadId } from 'node:worker_threads';",
      'const jobs = await scheduler.jobs.list();',
      `console.log(threadId, jobs.length, ${marked}.marked, 'leftBehind' in globalThis, process.env.LEFT_BEHIND);`,
    ),
    fence("setTimeout(() => console.log('after the last line'), 20);", "console.log('the last line');"),
    fence("setTimeout(() => Promise.reject(new Error('rejected after the last line')), 20);"),
    fence('await new Promise(() => {});'),
    fence('process.exitCode = 3;'),
    fence('setInterval(() => {}, 1000);'),
  ].join('\n'),
  'RUNS.md',
);
let checked: Checked;

beforeAll(async () => {
  // One block at a time, so that the running blocks below share a worker thread.
  checked = await checkBlocks([...sampleBlocks, ...failingBlocks, ...runningBlocks], { concurrency: 1 });
});

afterAll(async () => {
  await checked?.remove();
});

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
  it('extracts the examples of the declarations, named by their symbol', () => {
    expect(sampleBlocks).toHaveLength(1);
    expect(sampleBlocks[0]).toMatchObject({ origin: 'example', symbol: 'readThing', run: true });
    expect(sampleBlocks[0]?.code).toContain("createTransport({ baseUrl: 'https://scheduler.example:4646' })");
  });

  it('counts the operations (doc comments naming an endpoint) without @example or @throws', () => {
    expect(operationReport(ts, fixtures, 'packages/sample')).toEqual({
      packageDir: 'packages/sample',
      operations: 2,
      withoutExample: ['deleteThing'],
      withoutThrows: ['deleteThing'],
    });
  });

  it('compiles and runs an extracted example', async () => {
    expect(checked.results.get(sampleBlocks[0]?.id ?? '')).toEqual({
      strict: { status: 'ok' },
      exactOptionalPropertyTypes: { status: 'ok' },
    });
    expect(await checked.run(sampleBlocks[0])).toEqual({ status: 'ok', output: 'function\n' });
  });
});

describe('failures', () => {
  it('reports a type error with the README line, and one that only exact optional types refuse', async () => {
    expect(checked.results.get('FIXTURE.md:8')?.strict).toMatchObject({ status: 'failed' });
    expect(checked.results.get('FIXTURE.md:8')?.strict?.text).toContain(
      "FIXTURE.md:8: TS2322: Type 'string' is not assignable to type 'number'.",
    );
    expect(checked.results.get('FIXTURE.md:12')?.strict).toEqual({ status: 'ok' });
    expect(checked.results.get('FIXTURE.md:12')?.exactOptionalPropertyTypes).toMatchObject({
      status: 'failed',
    });
    // Against the fake scheduler, which has no such job: the block runs and fails with the 404.
    const run = await checked.run(failingBlocks[0]);
    expect(run.status).toBe('failed');
    expect(run.text).toContain('NotFoundError');
  });
});

// Blocks share a process and, one after another, its worker threads; each must still run as if alone.
describe('running blocks', () => {
  const blocks = runningBlocks;

  it('compiles the blocks of this test', () => {
    for (const block of blocks)
      expect(checked.results.get(block.id)).toEqual({
        strict: { status: 'ok' },
        exactOptionalPropertyTypes: { status: 'ok' },
      });
  });

  it('runs each with fresh packages and fakes, and nothing the previous one left in the thread', async () => {
    const first = await checked.run(blocks[0]);
    const second = await checked.run(blocks[1]);
    expect([first.status, second.status]).toEqual(['ok', 'ok']);
    const [thread, created] = first.output?.trim().split(' ') ?? [];
    expect(created).toBe('2');
    // The same thread ran both: the second block sees only the fake's own job `web`, no mark and no global
    // or variable left.
    expect(second.output).toBe(`${thread} 1 undefined false undefined\n`);
  });

  it('ends a block when nothing it started is left running, with the output after its last line', async () => {
    expect(await checked.run(blocks[2])).toEqual({
      status: 'ok',
      output: 'the last line\nafter the last line\n',
    });
  });

  it('fails a block as its process would: an unhandled rejection, an unsettled await, an exit code', async () => {
    const rejected = await checked.run(blocks[3]);
    expect(rejected.status).toBe('failed');
    expect(rejected.text).toContain('the block exited with 1');
    expect(rejected.text).toContain('rejected after the last line');
    const unsettled = await checked.run(blocks[4]);
    expect(unsettled.status).toBe('failed');
    expect(unsettled.text).toContain('the block exited with 13');
    expect(await checked.run(blocks[5])).toMatchObject({
      status: 'failed',
      text: expect.stringContaining('the block exited with 3'),
    });
  });

  it('stops a block at its time limit, and the next one runs', async () => {
    expect(await checked.run(blocks[6], { timeoutMs: 200 })).toMatchObject({
      status: 'failed',
      text: expect.stringContaining('the block was stopped after 200 ms'),
    });
    expect(await checked.run(blocks[2])).toMatchObject({ status: 'ok' });
  });
});
