// What the compiler says about the common mistakes, and what it accepts: each snippet is compiled with
// the TypeScript compiler under the package's settings (strict, exactOptionalPropertyTypes) and its
// diagnostics are compared with the expected text, so a mistake names the type that was expected
// (`CreateJobRequest`, `JobInput`, `EventTopics`) instead of listing its members.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { beforeAll, describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const header = `import { createSchedulerClient, type Job, type JobInput } from '../src/index.js';
const client = createSchedulerClient({ baseUrl: 'http://127.0.0.1:4646' });
const job: JobInput = { ID: 'web', TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] };
void job;
`;

const snippets: Record<string, string> = {
  // 36.2: the input type takes text durations; the response type has nanoseconds.
  inputDurations: `client.jobs.create({ Job: { ID: 'web', TaskGroups: [{ Tasks: [{ KillTimeout: '30s' }] }] } });
const read: Job = await client.jobs.read('web');
const nanoseconds: number | null | undefined = read.TaskGroups?.[0]?.Tasks?.[0]?.KillTimeout;
void nanoseconds;`,
  responseDurations: `const wrong: Job = { ID: 'web', TaskGroups: [{ Tasks: [{ KillTimeout: '30s' }] }] };
void wrong;`,
  // 36.5: a request without its wrapper, a wrapper where none is wanted, topics as a list.
  missingWrapper: 'client.jobs.create(job);',
  extraWrapper: 'client.jobs.deploy({ Job: job });',
  topicsList: "client.events.stream({ topics: ['Job'] });",
  topicKeys: "client.events.stream({ topics: { Job: 'web' } });",
  // 36.1: options filled from the environment may be undefined.
  fromEnvironment: `const env: Record<string, string | undefined> = {};
const fromEnv = createSchedulerClient({ baseUrl: 'http://127.0.0.1:4646', namespace: env.NS, region: env.REGION });
await fromEnv.jobs.list({ prefix: env.PREFIX, per_page: undefined, index: undefined, wait: env.WAIT });
fromEnv.events.stream({ topics: { Job: [] }, index: undefined, idleTimeout: undefined, signal: AbortSignal.timeout(1) });`,
};

let diagnostics: Map<string, string[]>;

/** Each snippet file's diagnostics, from the compiler run of `compile-snippets.mjs` in a worker thread. */
function compile(files: ReadonlyMap<string, string>): Promise<Map<string, string[]>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./compile-snippets.mjs', import.meta.url), {
      workerData: { configPath: join(here, '..', 'tsconfig.json'), files: [...files] },
    });
    worker.once('message', (found: [string, string[]][]) => resolve(new Map(found)));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the compiler's worker exited with ${code}`)));
  });
}

beforeAll(async () => {
  // The snippets live in memory only, beside this file, so their imports resolve as the tests' do.
  const files = new Map(
    Object.entries(snippets).map(([name, code]) => [
      join(here, `__${name}.ts`),
      `${header}${code}\nexport {};\n`,
    ]),
  );
  const found = await compile(files);
  diagnostics = new Map(
    [...files.keys()].map((file) => [
      file.slice(join(here, '__').length, -'.ts'.length),
      found.get(file) ?? [],
    ]),
  );
}, 60_000);

describe('type errors that say what was expected', () => {
  it('takes text durations in JobInput and gives nanoseconds in Job', () => {
    expect(diagnostics.get('inputDurations')).toEqual([]);
    expect(diagnostics.get('responseDurations')).toEqual([
      expect.stringContaining("Type 'string' is not assignable to type 'number'"),
    ]);
  });

  it('names the request type whose wrapper is missing, and the job type a wrapper was given for', () => {
    expect(diagnostics.get('missingWrapper')).toEqual([
      "Argument of type 'JobInput' is not assignable to parameter of type 'CreateJobRequest'.\n" +
        "  Property 'Job' is missing in type 'JobInput' but required in type 'CreateJobRequest'.",
    ]);
    expect(diagnostics.get('extraWrapper')).toEqual([
      "Argument of type '{ Job: JobInput; }' is not assignable to parameter of type 'JobInput'.\n" +
        "  Property 'ID' is missing in type '{ Job: JobInput; }' but required in type 'JobInput'.",
    ]);
  });

  it('names the topics type when topics are given as a list, and the key list a topic takes', () => {
    expect(diagnostics.get('topicsList')).toEqual([
      "Type 'string[]' has no properties in common with type 'EventTopics'.",
    ]);
    expect(diagnostics.get('topicKeys')).toEqual([
      "Type 'string' is not assignable to type 'readonly string[]'.",
    ]);
  });

  it('takes options read from the environment, undefined included, under exactOptionalPropertyTypes', () => {
    expect(diagnostics.get('fromEnvironment')).toEqual([]);
  });
});
