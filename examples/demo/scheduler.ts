// The scheduler scenario: register a service job and watch its allocations come up through blocking
// queries, follow the event stream, drain a node and watch the allocations move, exec a command in an
// allocation, and dispatch a parameterized job.
import {
  type AllocationStub,
  createSchedulerClient,
  fromEnv,
  type JobInput,
  type SchedulerClient,
  type StreamEventOf,
} from '@infra-sdk/scheduler-client';
import { type FakeScheduler, startFakeScheduler } from '@infra-sdk/scheduler-client/testing';
import { fakeTarget, nameFor, patience, realTarget } from './environment.ts';
import { Follower } from './follow.ts';
import {
  CheckFailed,
  check,
  describeError,
  print,
  type Section,
  type StepLog,
  short,
  yellow,
} from './output.ts';

const COUNT = 3;
const TASK = 'server';

function webJob(id: string, datacenters: readonly string[]): JobInput {
  return {
    ID: id,
    Name: id,
    Type: 'service',
    Datacenters: [...datacenters],
    Meta: { owner: 'infra-sdk-demo' },
    TaskGroups: [
      {
        Name: 'web',
        Count: COUNT,
        Tasks: [
          {
            Name: TASK,
            Driver: 'docker',
            Config: { image: 'busybox:1.36', command: 'httpd', args: ['-f', '-p', '8080'] },
            Resources: { CPU: 50, MemoryMB: 32 },
            KillTimeout: '5s',
          },
        ],
      },
    ],
  };
}

function reportJob(id: string, datacenters: readonly string[]): JobInput {
  return {
    ID: id,
    Name: id,
    Type: 'batch',
    Datacenters: [...datacenters],
    ParameterizedJob: { Payload: 'optional', MetaRequired: ['customer'], MetaOptional: ['month'] },
    TaskGroups: [
      {
        Name: 'report',
        Count: 1,
        Tasks: [
          {
            Name: 'render',
            Driver: 'docker',
            Config: { image: 'busybox:1.36', command: 'cat', args: ['/local/request.json'] },
            DispatchPayload: { File: 'request.json' },
            Resources: { CPU: 50, MemoryMB: 32 },
          },
        ],
      },
    ],
  };
}

/** Stops and purges a job: its allocations stop and a later read answers 404. */
async function stopJob(scheduler: SchedulerClient, jobId: string): Promise<void> {
  await scheduler.jobs.deregister(jobId, { purge: true });
}

async function endDrain(scheduler: SchedulerClient, nodeId: string): Promise<void> {
  await scheduler.nodes.drain(nodeId, { DrainSpec: null, MarkEligible: true });
}

/** Allocations that are meant to run and do. */
function running(allocations: readonly AllocationStub[]): AllocationStub[] {
  return allocations.filter((alloc) => alloc.DesiredStatus === 'run' && alloc.ClientStatus === 'running');
}

function statusCounts(allocations: readonly AllocationStub[]): string {
  const counts = new Map<string, number>();
  for (const alloc of allocations) {
    const key = `${alloc.ClientStatus ?? '?'}/${alloc.DesiredStatus ?? '?'}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => `${count} ${key}`).join(', ') || 'none';
}

/**
 * Follows the job's allocations with blocking queries until `done` holds, printing each snapshot the
 * server returned (one per change of the index).
 */
async function watchAllocationsUntil(
  scheduler: SchedulerClient,
  jobId: string,
  log: StepLog,
  timeoutMs: number,
  done: (allocations: readonly AllocationStub[]) => boolean,
  what: string,
): Promise<{ allocations: AllocationStub[]; index: number }> {
  const signal = AbortSignal.timeout(timeoutMs);
  for await (const { data, meta } of scheduler.jobs.watchAllocations(jobId, { wait: '30s', signal })) {
    log.info(`blocking query answered at index ${meta.index}: ${statusCounts(data)}`);
    if (done(data)) return { allocations: data, index: meta.index ?? 0 };
  }
  throw new CheckFailed(`${what}: not after ${Math.round(timeoutMs / 1000)} s`);
}

/** The events the demo follows: its job's, its allocations' and every node's drain changes. */
type DemoEvent = StreamEventOf<'Job' | 'Allocation' | 'NodeDrain'>;

/** The events of one job and its allocations, and every node's drain changes, from `index` on. */
function openEvents(
  scheduler: SchedulerClient,
  jobId: string,
  index: number,
  signal: AbortSignal,
): AsyncIterable<DemoEvent> {
  return scheduler.events.stream({
    topics: { Job: [jobId], Allocation: [jobId], NodeDrain: [] },
    index,
    signal,
  });
}

/** One line per event: index, topic, type and the facts of its payload. */
function describeEvent(event: DemoEvent): string {
  const head = `index ${event.Index}: ${event.Topic} ${event.Type}`;
  if (event.Topic === 'Job' && event.Payload.Job) {
    const job = event.Payload.Job;
    return `${head} ${event.Key} (version ${job.Version}, ${job.Status})`;
  }
  if (event.Topic === 'Allocation' && event.Payload.Allocation) {
    const alloc = event.Payload.Allocation;
    return `${head} ${short(event.Key)} on ${alloc.NodeName}: ${alloc.ClientStatus}/${alloc.DesiredStatus}`;
  }
  if (event.Topic === 'NodeDrain' && event.Payload.Node) {
    const node = event.Payload.Node;
    return `${head} ${node.Name} (drain ${node.Drain})`;
  }
  return `${head} ${event.Key ?? ''}`;
}

export async function runScheduler(section: Section): Promise<void> {
  const real = realTarget('SCHEDULER_ADDR');
  let fake: FakeScheduler | undefined;
  let events: Follower<DemoEvent> | undefined;
  // What must not outlive the demo on a real cluster, even when a step fails: a drain, running jobs.
  const undo = new Map<string, () => Promise<unknown>>();
  try {
    if (!real) fake = await startFakeScheduler({ nodes: 3 });
    const target = real ?? fakeTarget('SCHEDULER_ADDR', fake?.url ?? '');
    section.target(target, 'Workload scheduler');
    const scheduler = real ? fromEnv() : createSchedulerClient({ baseUrl: target.url });
    const webId = nameFor('demo-web', target);
    const reportId = nameFor('demo-report', target);
    const timeoutMs = patience(target, 20_000, 300_000);

    const nodes = await section.step('List the nodes that can run work', async (log) => {
      const { data, meta } = await scheduler.nodes.list().withMeta();
      for (const node of data) {
        const drain = node.Drain ? ', draining' : '';
        log.info(
          `${node.Name} (${short(node.ID)}) in ${node.Datacenter}: ${node.Status}, ${node.SchedulingEligibility}${drain}`,
        );
      }
      log.info(`index ${meta.index}, known leader: ${meta.knownLeader}`);
      const usable = data.filter(
        (node) => node.Status === 'ready' && node.SchedulingEligibility === 'eligible' && !node.Drain,
      );
      check(usable.length >= 2, 'draining a node needs at least two ready, eligible nodes to move work to');
      return usable;
    });
    const datacenters = [...new Set(nodes.map((node) => node.Datacenter ?? 'dc1'))];

    await section.step('Open the event stream', async (log) => {
      const { meta } = await scheduler.jobs.list().withMeta();
      const from = meta.index ?? 0;
      events = new Follower((signal) => openEvents(scheduler, webId, from, signal));
      log.info(
        `subscribed to Job and Allocation events of ${webId}, and NodeDrain events, from index ${from}`,
      );
      log.info('it is read in the background (reconnecting if needed); later steps show what it delivered');
    });

    await section.step(`Register the service job ${webId} (${COUNT} instances)`, async (log) => {
      const { data, meta } = await scheduler.jobs.create({ Job: webJob(webId, datacenters) }).withMeta();
      undo.set(`stop job ${webId}`, () => stopJob(scheduler, webId));
      log.info(
        `evaluation ${short(data.EvalID)} created at index ${data.EvalCreateIndex}, job modify index ${data.JobModifyIndex}`,
      );
      if (meta.warnings.length > 0) log.note(`warnings: ${meta.warnings.join('; ')}`);
    });

    const placed = await section.step(
      'Watch the allocations become running (blocking query)',
      async (log) => {
        const result = await watchAllocationsUntil(
          scheduler,
          webId,
          log,
          timeoutMs,
          (allocations) => running(allocations).length >= COUNT,
          `${COUNT} running allocations`,
        );
        for (const alloc of running(result.allocations)) {
          log.info(`allocation ${short(alloc.ID)} ${alloc.Name} on ${alloc.NodeName}: ${alloc.ClientStatus}`);
        }
        return result;
      },
    );

    await section.step('Follow the event stream', async (log) => {
      const stream = events;
      check(stream !== undefined, 'the event stream is not open');
      await stream.waitFor(
        (event) => event.Topic === 'Job' && event.Type === 'JobRegistered',
        'the JobRegistered event',
        timeoutMs,
      );
      const ids = new Set(running(placed.allocations).map((alloc) => alloc.ID));
      const seen = new Set<string>();
      await stream.waitFor(
        (event) => {
          if (event.Topic === 'Allocation' && ids.has(event.Key ?? '')) seen.add(event.Key ?? '');
          return seen.size === ids.size;
        },
        'an event for every allocation',
        timeoutMs,
      );
      for (const event of stream.items) log.info(describeEvent(event));
      log.info(`${stream.items.length} events so far, the last at index ${stream.items.at(-1)?.Index}`);
    });

    const victim = placed.allocations.find((alloc) => alloc.ClientStatus === 'running');
    const drainedNode = victim?.NodeID ?? '';
    const drainedName = victim?.NodeName ?? drainedNode;
    const eventsBeforeDrain = await section.step(
      `Drain ${drainedName}, which runs allocation ${short(victim?.ID)}`,
      async (log) => {
        check(victim !== undefined, 'no running allocation to move');
        const seen = events?.items.length ?? 0;
        const { EvalIDs, NodeModifyIndex } = await scheduler.nodes.drain(drainedNode, {
          DrainSpec: { Deadline: '10m', IgnoreSystemJobs: true },
          Meta: { reason: 'infra-sdk demo' },
        });
        if (real) undo.set(`end the drain of ${drainedName}`, () => endDrain(scheduler, drainedNode));
        log.info(
          `drain set at index ${NodeModifyIndex}; ${EvalIDs?.length ?? 0} evaluation(s) to move its work`,
        );
        const node = await scheduler.nodes.read(drainedNode);
        log.info(`${node.Name}: drain ${node.Drain}, eligibility ${node.SchedulingEligibility}`);
        check(node.Drain === true, 'the node does not report its drain');
        return seen;
      },
    );

    await section.step('Watch the allocations move off the drained node', async (log) => {
      const from = eventsBeforeDrain;
      const result = await watchAllocationsUntil(
        scheduler,
        webId,
        log,
        timeoutMs,
        (allocations) => {
          const live = running(allocations);
          return live.length >= COUNT && live.every((alloc) => alloc.NodeID !== drainedNode);
        },
        `${COUNT} running allocations away from ${drainedName}`,
      );
      for (const alloc of result.allocations) {
        if (alloc.NodeID === drainedNode) {
          log.info(`${short(alloc.ID)} on ${alloc.NodeName}: ${alloc.ClientStatus}/${alloc.DesiredStatus}`);
        } else if (alloc.PreviousAllocation) {
          log.info(
            `${short(alloc.ID)} on ${alloc.NodeName} replaces ${short(alloc.PreviousAllocation)}: ${alloc.ClientStatus}`,
          );
        }
      }
      const stream = events;
      check(stream !== undefined, 'the event stream is not open');
      await stream.waitFor(
        (event) => event.Topic === 'NodeDrain' && event.Key === drainedNode,
        'the NodeDrain event',
        timeoutMs,
        from,
      );
      log.info('meanwhile on the event stream:');
      for (const event of stream.items.slice(from)) log.info(`  ${describeEvent(event)}`);
    });

    await section.step(`End the drain and make ${drainedName} eligible again`, async (log) => {
      await endDrain(scheduler, drainedNode);
      undo.delete(`end the drain of ${drainedName}`);
      const node = await scheduler.nodes.read(drainedNode);
      log.info(`${node.Name}: drain ${node.Drain}, eligibility ${node.SchedulingEligibility}`);
      check(node.Drain !== true && node.SchedulingEligibility === 'eligible', 'the node is still draining');
    });

    await section.step('Exec a command in a running allocation', async (log) => {
      const allocations = await scheduler.jobs.listAllocations(webId);
      const alloc = running(allocations)[0];
      check(alloc !== undefined, 'no running allocation');
      const command = [
        '/bin/sh',
        '-c',
        'echo hello from the demo; echo this line goes to stderr >&2; exit 3',
      ];
      log.info(
        `in ${short(alloc.ID)} (task ${TASK}): ${command.map((word) => JSON.stringify(word)).join(' ')}`,
      );
      const session = await scheduler.allocations.exec(alloc.ID, { command, task: TASK });
      const [stdout, stderr, exitCode] = await Promise.all([
        new Response(session.stdout).text(),
        new Response(session.stderr).text(),
        session.exitCode,
      ]);
      log.info(`stdout: ${JSON.stringify(stdout)}`);
      log.info(`stderr: ${JSON.stringify(stderr)}`);
      log.info(`exit code: ${exitCode}`);
      check(stdout.includes('hello from the demo'), 'the command did not print its greeting');
      check(exitCode === 3, `the exit code is ${exitCode}, not 3`);
    });

    await section.step(`Register the parameterized job ${reportId} and dispatch it`, async (log) => {
      await scheduler.jobs.create({ Job: reportJob(reportId, datacenters) });
      undo.set(`stop job ${reportId}`, () => stopJob(scheduler, reportId));
      log.info(`${reportId}: batch job waiting for dispatches (meta "customer" required, payload optional)`);
      const payload = JSON.stringify({ month: 'may', format: 'pdf' });
      const dispatched = await scheduler.jobs.dispatch(reportId, {
        Payload: new TextEncoder().encode(payload),
        Meta: { customer: 'acme', month: 'may' },
      });
      log.info(
        `dispatched ${dispatched.DispatchedJobID} (evaluation ${short(dispatched.EvalID)}) with payload ${payload}`,
      );
      const child = await scheduler.jobs.read(dispatched.DispatchedJobID);
      log.info(
        `child job: parent ${child.ParentID}, status ${child.Status}, meta ${JSON.stringify(child.Meta)}`,
      );
      check(child.ParentID === reportId, 'the dispatched job does not name its parent');
      check(child.Meta?.customer === 'acme', 'the dispatched job lacks its meta');
      const allocations = await scheduler.jobs.listAllocations(dispatched.DispatchedJobID);
      log.info(`its allocations: ${statusCounts(allocations)}`);
    });

    await section.step('Clean up: stop the demo jobs', async (log) => {
      for (const [what, run] of undo) {
        try {
          await run();
          log.info(`${what}: done`);
        } catch (error) {
          log.note(`could not ${what}, please do it by hand: ${describeError(error)[0]}`);
        }
      }
      undo.clear();
    });
  } finally {
    for (const [what, run] of undo) {
      try {
        await run();
        print(`     ${yellow('!')} after the failure: ${what}: done`);
      } catch (error) {
        print(
          `     ${yellow('!')} after the failure, could not ${what}, please do it by hand: ${describeError(error)[0]}`,
        );
      }
    }
    await events?.stop();
    await fake?.close();
  }
}
