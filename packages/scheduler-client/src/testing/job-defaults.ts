// What the fake checks in a submitted job, and the defaults it fills in, as the scheduler does.
import { copy } from './copy.js';
import { badRequest } from './fault.js';
import type { Job } from './wire-types.js';

type JsonObject = Record<string, unknown>;

const SECOND = 1_000_000_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const JOB_TYPES = new Set(['service', 'batch', 'system', 'sysbatch']);
/** Fields the scheduler maintains; they never make two versions differ. */
const BOOKKEEPING = new Set([
  'Status',
  'StatusDescription',
  'Version',
  'SubmitTime',
  'CreateIndex',
  'ModifyIndex',
  'JobModifyIndex',
  'Stable',
  'VersionTag',
]);

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function objects(value: unknown): JsonObject[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

/** The problems the scheduler would report for this job, in its words. */
export function jobProblems(job: unknown): string[] {
  if (!isObject(job)) return ['Job must be an object'];
  const problems: string[] = [];
  const id = job.ID;
  if (typeof id !== 'string' || id === '') problems.push('Missing job ID');
  else if (/\s/.test(id)) problems.push('Job ID contains a space');
  else if (id.includes('\u0000')) problems.push('Job ID contains a null character');
  if (job.Type !== undefined && job.Type !== null && !JOB_TYPES.has(String(job.Type))) {
    problems.push(`Invalid job type: ${String(job.Type)}`);
  }
  const priority = job.Priority;
  if (typeof priority === 'number' && (priority < 1 || priority > 100)) {
    problems.push('Job priority must be between [1, 100]');
  }
  if (!Array.isArray(job.Datacenters) || job.Datacenters.length === 0) {
    problems.push('Missing job datacenters');
  }
  const groups = objects(job.TaskGroups);
  if (groups.length === 0) problems.push('Missing job task groups');
  const names = new Set<string>();
  groups.forEach((group, position) => {
    const name = group.Name;
    if (typeof name !== 'string' || name === '') {
      problems.push(`Job task group ${position + 1} missing name`);
      return;
    }
    if (names.has(name)) problems.push(`Job task group ${position + 1} redefines '${name}'`);
    names.add(name);
    const count = group.Count;
    if (count !== undefined && count !== null && (!Number.isInteger(count) || (count as number) < 0)) {
      problems.push(`Task group ${name} count must be a non-negative integer`);
    }
    const tasks = objects(group.Tasks);
    if (tasks.length === 0) problems.push(`Task group ${name} has no tasks`);
    for (const task of tasks) {
      if (typeof task.Name !== 'string' || task.Name === '')
        problems.push(`Task group ${name} has a task without a name`);
      if (typeof task.Driver !== 'string' || task.Driver === '') {
        problems.push(`Task ${String(task.Name ?? '')} in group ${name} is missing a driver`);
      }
    }
  });
  return problems;
}

/** Throws the scheduler's 400 when the job has problems. */
export function checkJob(job: unknown): asserts job is Job {
  const problems = jobProblems(job);
  if (problems.length === 0) return;
  const count = problems.length === 1 ? '1 error occurred' : `${problems.length} errors occurred`;
  throw badRequest(`${count}:\n${problems.map((problem) => `\t* ${problem}`).join('\n')}\n`);
}

function fill(target: JsonObject, defaults: JsonObject): void {
  for (const [key, value] of Object.entries(defaults)) {
    if (target[key] === undefined || target[key] === null) target[key] = copy(value);
  }
}

function fillObject(target: JsonObject, key: string, defaults: JsonObject): void {
  const current = target[key];
  if (isObject(current)) fill(current, defaults);
  else target[key] = copy(defaults);
}

function updateDefaults(): JsonObject {
  return {
    Stagger: 30 * SECOND,
    MaxParallel: 1,
    HealthCheck: 'checks',
    MinHealthyTime: 10 * SECOND,
    HealthyDeadline: 5 * MINUTE,
    ProgressDeadline: 10 * MINUTE,
    AutoRevert: false,
    AutoPromote: false,
    Canary: 0,
  };
}

/** Fills unset fields with the scheduler's defaults; `scope` gives the region and namespace to assume. */
export function canonicalizeJob(
  input: JsonObject,
  scope: { readonly region: string; readonly namespace: string },
): JsonObject {
  const job = copy(input);
  const type = typeof job.Type === 'string' && job.Type !== '' ? job.Type : 'service';
  fill(job, {
    Region: scope.region,
    Namespace: scope.namespace,
    Name: job.ID,
    Type: type,
    Priority: 50,
    AllAtOnce: false,
    ParentID: '',
    Stop: false,
    Dispatched: false,
    Constraints: null,
    Affinities: null,
    Spreads: null,
    Multiregion: null,
    Periodic: null,
    ParameterizedJob: null,
    Payload: null,
    Meta: null,
    Status: '',
    StatusDescription: '',
    Stable: false,
    Version: 0,
    SubmitTime: null,
    CreateIndex: 0,
    ModifyIndex: 0,
    JobModifyIndex: 0,
  });
  if (type === 'service') fillObject(job, 'Update', updateDefaults());
  else fill(job, { Update: null });
  const batchLike = type === 'batch' || type === 'sysbatch';
  const restart = batchLike
    ? { Attempts: 3, Interval: 24 * HOUR, Delay: 15 * SECOND, Mode: 'fail' }
    : { Attempts: 2, Interval: 30 * MINUTE, Delay: 15 * SECOND, Mode: 'fail' };
  for (const group of objects(job.TaskGroups)) {
    fill(group, {
      Count: 1,
      Constraints: null,
      Affinities: null,
      Spreads: null,
      Networks: null,
      Services: null,
      Volumes: null,
      Scaling: null,
      ShutdownDelay: null,
      StopAfterClientDisconnect: null,
      Meta: null,
    });
    fillObject(group, 'RestartPolicy', restart);
    fillObject(group, 'EphemeralDisk', { Sticky: false, SizeMB: 300, Migrate: false });
    if (type === 'service') {
      fillObject(group, 'ReschedulePolicy', {
        Attempts: 0,
        Interval: 0,
        Delay: 30 * SECOND,
        DelayFunction: 'exponential',
        MaxDelay: HOUR,
        Unlimited: true,
      });
      fillObject(group, 'Migrate', {
        MaxParallel: 1,
        HealthCheck: 'checks',
        MinHealthyTime: 10 * SECOND,
        HealthyDeadline: 5 * MINUTE,
      });
      fillObject(group, 'Update', isObject(job.Update) ? job.Update : updateDefaults());
    }
    for (const task of objects(group.Tasks)) {
      fill(task, {
        User: '',
        Config: null,
        Env: null,
        Meta: null,
        Services: null,
        Templates: null,
        DispatchPayload: null,
        KillTimeout: 5 * SECOND,
        KillSignal: '',
        ShutdownDelay: 0,
        Artifacts: null,
        Leader: false,
        Lifecycle: null,
        Constraints: null,
        Affinities: null,
        Kind: '',
        VolumeMounts: null,
      });
      fillObject(task, 'Resources', {
        CPU: 100,
        MemoryMB: 300,
        DiskMB: 0,
        IOPS: 0,
        Networks: null,
        Devices: null,
      });
      fillObject(task, 'LogConfig', { MaxFiles: 10, MaxFileSizeMB: 10 });
      fillObject(task, 'RestartPolicy', isObject(group.RestartPolicy) ? group.RestartPolicy : restart);
    }
  }
  return job;
}

/** The job without the fields the scheduler maintains, as text with sorted keys, for comparing versions. */
export function jobSpecText(job: Job): string {
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sorted);
    if (!isObject(value)) return value;
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sorted(value[key])]),
    );
  };
  const spec: JsonObject = {};
  for (const [key, value] of Object.entries(job)) if (!BOOKKEEPING.has(key)) spec[key] = value;
  return JSON.stringify(sorted(spec));
}
