// A deploy pipeline with @infra-sdk/scheduler-client: deploy a job with one call, then roll out a new
// release as a canary, follow the canary's logs while it deploys, promote it once it is healthy and let
// the rollout finish; follow the deployment's events from now on meanwhile; scale the job; drain a node
// to the end (on the fake, or with PIPELINE_DRAIN=1 on your cluster); stop and purge it. With
// PIPELINE_RELEASE=broken the new release fails its health check: the scheduler reverts the job to the
// last stable version and the pipeline reports which allocations were unhealthy.
//
//   node pipeline.ts                                    against a fake scheduler started here
//   PIPELINE_RELEASE=broken node pipeline.ts            the release whose health check fails
//   SCHEDULER_ADDR=http://… SCHEDULER_TOKEN=… node pipeline.ts   against your cluster (datacenter dc1;
//                                                      checks need the cluster's service checks; no
//                                                      drain unless PIPELINE_DRAIN=1)
import {
  createSchedulerClient,
  type Deployment,
  DeploymentFailedError,
  fromEnv,
  type JobInput,
  NotFoundError,
} from '@infra-sdk/scheduler-client';
import { startFakeScheduler } from '@infra-sdk/scheduler-client/testing';

// Without SCHEDULER_ADDR, a fake scheduler with three nodes plays the cluster. Its allocations start
// 100 ms after they are placed, and it waits the update strategy's times 1000 times faster (10 s of
// MinHealthyTime are 10 ms).
await using fake = process.env.SCHEDULER_ADDR
  ? undefined
  : await startFakeScheduler({ nodes: 3, allocationStartMs: 100 });
const scheduler = fake ? createSchedulerClient({ baseUrl: fake.url }) : fromEnv();
const broken = process.env.PIPELINE_RELEASE === 'broken';
const deadline = AbortSignal.timeout(120_000);

const jobId = `pipeline-${Date.now().toString(36)}`;
/** The job at one release: a new release is a new image, rolled out behind one canary. */
const release = (image: string, options: { readonly healthy: boolean }): JobInput => ({
  ID: jobId,
  Datacenters: ['dc1'],
  Update: {
    Canary: 1,
    MaxParallel: 1,
    MinHealthyTime: '10s',
    HealthyDeadline: '2m',
    ProgressDeadline: 0, // fail at the first unhealthy allocation
    AutoRevert: true, // and go back to the last stable version
  },
  TaskGroups: [
    {
      Name: 'web',
      Count: 3,
      Networks: [{ DynamicPorts: [{ Label: 'http', To: 8080 }] }],
      Services: [
        {
          Name: `${jobId}-http`,
          PortLabel: 'http',
          Checks: [
            {
              Name: 'alive',
              Type: 'http',
              Path: options.healthy ? '/' : '/missing',
              Interval: '5s',
              Timeout: '2s',
              // The fake runs no checks: a check written critical stays critical.
              ...(options.healthy ? {} : { InitialStatus: 'critical' }),
            },
          ],
        },
      ],
      Tasks: [
        {
          Name: 'server',
          Driver: 'docker',
          Config: { image, command: 'httpd', args: ['-f', '-p', '8080'] },
          KillTimeout: '5s',
        },
      ],
    },
  ],
});

/** One line per new state of a deployment. */
const report = (deployment: Deployment) => {
  const group = deployment.TaskGroups?.web;
  console.log(
    `  version ${deployment.JobVersion}: ${deployment.Status}, ${group?.HealthyAllocs ?? 0}/${group?.DesiredTotal ?? 0} healthy` +
      `${group?.DesiredCanaries ? `, canary ${group.Promoted ? 'promoted' : 'waiting'}` : ''}`,
  );
};

// The job's deployment events from now on, in the background; the abort at the end closes the stream.
const listening = new AbortController();
const statuses: string[] = [];
const events = (async () => {
  for await (const event of scheduler.events.stream({
    topics: { Deployment: [jobId] },
    index: 'now',
    signal: AbortSignal.any([listening.signal, deadline]),
    onRetry: ({ attempt, error }) => console.log(`  event stream: reconnect ${attempt} (${error})`),
  })) {
    statuses.push(`${event.Payload.Deployment?.JobVersion}:${event.Payload.Deployment?.Status}`);
  }
})();

// The first release: placed at once (there is no older version to compare canaries with).
const first = await scheduler.jobs.deploy(release('busybox:1.36', { healthy: true }), {
  signal: deadline,
  onProgress: report,
});
console.log(`deployed ${jobId} version ${first.JobVersion}: ${first.Status}`);

// The next release: one canary beside the old version, promoted once healthy, then the rest.
console.log(broken ? 'rolling out a release whose health check fails' : 'rolling out the next release');
// The canary's stdout, followed from the moment it is placed until the rollout ends.
const canaryLogs = new AbortController();
let following: Promise<void> | undefined;
const followCanary = (deployment: Deployment) => {
  const canary = deployment.TaskGroups?.web?.PlacedCanaries?.[0];
  if (canary === undefined || following !== undefined) return;
  const logs = scheduler.allocations.logs(canary, {
    task: 'server',
    follow: true,
    signal: AbortSignal.any([canaryLogs.signal, deadline]),
  });
  following = (async () => {
    for await (const line of logs.lines()) console.log(`  canary ${canary.slice(0, 8)}: ${line.text}`);
  })();
};
try {
  const next = await scheduler.jobs
    .deploy(release('busybox:1.37', { healthy: !broken }), {
      promote: true,
      signal: deadline,
      onProgress: (deployment) => {
        report(deployment);
        followCanary(deployment);
      },
    })
    .finally(async () => {
      canaryLogs.abort();
      await following;
    });
  console.log(`deployed ${jobId} version ${next.JobVersion}: ${next.Status}, canary promoted`);
} catch (error) {
  if (!DeploymentFailedError.isInstance(error)) throw error;
  const unhealthy = error.unhealthyAllocations.map((id) => id.slice(0, 8)).join(', ');
  console.log(`version ${error.deployment.JobVersion} failed: ${error.deployment.StatusDescription}`);
  console.log(`unhealthy allocations: ${unhealthy}`);
  // The scheduler registered the stable version again, as a new version with its own deployment.
  for await (const { data } of scheduler.jobs.watchLatestDeployment(jobId, { signal: deadline })) {
    if (data === null || data.JobVersion === error.deployment.JobVersion) continue;
    if (data.Status !== 'successful') continue;
    const job = await scheduler.jobs.read(jobId);
    const image = (job.TaskGroups?.[0]?.Tasks?.[0]?.Config as { image?: string } | undefined)?.image;
    console.log(
      `reverted to version ${error.revertedToVersion}: version ${data.JobVersion} runs ${image}, ${data.Status}`,
    );
    break;
  }
}

// Scaling is a new version too, with its own deployment.
const scaled = await scheduler.jobs.scale(jobId, { Group: 'web', Count: 4, Message: 'evening peak' });
for await (const { data } of scheduler.jobs.watchScaleStatus(jobId, { signal: deadline })) {
  const group = data.TaskGroups?.web;
  if ((group?.Healthy ?? 0) < 4) continue;
  console.log(
    `scaled to ${group?.Desired} (evaluation ${scaled.EvalID?.slice(0, 8)}): ${group?.Healthy} healthy, "${group?.Events?.[0]?.Message}"`,
  );
  break;
}

// Drain a node that runs the job: its allocations migrate, and the call resolves once it is drained.
if (fake || process.env.PIPELINE_DRAIN === '1') {
  const [busy] = await scheduler.jobs.listAllocations(jobId, { signal: deadline });
  const nodeId = busy?.NodeID ?? '';
  await scheduler.nodes.drain(nodeId, { DrainSpec: { Deadline: '10m' }, Meta: { reason: 'pipeline' } });
  let migrated = 0;
  const drained = await scheduler.nodes.followDrain(nodeId, {
    signal: deadline,
    onMigration: ({ status, allocation }) => {
      if (status === 'stopped') migrated += 1;
      console.log(`  ${allocation.Name} (${allocation.ID.slice(0, 8)}): ${status}`);
    },
  });
  console.log(
    `drained node ${nodeId.slice(0, 8)}: ${drained.LastDrain?.Status}, ${migrated} allocations moved`,
  );
  await scheduler.nodes.setEligibility(nodeId, { Eligibility: 'eligible' });
}

// Stop and purge: a read then answers 404.
await scheduler.jobs.deregister(jobId, { purge: true });
try {
  await scheduler.jobs.read(jobId);
  throw new Error(`${jobId} is still there after the purge`);
} catch (error) {
  if (!NotFoundError.isInstance(error)) throw error;
  console.log(`stopped and purged ${jobId}: a read answers ${error.status}`);
}
listening.abort();
await events;
console.log(`deployment events seen: ${statuses.join(' ')}`);
