// A deploy pipeline with @infra-sdk/scheduler-client: register a job, watch it until its allocations
// run, follow its events, lose the stream and resume it with nothing twice and nothing lost, scale it
// meanwhile, then stop and purge it. At the end one uninterrupted stream over the same span is read
// and compared with what the pipeline saw.
//
//   node pipeline.ts                                    against a fake scheduler started here
//   SCHEDULER_ADDR=http://… SCHEDULER_TOKEN=… node pipeline.ts   against your cluster (datacenter dc1)
import {
  createSchedulerClient,
  fromEnv,
  type JobInput,
  NotFoundError,
  type StreamEventOf,
} from '@infra-sdk/scheduler-client';
import { startFakeScheduler } from '@infra-sdk/scheduler-client/testing';

// Without SCHEDULER_ADDR, a fake scheduler with two nodes plays the cluster; its allocations start
// like a real cluster's: pending first, running a moment (here 300 ms) later.
await using fake = process.env.SCHEDULER_ADDR
  ? undefined
  : await startFakeScheduler({ nodes: 2, allocationStartMs: 300 });
const scheduler = fake ? createSchedulerClient({ baseUrl: fake.url }) : fromEnv();
const deadline = AbortSignal.timeout(120_000);

const jobId = `pipeline-${Date.now().toString(36)}`;
const job = (count: number): JobInput => ({
  ID: jobId,
  Datacenters: ['dc1'],
  TaskGroups: [
    {
      Name: 'web',
      Count: count,
      Tasks: [
        {
          Name: 'server',
          Driver: 'docker',
          Config: { image: 'busybox:1.36', command: 'httpd', args: ['-f', '-p', '8080'] },
          KillTimeout: '5s',
        },
      ],
    },
  ],
});

/** An event of the four topics the pipeline follows. */
type Placed = StreamEventOf<'Job' | 'Allocation' | 'Evaluation' | 'Deployment'>;

/** One line per event: where it sits in the stream and what it says. */
const describe = (event: Placed) => `${event.Index} ${event.Topic} ${event.Type} ${event.Key}`;
// Everything about this job: Allocation, Evaluation and Deployment events carry the job id as a filter key.
const topics = { Job: [jobId], Allocation: [jobId], Evaluation: [jobId], Deployment: [jobId] };

/** Reads `stream` into `into` until `done` says so (or the stream ends). */
async function follow(stream: AsyncIterable<Placed>, into: Placed[], done: (e: Placed) => boolean) {
  for await (const event of stream) {
    into.push(event);
    if (done(event)) return;
  }
}

// The state index before anything happens: the events of this run all come after it.
const { meta: before } = await scheduler.jobs.list({ prefix: jobId }).withMeta();
const from = (before.index ?? 0) + 1;
const seen: Placed[] = [];
const first = scheduler.events.stream({ topics, index: from, signal: deadline });
const firstPart = follow(first, seen, (event) => event.Topic === 'Allocation' && isRunning(event));

const { EvalID } = await scheduler.jobs.create({ Job: job(2) });
console.log(`registered ${jobId}, evaluation ${EvalID}`);

// Blocking queries: each answer comes when the allocations changed (or after `wait`).
for await (const { data, meta } of scheduler.jobs.watchAllocations(jobId, {
  wait: '30s',
  signal: deadline,
})) {
  const states = new Map<string, number>();
  for (const alloc of data)
    states.set(alloc.ClientStatus ?? '?', (states.get(alloc.ClientStatus ?? '?') ?? 0) + 1);
  console.log(`index ${meta.index}: ${[...states].map(([state, n]) => `${n} ${state}`).join(', ')}`);
  if (data.length === 2 && data.every((alloc) => alloc.ClientStatus === 'running')) break;
}

// The first stream stops after an allocation ran: the pipeline goes away (a restart, a lost network).
await firstPart;
const cursor = first.cursor;
await first.return();
console.log(
  `events before the disconnect: ${seen.length} (cursor: index ${cursor.index}, ${cursor.delivered.length} of its events delivered)`,
);

// While nobody listens the job is scaled: the resumed stream must still deliver those events.
await scheduler.jobs.update(jobId, { Job: job(3) });

// `resumeAfter` continues exactly after the last delivered event, even within one index.
const resumed = scheduler.events.stream({ topics, resumeAfter: cursor, signal: deadline, backoffMs: 50 });
const before2 = seen.length;
const rest = follow(resumed, seen, (event) => event.Topic === 'Job' && event.Type === 'JobDeregistered');
if (fake) {
  // On the fake the server side can be cut too: the stream reconnects by itself from its cursor.
  while (seen.length === before2) await new Promise((resolve) => setTimeout(resolve, 10));
  console.log(`server dropped ${fake.dropEventStreams()} stream; it reconnects from its cursor`);
}

// Stop and purge: the allocations stop, the job goes away, a read answers 404.
const stopped = await scheduler.jobs.deregister(jobId, { purge: true });
await rest;
console.log(`resumed after index ${cursor.index}: ${seen.length - before2} more events`);
try {
  await scheduler.jobs.read(jobId);
  throw new Error(`${jobId} is still there after the purge`);
} catch (error) {
  if (!NotFoundError.isInstance(error)) throw error;
  console.log(`stopped and purged ${jobId} (evaluation ${stopped.EvalID}): a read answers ${error.status}`);
}

// One stream over the same span, without any interruption, must show exactly the same events.
const reference: Placed[] = [];
const whole = scheduler.events.stream({ topics, index: from, signal: deadline });
await follow(whole, reference, () => reference.length === seen.length);
await whole.return();
const mismatch = seen.findIndex((event, i) => describe(event) !== describe(reference[i] as Placed));
if (mismatch !== -1) {
  throw new Error(
    `event ${mismatch} differs: ${describe(seen[mismatch] as Placed)} vs ${describe(reference[mismatch] as Placed)}`,
  );
}
console.log(`none twice, none lost: ${seen.length} events match one uninterrupted stream`);

function isRunning(event: Placed): boolean {
  return event.Topic === 'Allocation' && event.Payload.Allocation?.ClientStatus === 'running';
}
