// Every sample request body and response of this service in test/fixtures decodes
// with the package's schemas. The OpenAPI documents' examples are these same docs samples.
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { checkFields, type SchemaSamples } from '../../../test-support/schema-keys.js';
import {
  AllocationChecksSchema,
  AllocationFileInfoListSchema,
  AllocationFileInfoSchema,
  AllocationListSchema,
  AllocationResourceUsageSchema,
  AllocationSchema,
  AllocationStubListSchema,
  CreateJobRequestSchema,
  DeploymentListSchema,
  DeploymentSchema,
  DispatchJobRequestSchema,
  DrainNodeRequestSchema,
  EmptyResponseSchema,
  EvaluateJobRequestSchema,
  EvaluationListSchema,
  EventMessageSchema,
  ExecClientFrameSchema,
  ExecServerFrameSchema,
  JobDispatchResponseSchema,
  JobPlanResponseSchema,
  JobRegisterResponseSchema,
  JobScaleStatusSchema,
  JobSchema,
  JobStabilityRequestSchema,
  JobStabilityResponseSchema,
  JobStubListSchema,
  JobSubmissionResponseSchema,
  JobSummarySchema,
  JobVersionsSchema,
  NodeEligibilityRequestSchema,
  NodeEvaluateResponseSchema,
  NodeSchema,
  NodeStubListSchema,
  NodeUpdateResponseSchema,
  ParseJobRequestSchema,
  PeriodicForceResponseSchema,
  PlanJobRequestSchema,
  RestartAllocationRequestSchema,
  RevertJobRequestSchema,
  ScaleJobRequestSchema,
  ServiceRegistrationListSchema,
  SignalAllocationRequestSchema,
  StopAllocationResponseSchema,
  StreamFrameSchema,
  streamEventSchemas,
  TagJobVersionRequestSchema,
  TagJobVersionResponseSchema,
  UntagJobVersionResponseSchema,
  UpdateJobRequestSchema,
} from '../src/schemas.js';
import { parseWithTimes, timeFields } from '../src/time-fields.js';
import { scheduler } from './support.js';

const reference = new URL('./fixtures/', import.meta.url);

interface Sample {
  readonly lang: string;
  readonly text: string;
  readonly json?: unknown;
  readonly json_error?: string;
}

interface Section {
  readonly section: string;
  readonly endpoints: readonly { method: string; path: string }[];
  readonly sample_payload?: readonly Sample[];
  readonly sample_response?: readonly Sample[];
  readonly sample_request_and_response?: readonly Sample[];
}

const docs = JSON.parse(readFileSync(new URL('nomad-docs-samples.json', reference), 'utf8')) as {
  sections: Section[];
};

/** Upstream field names and their names in our spec. */
const NAMES: Readonly<Record<string, string>> = {
  VaultToken: 'SecretsToken',
  ConsulToken: 'MeshToken',
  // The same mapping for the token id and namespace fields of the same family.
  NomadTokenID: 'SchedulerTokenID',
  VaultNamespace: 'SecretsNamespace',
};

function rename(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rename);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [NAMES[key] ?? key, rename(inner)]));
}

/** Drops the `"..."` placeholders the docs use for elided list entries. */
function withoutElisions(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== '...').map(withoutElisions);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withoutElisions(inner)]));
}

/** The JSON of a sample; samples the docs got wrong are repaired here, each with its reason. */
function jsonOf(section: Section, sample: Sample): unknown {
  if (sample.json !== undefined) return rename(withoutElisions(sample.json));
  let text = sample.text;
  if (section.section === 'List Job Versions') {
    // Doc typo: `"Disconnect", null` instead of `"Disconnect": null`.
    text = text.replace('"Disconnect", null', '"Disconnect": null');
  } else if (section.section === 'Read Node') {
    // Doc typo: a comma is missing after the HostNetworks object.
    text = text.replace(/("ReservedPorts": "8080,8081"\n\s*}\n\s*})\n/, '$1,\n');
  } else if (section.section === 'Update Existing Job' || section.section === 'Create Job Plan') {
    // The docs elide the job as `// ...`; the job of the Create Job sample stands in for it.
    const create = docs.sections.find((candidate) => candidate.section === 'Create Job');
    const job = (create?.sample_payload?.[0]?.json as { Job?: unknown } | undefined)?.Job;
    text = text.replace(/\{\s*\/\/ \.\.\.\s*\}/, JSON.stringify(job));
  }
  return rename(JSON.parse(text));
}

/**
 * A request sample as the client takes it. Scaling names its group flat (`Group`), and the client sends
 * it as the service wants it, in `Target`.
 */
function inputOf(section: Section, sample: Sample): unknown {
  const json = jsonOf(section, sample);
  if (section.section !== 'Scale Task Group') return json;
  const { Target, ...rest } = json as { Target: { Group: string } };
  return { ...rest, Group: Target.Group };
}

/** What each sample of a section must decode with. */
const SCHEMAS: Readonly<Record<string, { request?: v.GenericSchema; response?: v.GenericSchema }>> = {
  'List Jobs': { response: JobStubListSchema },
  'Create Job': { request: CreateJobRequestSchema, response: JobRegisterResponseSchema },
  'Parse Job': { request: ParseJobRequestSchema, response: JobSchema },
  'Read Job': { response: JobSchema },
  'List Job Versions': { response: JobVersionsSchema },
  'List Job Allocations': { response: AllocationStubListSchema },
  'List Job Evaluations': { response: EvaluationListSchema },
  'List Job Deployments': { response: DeploymentListSchema },
  "Read Job's Most Recent Deployment": { response: v.nullable(DeploymentSchema) },
  'Read Job Summary': { response: JobSummarySchema },
  'Update Existing Job': { request: UpdateJobRequestSchema, response: JobRegisterResponseSchema },
  'Dispatch Job': { request: DispatchJobRequestSchema, response: JobDispatchResponseSchema },
  'Revert to older Job Version': { request: RevertJobRequestSchema, response: JobRegisterResponseSchema },
  'Set Job Stability': { request: JobStabilityRequestSchema, response: JobStabilityResponseSchema },
  'Create Job Evaluation': { request: EvaluateJobRequestSchema, response: JobRegisterResponseSchema },
  'Create Job Plan': { request: PlanJobRequestSchema, response: JobPlanResponseSchema },
  'List Allocations': { response: AllocationStubListSchema },
  'Read Allocation': { response: AllocationSchema },
  'Stop Allocation': { response: StopAllocationResponseSchema },
  'Signal Allocation': { request: SignalAllocationRequestSchema, response: EmptyResponseSchema },
  'Restart Allocation': { request: RestartAllocationRequestSchema, response: EmptyResponseSchema },
  'Allocation Services': { response: ServiceRegistrationListSchema },
  'List Nodes': { response: NodeStubListSchema },
  'Read Node': { response: NodeSchema },
  'List Node Allocations': { response: AllocationListSchema },
  'Create Node Evaluation': { response: NodeEvaluateResponseSchema },
  'Drain Node': { request: DrainNodeRequestSchema, response: NodeUpdateResponseSchema },
  'Purge Node': { response: NodeEvaluateResponseSchema },
  'Toggle Node Eligibility': { request: NodeEligibilityRequestSchema, response: NodeUpdateResponseSchema },
  'Read Job Scale Status': { response: JobScaleStatusSchema },
  'Scale Task Group': { request: ScaleJobRequestSchema, response: JobRegisterResponseSchema },
  'Read Job Submission': { response: JobSubmissionResponseSchema },
  'Force New Periodic Instance': { response: PeriodicForceResponseSchema },
  'Job Services': { response: ServiceRegistrationListSchema },
  'Create Job Version Tag': { request: TagJobVersionRequestSchema, response: TagJobVersionResponseSchema },
  'Delete Job Version Tag': { response: UntagJobVersionResponseSchema },
  'Allocation Checks': { response: AllocationChecksSchema },
  'Read Allocation Statistics': { response: AllocationResourceUsageSchema },
  'List Files': { response: AllocationFileInfoListSchema },
  'Stat File': { response: AllocationFileInfoSchema },
};

/** Sections of endpoints this spec does not cover; they have no schemas here. */
const OUT_OF_SCOPE = new Set([
  'Dispatch Job with raw Payload body',
  'Stop a Job',
  'List Job Actions',
  'Run Action',
  'Override Pause Schedule State',
  'Read Pause Schedule State',
  'Read Dynamic Node Metadata',
  'Update Dynamic Node Metadata',
  'Read Stats',
  'GC Allocation',
  'GC All Allocation',
  "Read a Node's Identity Claims",
  "Renew a Node's Identity",
]);

/** `value` decoded as the client decodes it: times from the text with every digit, then the schema. */
function decode(schema: v.GenericSchema, value: unknown, where: string): void {
  const fields = timeFields(schema);
  const text = JSON.stringify(value);
  const result = v.safeParse(schema, fields === undefined ? value : parseWithTimes(text, fields));
  const problems = result.success
    ? []
    : result.issues.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`);
  expect(problems, where).toEqual([]);
}

/** The frames of a framed stream's sample: JSON objects one after another, wrapped in parentheses. */
function streamFrames(name: string): unknown[] {
  const section = docs.sections.find((candidate) => candidate.section === name);
  const text = section?.sample_response?.find((sample) => sample.lang === 'json')?.text ?? '';
  return JSON.parse(`[${text.trim().replace(/^\(/, '').replace(/\)$/, '')}]`) as unknown[];
}

/** JSON samples of a list (shell transcripts and other text are not bodies). */
function jsonSamples(samples: readonly Sample[] | undefined): Sample[] {
  return (samples ?? []).filter((sample) => sample.lang === 'json' || sample.lang === 'javascript');
}

describe('reference samples', () => {
  it('covers every section: decoded here, or outside this spec', () => {
    // Framed streams are checked frame by frame below; the file reads answer raw bytes, no JSON.
    const special = new Set([
      'Exec Allocation',
      'Event Stream',
      'Stream File',
      'Stream Logs',
      'Read File',
      'Read File at Offset',
    ]);
    for (const section of docs.sections) {
      const known =
        section.section in SCHEMAS || OUT_OF_SCOPE.has(section.section) || special.has(section.section);
      expect(known, section.section).toBe(true);
    }
    expect(docs.sections).toHaveLength(59);
  });

  for (const [name, schemas] of Object.entries(SCHEMAS)) {
    it(`decodes the samples of "${name}"`, () => {
      const section = docs.sections.find((candidate) => candidate.section === name);
      if (section === undefined) throw new Error(`no section ${name}`);
      const requests = jsonSamples(section.sample_payload);
      const responses = jsonSamples(section.sample_response);
      expect(requests.length + responses.length).toBeGreaterThan(0);
      expect(requests.length > 0).toBe(schemas.request !== undefined);
      for (const sample of requests)
        decode(schemas.request as v.GenericSchema, inputOf(section, sample), `${name} request`);
      for (const sample of responses)
        decode(schemas.response as v.GenericSchema, jsonOf(section, sample), `${name} response`);
    });
  }

  it('decodes the event stream sample, each event with its topic schema', () => {
    const section = docs.sections.find((candidate) => candidate.section === 'Event Stream');
    const message = section?.sample_response?.[0]?.json;
    decode(EventMessageSchema, message, 'event message');
    const events = (message as { Events: { Topic: string }[] }).Events;
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      decode(
        streamEventSchemas[event.Topic as keyof typeof streamEventSchemas],
        event,
        `${event.Topic} event`,
      );
    }
  });

  it('decodes the frames of the file and log stream samples', () => {
    for (const name of ['Stream File', 'Stream Logs']) {
      for (const frame of streamFrames(name)) decode(StreamFrameSchema, frame, `${name} frame`);
      expect(streamFrames(name)).toHaveLength(2);
    }
  });

  it('decodes the exec frames of the sample', () => {
    const section = docs.sections.find((candidate) => candidate.section === 'Exec Allocation');
    const lines = (section?.sample_request_and_response?.[0]?.text ?? '')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    for (const frame of lines) {
      decode('stdin' in frame ? ExecClientFrameSchema : ExecServerFrameSchema, frame, 'exec frame');
    }
    expect(atob((lines[1] as { stdout: { data: string } }).stdout.data)).toBe('\u001b[H\u001b[2J$ ');
  });

  it("decodes the official client's job bodies, nulls included; the fake refuses the bad one like the server", async () => {
    const good = rename(
      JSON.parse(readFileSync(new URL('nomad-job-register.example-short.v1.6.1.json', reference), 'utf8')),
    );
    const bad = rename(
      JSON.parse(
        readFileSync(new URL('nomad-job-register.example-short-bad.v1.6.1.json', reference), 'utf8'),
      ),
    );
    decode(CreateJobRequestSchema, good, 'register body');
    decode(CreateJobRequestSchema, bad, 'bad register body');
    const { client } = await scheduler();
    const body = v.parse(CreateJobRequestSchema, good);
    const result = await client.jobs.create(body);
    expect(result.EvalID).toBeTruthy();
    const job = await client.jobs.read('example');
    expect(job.TaskGroups?.[0]?.Count).toBe(1);
    await expect(client.jobs.create(v.parse(CreateJobRequestSchema, bad))).rejects.toThrow(
      /Job ID contains a space[\s\S]*Missing job datacenters/,
    );
  });
});

// Upstream fields our spec does not list: the spec lists the job, node and allocation fields it covers
// and says "the complete job schema beyond the fields listed here: not shown". Loose schemas keep them.
const NOT_IN_SPEC = 'an upstream field our spec does not list; kept by the loose schema, not typed';

/** Keys of the samples our schemas do not declare, each with its reason (`section: path`, `*` any section). */
const UNDECLARED_ALLOWED: Readonly<Record<string, string>> = {
  '*: **NodePool': NOT_IN_SPEC,
  '*: **NodesInPool': NOT_IN_SPEC,
  '*: **Vault': NOT_IN_SPEC,
  '*: **Tasks[].ScalingPolicies': NOT_IN_SPEC,
  '*: **Tasks[].CSIPluginConfig': NOT_IN_SPEC,
  '*: **Tasks[].LogConfig.Disabled': NOT_IN_SPEC,
  '*: **Tasks[].Resources.Cores': NOT_IN_SPEC,
  '*: **Tasks[].Resources.MemoryMaxMB': NOT_IN_SPEC,
  '*: **TaskGroups[].Disconnect': NOT_IN_SPEC,
  '*: **TaskGroups[].Consul': NOT_IN_SPEC,
  '*: **TaskGroups[].Networks[].Hostname': NOT_IN_SPEC,
  '*: **Job.ConsulNamespace': NOT_IN_SPEC,
  '*: **Job.DispatchIdempotencyToken': NOT_IN_SPEC,
  '*: **LastDrain': NOT_IN_SPEC,
  'Read Node: HostNetworks': NOT_IN_SPEC,
  'List Node Allocations: **Services[].AddressMode': NOT_IN_SPEC,
  'List Node Allocations: **Checks[].AddressMode': 'a check field the spec leaves under "and others"',
  'List Node Allocations: **Checks[].CheckRestart': 'a check field the spec leaves under "and others"',
  'List Node Allocations: **Checks[].Header': 'a check field the spec leaves under "and others"',
  'List Node Allocations: **Checks[].Method': 'a check field the spec leaves under "and others"',
  'List Node Allocations: **Checks[].TLSSkipVerify': 'a check field the spec leaves under "and others"',
  'Read Allocation: Job.TaskGroups[].Tasks[].Spreads':
    'the spec has Spreads on jobs and task groups, not tasks',
  '*: **Job.Migrate': 'the spec has Migrate on task groups; the job-level default is upstream only',
  '*: **Job.Reschedule':
    'the spec has ReschedulePolicy on task groups; the job-level default is upstream only',
  'Parse Job: Migrate': 'the spec has Migrate on task groups; the job-level default is upstream only',
  'Parse Job: Reschedule':
    'the spec has ReschedulePolicy on task groups; the job-level default is upstream only',
  'List Nodes: [].Attributes': 'the spec lists Attributes on a node read, not on list items',
  '*: **ReservedResources.*': 'the spec names ReservedResources without its fields',
  '*: **NodeResources.NodeNetworks[].*': 'the spec names NodeNetworks without its fields',
  '*: **NodeResources.Devices[].*': 'the spec names Devices without its fields',
  'Event Stream: Events[].*':
    'each event is decoded by its topic\'s schema, checked as "Event Stream (topic)"',
};

// Registration and dispatch fields of newer service versions: the reference OpenAPI document (hashicorp/
// nomad-openapi @ 094ef14f) predates them; the upstream API docs list them.
const NEWER_FIELD = 'a newer request field the reference OpenAPI document predates; in the upstream API docs';

/** Declared keys found in no sample and not named by the spec, each with its reason. */
const UNSAMPLED_ALLOWED: Readonly<Record<string, string>> = {
  EvalPriority: "a registration's evaluation priority: in the official OpenAPI document's JobRegisterRequest",
  PreviousCount: "a scaling event's count before it: in the official OpenAPI document's ScalingEvent",
  Error: "whether a scaling event reports an error: in the official OpenAPI document's ScalingEvent",
  IsMultiregion: "part of a multiregion rollout: in the official OpenAPI document's Deployment",
  JobSpecModifyIndex: "the job's spec index: in the official OpenAPI document's Deployment",
  RequireProgressBy:
    "a group's progress deadline as a time: in the official OpenAPI document's DeploymentState",
  Submission: NEWER_FIELD,
  IdempotencyToken: NEWER_FIELD,
  IdPrefixTemplate: NEWER_FIELD,
  ForceDeadline: "a drain strategy's deadline as a time: in the official OpenAPI document's DrainStrategy",
  Preemptions: "a plan's preemption count per group: in the official OpenAPI document's DesiredUpdates",
  VersionTag: "a version's tag (Nomad 1.9): in the upstream API docs' Job Versions and Version Tag sections",
  ContentType:
    "a file's content type, which newer nodes add to listings: in the upstream client file system docs",
  DeviceStats: "the devices' use, empty where none is attached: in the upstream client stats docs",
  MappedFile: 'memory of mapped files, which some drivers measure: in the upstream client stats docs',
  Usage: 'memory in use, which some drivers measure: in the upstream client stats docs',
  StatusCode: 'the HTTP status an http check got: in the upstream allocation checks docs',
};

/** Every sample of the docs and the official client's job bodies, each with the schema it must match. */
function allPairs(): SchemaSamples[] {
  const pairs: SchemaSamples[] = [];
  for (const [name, schemas] of Object.entries(SCHEMAS)) {
    const section = docs.sections.find((candidate) => candidate.section === name);
    if (section === undefined) throw new Error(`no section ${name}`);
    const requests = jsonSamples(section.sample_payload).map((sample) => inputOf(section, sample));
    const responses = jsonSamples(section.sample_response).map((sample) => jsonOf(section, sample));
    if (schemas.request)
      pairs.push({ name: `${name} (request)`, schema: schemas.request, samples: requests });
    if (schemas.response) pairs.push({ name, schema: schemas.response, samples: responses });
  }
  const stream = docs.sections.find((candidate) => candidate.section === 'Event Stream');
  const message = stream?.sample_response?.[0]?.json as { Events: { Topic: string }[] };
  pairs.push({ name: 'Event Stream', schema: EventMessageSchema, samples: [message] });
  for (const event of message.Events) {
    const schema = streamEventSchemas[event.Topic as keyof typeof streamEventSchemas];
    pairs.push({ name: `Event Stream (${event.Topic})`, schema, samples: [event] });
  }
  for (const name of ['Stream File', 'Stream Logs']) {
    pairs.push({ name, schema: StreamFrameSchema, samples: streamFrames(name) });
  }
  const exec = docs.sections.find((candidate) => candidate.section === 'Exec Allocation');
  for (const line of (exec?.sample_request_and_response?.[0]?.text ?? '').split('\n')) {
    if (!line.startsWith('{')) continue;
    const frame = JSON.parse(line) as Record<string, unknown>;
    pairs.push({
      name: 'Exec Allocation',
      schema: 'stdin' in frame ? ExecClientFrameSchema : ExecServerFrameSchema,
      samples: [frame],
    });
  }
  for (const file of [
    'nomad-job-register.example-short.v1.6.1.json',
    'nomad-job-register.example-short-bad.v1.6.1.json',
  ]) {
    pairs.push({
      name: file,
      schema: CreateJobRequestSchema,
      samples: [rename(JSON.parse(readFileSync(new URL(file, reference), 'utf8')))],
    });
  }
  return pairs;
}

describe('reference samples, field for field', () => {
  it('every sample key is declared by its schema, and every declared key is sampled or in the spec', () => {
    const specWords = new Set(
      (JSON.parse(readFileSync(new URL('spec-words.json', reference), 'utf8')) as { words: string[] }).words,
    );
    const report = checkFields(allPairs(), specWords, { ...UNDECLARED_ALLOWED, ...UNSAMPLED_ALLOWED });
    expect(report).toEqual({ undeclared: [], unsampled: [], unusedAllowlist: [] });
  });
});
