// @infra-sdk/scheduler-client in a few calls: register a job, wait for its allocations with blocking
// queries, run a command in one of them, and handle a job that does not exist.
//
//   node scheduler.ts                                    against a fake scheduler started here
//   SCHEDULER_ADDR=http://… SCHEDULER_TOKEN=… node scheduler.ts   against your cluster (datacenter dc1)
import { createSchedulerClient, fromEnv, NotFoundError } from '@infra-sdk/scheduler-client';
import { startFakeScheduler } from '@infra-sdk/scheduler-client/testing';

// Without SCHEDULER_ADDR, a fake scheduler with two nodes plays the cluster.
await using fake = process.env.SCHEDULER_ADDR ? undefined : await startFakeScheduler({ nodes: 2 });
const scheduler = fake ? createSchedulerClient({ baseUrl: fake.url }) : fromEnv();

const { EvalID } = await scheduler.jobs.create({
  Job: {
    ID: 'hello-web',
    Datacenters: ['dc1'],
    TaskGroups: [
      {
        Name: 'web',
        Count: 2,
        Tasks: [
          {
            Name: 'server',
            Driver: 'docker',
            Config: { image: 'busybox:1.36', command: 'httpd', args: ['-f', '-p', '8080'] },
            KillTimeout: '5s', // durations may be written as text; the client sends nanoseconds
          },
        ],
      },
    ],
  },
});
console.log(`registered hello-web, evaluation ${EvalID}`);

// Each blocking query returns when the allocations change (or after `wait`), with the new index.
for await (const { data, meta } of scheduler.jobs.watchAllocations('hello-web', {
  wait: '30s',
  signal: AbortSignal.timeout(120_000),
})) {
  const running = data.filter((alloc) => alloc.ClientStatus === 'running');
  console.log(`index ${meta.index}: ${running.length} of 2 allocations running`);
  if (running.length === 2) break;
}

const [first] = await scheduler.jobs.listAllocations('hello-web');
if (first === undefined) throw new Error('hello-web has no allocation');
const session = await scheduler.allocations.exec(first.ID, { command: ['echo', 'hello'], task: 'server' });
const output = await new Response(session.stdout).text();
console.log(
  `exec in ${first.ID.slice(0, 8)} printed "${output.trim()}", exit code ${await session.exitCode}`,
);

try {
  await scheduler.jobs.read('no-such-job');
} catch (error) {
  if (!NotFoundError.isInstance(error)) throw error;
  console.log(`no-such-job: ${error.status} ${error.body}`);
}

// Stop the job and purge it: its allocations stop and a read now answers 404.
await scheduler.jobs.deregister('hello-web', { purge: true });
console.log('stopped and purged hello-web');
