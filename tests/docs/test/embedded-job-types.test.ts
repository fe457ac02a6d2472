// An allocation, a job's versions and a plan each carry a whole job. Read first in a program, their
// types must name `Job` rather than spell it out, or the compiler stops at its depth limit (TS2589) at the
// first field a user reads. Each snippet is compiled alone, in a program of its own, against the built
// declarations with a new project's settings (skipLibCheck on), as a user's file is: in one program with
// other code, an earlier use of `Job` would hide the failure, and the sources do not show it. The
// programs share only what was parsed (each has its own checker, where the depth limit is met).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadTypeScript } from '../../../scripts/code-blocks/check.mjs';
import { compilerHost, compilerOptions } from '../../../scripts/code-blocks/compile.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const ts = await loadTypeScript();
const header = `import { createSchedulerClient } from '@infra-sdk/scheduler-client';
const scheduler = createSchedulerClient({ baseUrl: 'http://127.0.0.1:4646' });
`;
// The settings the README blocks and examples compile with: a new project's, skipLibCheck on.
const options = compilerOptions(ts, { noEmit: true }, here);

/** The diagnostics of one snippet compiled alone. */
function compileAlone(code: string): string[] {
  const file = join(here, '__embedded-job.ts');
  const text = `${header}${code}\nexport {};\n`;
  const host = compilerHost(ts, options, new Map([[file, text]]));
  const program = ts.createProgram([file], options, host);
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(file))
    .map((item: { messageText: string }) => ts.flattenDiagnosticMessageText(item.messageText, '\n'));
}

describe('types that embed a job', () => {
  it.each([
    [
      'an allocation',
      `const allocation = await scheduler.allocations.read('a');
console.log(allocation.ClientStatus, allocation.Job?.TaskGroups?.[0]?.Name);`,
    ],
    [
      "a job's versions",
      `const { Versions } = await scheduler.jobs.listVersions('web');
console.log(Versions[0]?.Version);`,
    ],
    [
      'a plan',
      `const plan = await scheduler.jobs.plan('web', { Job: { ID: 'web' } });
console.log(plan.Diff?.ID);`,
    ],
    [
      "a job's durations",
      `const job = await scheduler.jobs.read('web');
const nanoseconds: number | null | undefined = job.TaskGroups?.[0]?.Tasks?.[0]?.KillTimeout;
console.log(nanoseconds);`,
    ],
  ])(
    'compile when %s is the first thing read',
    (_, code) => {
      expect(compileAlone(code)).toEqual([]);
    },
    60_000,
  );
});
