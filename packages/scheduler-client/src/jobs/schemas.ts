import * as v from 'valibot';
import { decodedLength, encodeBase64 } from '../base64.js';
import { AllocationMetric, Evaluation } from '../evaluations/schemas.js';
import { Job, JobInput, JobStatus, JobType } from './definition.js';
import { JobDiff } from './diff.js';

const Index = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const StringMap = v.record(v.string(), v.string());

/** The largest dispatch payload the scheduler takes, in bytes. */
export const MAX_DISPATCH_PAYLOAD_BYTES = 16_384;

/* @__NO_SIDE_EFFECTS__ */
function taskGroupSummarySchema() {
  return v.looseObject({
    Queued: v.optional(v.number()),
    Complete: v.optional(v.number()),
    Failed: v.optional(v.number()),
    Running: v.optional(v.number()),
    Starting: v.optional(v.number()),
    Lost: v.optional(v.number()),
  });
}
/** The schema type of `TaskGroupSummary`, named so that declarations stay small. */
export interface TaskGroupSummarySchema extends ReturnType<typeof taskGroupSummarySchema> {}
/** Allocation counts of one task group by client status. */
export const TaskGroupSummary: TaskGroupSummarySchema = taskGroupSummarySchema();

/** Counts of the child jobs of a periodic or parameterized job. */
export const JobChildrenSummary = v.looseObject({
  Pending: v.optional(v.number()),
  Running: v.optional(v.number()),
  Dead: v.optional(v.number()),
});

/* @__NO_SIDE_EFFECTS__ */
function jobSummarySchema() {
  return v.looseObject({
    JobID: v.string(),
    Namespace: v.optional(v.string()),
    Summary: v.nullish(v.record(v.string(), TaskGroupSummary)),
    Children: v.nullish(JobChildrenSummary),
    CreateIndex: v.optional(v.number()),
    ModifyIndex: v.optional(v.number()),
  });
}
/** The schema type of `JobSummary`, named so that declarations stay small. */
export interface JobSummarySchema extends ReturnType<typeof jobSummarySchema> {}
/** Allocation counts of a job by task group. */
export const JobSummary: JobSummarySchema = jobSummarySchema();

/* @__NO_SIDE_EFFECTS__ */
function jobStubSchema() {
  return v.looseObject({
    ID: v.string(),
    ParentID: v.optional(v.string()),
    Name: v.optional(v.string()),
    Namespace: v.optional(v.string()),
    Type: v.optional(JobType),
    Priority: v.optional(v.number()),
    Status: v.optional(JobStatus),
    StatusDescription: v.optional(v.string()),
    JobSummary: v.nullish(JobSummary),
    CreateIndex: v.optional(v.number()),
    ModifyIndex: v.optional(v.number()),
    JobModifyIndex: v.optional(v.number()),
  });
}
/** The schema type of `JobStub`, named so that declarations stay small. */
export interface JobStubSchema extends ReturnType<typeof jobStubSchema> {}
/** A job as the list returns it. */
export const JobStub: JobStubSchema = jobStubSchema();

/** What registering, updating, reverting or evaluating a job answers. */
export const JobRegisterResponse = v.looseObject({
  EvalID: v.optional(v.string()),
  EvalCreateIndex: v.optional(v.number()),
  JobModifyIndex: v.optional(v.number()),
  Warnings: v.optional(v.string()),
  Index: v.optional(v.number()),
  LastContact: v.optional(v.number()),
  KnownLeader: v.optional(v.boolean()),
});

/** What `DELETE /v1/job/:job_id` answers: the evaluation that stops the job and the job's modify index. */
export const JobDeregisterResponse = v.looseObject({
  EvalID: v.optional(v.string()),
  EvalCreateIndex: v.optional(v.number()),
  JobModifyIndex: v.optional(v.number()),
});

/** All versions of a job, newest first, and with `diffs` the change from each version to the one before. */
export const JobVersions = v.looseObject({
  Versions: v.array(Job),
  Diffs: v.nullish(v.array(JobDiff)),
  Index: v.optional(v.number()),
  KnownLeader: v.optional(v.boolean()),
  LastContact: v.optional(v.number()),
});

/** What dispatching a parameterized job answers. */
export const JobDispatchResponse = v.looseObject({
  Index: v.optional(v.number()),
  JobCreateIndex: v.optional(v.number()),
  EvalCreateIndex: v.optional(v.number()),
  EvalID: v.optional(v.string()),
  DispatchedJobID: v.string(),
});

/** What setting a version's stability answers. */
export const JobStabilityResponse = v.looseObject({ JobModifyIndex: v.optional(v.number()) });

/** Placement changes a plan would make in one task group. */
export const DesiredUpdates = v.looseObject({
  Place: v.optional(v.number()),
  Stop: v.optional(v.number()),
  Migrate: v.optional(v.number()),
  Ignore: v.optional(v.number()),
  InPlaceUpdate: v.optional(v.number()),
  DestructiveUpdate: v.optional(v.number()),
  Canary: v.optional(v.number()),
  Preemptions: v.optional(v.number()),
});

/** A dry run of a job update: the diff, the placements it would make and what would fail. */
export const JobPlanResponse = v.looseObject({
  Index: v.optional(v.number()),
  JobModifyIndex: v.optional(v.number()),
  Diff: v.nullish(JobDiff),
  Annotations: v.nullish(
    v.looseObject({ DesiredTGUpdates: v.nullish(v.record(v.string(), DesiredUpdates)) }),
  ),
  CreatedEvals: v.nullish(v.array(Evaluation)),
  FailedTGAllocs: v.nullish(v.record(v.string(), AllocationMetric)),
  NextPeriodicLaunch: v.nullish(v.string()),
  Warnings: v.optional(v.string()),
});

/** A list of job stubs, as `GET /v1/jobs` answers. */
export const JobStubList = v.array(JobStub);

/** Body of `POST /v1/jobs`. */
export const CreateJobRequest = v.strictObject({
  Job: JobInput,
  /** Register only if the job's modify index equals `JobModifyIndex` (0: only if the job is new). */
  EnforceIndex: v.optional(v.boolean()),
  JobModifyIndex: v.optional(Index),
  /** Override soft-mandatory policies (needs `namespace:policy-override`). */
  PolicyOverride: v.optional(v.boolean()),
  /** Keep the group counts of the running job. */
  PreserveCounts: v.optional(v.boolean()),
});

/** Body of `POST /v1/job/:job_id`. */
export const UpdateJobRequest = v.strictObject({
  Job: JobInput,
  EnforceIndex: v.optional(v.boolean()),
  JobModifyIndex: v.optional(Index),
  PolicyOverride: v.optional(v.boolean()),
});

/** Body of `POST /v1/jobs/parse`. */
export const ParseJobRequest = v.strictObject({
  /** The job in the block language. */
  JobHCL: v.string(),
  /** Fill unset fields with their defaults. */
  Canonicalize: v.optional(v.boolean()),
  /** Use the legacy parser. */
  HCLv1: v.optional(v.boolean()),
});

/** Body of `POST /v1/job/:job_id/dispatch`; `Payload` is base64 text or bytes (encoded for you), at most 16384 bytes. */
export const DispatchJobRequest = v.strictObject({
  Payload: v.optional(
    v.pipe(
      v.union([v.string(), v.instance(Uint8Array)]),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const value = dataset.value;
        const size = typeof value === 'string' ? decodedLength(value) : value.byteLength;
        if (size === undefined) {
          addIssue({ message: 'Payload must be base64 text; pass a Uint8Array to have bytes encoded' });
          return NEVER;
        }
        if (size > MAX_DISPATCH_PAYLOAD_BYTES) {
          addIssue({
            message: `Payload is ${size} bytes; the scheduler takes at most ${MAX_DISPATCH_PAYLOAD_BYTES} bytes`,
          });
          return NEVER;
        }
        return typeof value === 'string' ? value : encodeBase64(value);
      }),
    ),
  ),
  Meta: v.optional(v.nullable(StringMap)),
});

/** Body of `POST /v1/job/:job_id/revert`; `JobID` is filled in from the path. */
export const RevertJobRequest = v.strictObject({
  JobID: v.optional(v.string()),
  /** The version to go back to. */
  JobVersion: v.optional(Index),
  /** Revert only if the current version is this one. */
  EnforcePriorVersion: v.optional(Index),
  /** Revert to the version carrying this tag instead of a number. */
  TaggedVersion: v.optional(v.string()),
  MeshToken: v.optional(v.string()),
  SecretsToken: v.optional(v.string()),
});

/** Body of `POST /v1/job/:job_id/stable`; `JobID` is filled in from the path. */
export const JobStabilityRequest = v.strictObject({
  JobID: v.optional(v.string()),
  JobVersion: v.optional(Index),
  Stable: v.optional(v.boolean()),
});

/** Body of `POST /v1/job/:job_id/evaluate`; `JobID` is filled in from the path. */
export const EvaluateJobRequest = v.strictObject({
  JobID: v.optional(v.string()),
  EvalOptions: v.optional(
    v.nullable(
      v.strictObject({
        /** Reschedule failed allocations now, even past their reschedule limit or delay. */
        ForceReschedule: v.optional(v.boolean()),
      }),
    ),
  ),
});

/** Body of `POST /v1/job/:job_id/plan`. */
export const PlanJobRequest = v.strictObject({
  Job: JobInput,
  /** Include the diff between the submitted and the registered job. */
  Diff: v.optional(v.boolean()),
  PolicyOverride: v.optional(v.boolean()),
});

export interface TaskGroupSummary extends v.InferOutput<typeof TaskGroupSummary> {}
export interface JobSummary extends v.InferOutput<typeof JobSummary> {}
export interface JobStub extends v.InferOutput<typeof JobStub> {}
export interface JobRegisterResponse extends v.InferOutput<typeof JobRegisterResponse> {}
export interface JobDeregisterResponse extends v.InferOutput<typeof JobDeregisterResponse> {}
export interface JobVersions extends v.InferOutput<typeof JobVersions> {}
export interface JobDispatchResponse extends v.InferOutput<typeof JobDispatchResponse> {}
export interface JobStabilityResponse extends v.InferOutput<typeof JobStabilityResponse> {}
export interface JobPlanResponse extends v.InferOutput<typeof JobPlanResponse> {}
export interface CreateJobRequest extends v.InferInput<typeof CreateJobRequest> {}
export interface UpdateJobRequest extends v.InferInput<typeof UpdateJobRequest> {}
export interface ParseJobRequest extends v.InferInput<typeof ParseJobRequest> {}
export interface DispatchJobRequest extends v.InferInput<typeof DispatchJobRequest> {}
export interface RevertJobRequest extends v.InferInput<typeof RevertJobRequest> {}
export interface JobStabilityRequest extends v.InferInput<typeof JobStabilityRequest> {}
export interface EvaluateJobRequest extends v.InferInput<typeof EvaluateJobRequest> {}
export interface PlanJobRequest extends v.InferInput<typeof PlanJobRequest> {}
