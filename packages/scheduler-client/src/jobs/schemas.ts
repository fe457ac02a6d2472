import * as v from 'valibot';
import { decodedLength, encodeBase64 } from '../base64.js';
import { AllocationMetricSchema, EvaluationSchema } from '../evaluations/schemas.js';
import { UnixNanosSchema } from '../unix-nanos-schema.js';
import { JobSchema, JobStatusSchema, JobTypeSchema } from './definition.js';
import { JobDiffSchema } from './diff.js';
import { MAX_DISPATCH_PAYLOAD_BYTES } from './dispatch-payload.js';
import { JobInputSchema } from './request-definition.js';

const Index = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const StringMap = v.record(v.string(), v.string());

/** Allocation counts of one task group by client status. */
export const TaskGroupSummarySchema = v.looseObject({
  Queued: v.optional(v.number()),
  Complete: v.optional(v.number()),
  Failed: v.optional(v.number()),
  Running: v.optional(v.number()),
  Starting: v.optional(v.number()),
  Lost: v.optional(v.number()),
});

/** Counts of the child jobs of a periodic or parameterized job. */
export const JobChildrenSummarySchema = v.looseObject({
  Pending: v.optional(v.number()),
  Running: v.optional(v.number()),
  Dead: v.optional(v.number()),
});

/** Allocation counts of a job by task group. */
export const JobSummarySchema = v.looseObject({
  JobID: v.string(),
  Namespace: v.optional(v.string()),
  Summary: v.nullish(v.record(v.string(), TaskGroupSummarySchema)),
  Children: v.nullish(JobChildrenSummarySchema),
  CreateIndex: v.optional(v.number()),
  ModifyIndex: v.optional(v.number()),
});

/** A job as the list returns it. */
export const JobStubSchema = v.looseObject({
  ID: v.string(),
  ParentID: v.optional(v.string()),
  Name: v.optional(v.string()),
  Namespace: v.optional(v.string()),
  Type: v.optional(JobTypeSchema),
  Priority: v.optional(v.number()),
  Status: v.optional(JobStatusSchema),
  StatusDescription: v.optional(v.string()),
  JobSummary: v.nullish(JobSummarySchema),
  CreateIndex: v.optional(v.number()),
  ModifyIndex: v.optional(v.number()),
  JobModifyIndex: v.optional(v.number()),
  /** The job's `Meta`, when the listing asked for it (`meta: true`). */
  Meta: v.nullish(StringMap),
});

/** What registering, updating, reverting or evaluating a job answers. */
export const JobRegisterResponseSchema = v.looseObject({
  EvalID: v.optional(v.string()),
  EvalCreateIndex: v.optional(v.number()),
  JobModifyIndex: v.optional(v.number()),
  Warnings: v.optional(v.string()),
  Index: v.optional(v.number()),
  LastContact: v.optional(v.number()),
  KnownLeader: v.optional(v.boolean()),
});

/** What `DELETE /v1/job/:job_id` answers: the evaluation that stops the job and the job's modify index. */
export const JobDeregisterResponseSchema = v.looseObject({
  EvalID: v.optional(v.string()),
  EvalCreateIndex: v.optional(v.number()),
  JobModifyIndex: v.optional(v.number()),
});

/** All versions of a job, newest first, and with `diffs` the change from each version to the one before. */
export const JobVersionsSchema = v.looseObject({
  Versions: v.array(JobSchema),
  Diffs: v.nullish(v.array(JobDiffSchema)),
  Index: v.optional(v.number()),
  KnownLeader: v.optional(v.boolean()),
  LastContact: v.optional(v.number()),
});

/** What dispatching a parameterized job answers. */
export const JobDispatchResponseSchema = v.looseObject({
  Index: v.optional(v.number()),
  JobCreateIndex: v.optional(v.number()),
  EvalCreateIndex: v.optional(v.number()),
  EvalID: v.optional(v.string()),
  DispatchedJobID: v.string(),
});

/** What setting a version's stability answers. */
export const JobStabilityResponseSchema = v.looseObject({ JobModifyIndex: v.optional(v.number()) });

/** Placement changes a plan would make in one task group. */
export const DesiredUpdatesSchema = v.looseObject({
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
export const JobPlanResponseSchema = v.looseObject({
  Index: v.optional(v.number()),
  JobModifyIndex: v.optional(v.number()),
  Diff: v.nullish(JobDiffSchema),
  Annotations: v.nullish(
    v.looseObject({ DesiredTGUpdates: v.nullish(v.record(v.string(), DesiredUpdatesSchema)) }),
  ),
  CreatedEvals: v.nullish(v.array(EvaluationSchema)),
  FailedTGAllocs: v.nullish(v.record(v.string(), AllocationMetricSchema)),
  NextPeriodicLaunch: v.nullish(v.string()),
  Warnings: v.optional(v.string()),
});

/** A list of job stubs, as `GET /v1/jobs` answers. */
export const JobStubListSchema: v.ArraySchema<typeof JobStubSchema, undefined> = v.array(JobStubSchema);

/** A priority of 1 to 100. */
const Priority = v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(1), v.maxValue(100));

/** The source a job was written in, kept by the scheduler beside the version it registers. */
export const JobSubmissionSchema = v.strictObject({
  /** The job text as written. */
  Source: v.string(),
  /** Its language: `hcl2` or `json` (`hcl1` for the legacy one). */
  Format: v.optional(v.string()),
  /** Variables given as `-var` flags, by name. */
  VariableFlags: v.optional(v.nullable(StringMap)),
  /** The variables file given with it, as text. */
  Variables: v.optional(v.string()),
});

// What a registration takes beside the job: `POST /v1/jobs` and `POST /v1/job/:job_id` take the same body.
const registration = {
  /** The job to register, or its new version: a `JobInput` (durations may be text such as `"30s"`). */
  Job: JobInputSchema,
  /** Register only if the job's modify index equals `JobModifyIndex` (0: only if the job is new); safe to retry. */
  EnforceIndex: v.optional(v.boolean()),
  JobModifyIndex: v.optional(Index),
  /** Override soft-mandatory policies (needs `namespace:policy-override`). */
  PolicyOverride: v.optional(v.boolean()),
  /** Keep the group counts of the running job. */
  PreserveCounts: v.optional(v.boolean()),
  /** Priority of the registration's evaluation, 1 to 100; default the job's priority. */
  EvalPriority: v.optional(Priority),
  /** The source the job was written in, kept with the version. */
  Submission: v.optional(v.nullable(JobSubmissionSchema)),
};

/** Body of `POST /v1/jobs`. */
export const CreateJobRequestSchema = v.strictObject(registration);

/** Body of `POST /v1/job/:job_id`: the same fields as a registration. */
export const UpdateJobRequestSchema = v.strictObject(registration);

/** Body of `POST /v1/jobs/parse`. */
export const ParseJobRequestSchema = v.strictObject({
  /** The job in the block language. */
  JobHCL: v.string(),
  /** Fill unset fields with their defaults. */
  Canonicalize: v.optional(v.boolean()),
  /** Use the legacy parser. */
  HCLv1: v.optional(v.boolean()),
  /** Values of the text's variables, as a variables file (`image = "nginx:1"`, one per line). */
  Variables: v.optional(v.string()),
});

/** Body of `POST /v1/job/:job_id/dispatch`; `Payload` is base64 text or bytes (encoded for you), at most 16384 bytes. */
export const DispatchJobRequestSchema = v.strictObject({
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
  /**
   * Dispatch at most once: a dispatch with a token that made a child before answers that child again,
   * so a dispatch that carries one is safe to retry.
   */
  IdempotencyToken: v.optional(v.string()),
  /** Put this text into the dispatched job's id: `<job>/dispatch-<template>-<time>-<random>`. */
  IdPrefixTemplate: v.optional(v.string()),
  /** Priority of the dispatched job, 1 to 100; default the parameterized job's. */
  Priority: v.optional(Priority),
});

/** Body of `POST /v1/job/:job_id/revert`; `JobID` is filled in from the path. */
export const RevertJobRequestSchema = v.strictObject({
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
export const JobStabilityRequestSchema = v.strictObject({
  JobID: v.optional(v.string()),
  JobVersion: v.optional(Index),
  Stable: v.optional(v.boolean()),
});

/** Body of `POST /v1/job/:job_id/evaluate`; `JobID` is filled in from the path. */
export const EvaluateJobRequestSchema = v.strictObject({
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
export const PlanJobRequestSchema = v.strictObject({
  /** The job to plan: a `JobInput` (durations may be text such as `"30s"`). */
  Job: JobInputSchema,
  /** Include the diff between the submitted and the registered job. */
  Diff: v.optional(v.boolean()),
  PolicyOverride: v.optional(v.boolean()),
});

/**
 * What `jobs.scale` takes: the group, its new count, and what to record with it. `Count` left out
 * records the event only (an autoscaler's message or error) and changes nothing.
 */
export const ScaleJobRequestSchema = v.strictObject({
  /** The task group to scale. */
  Group: v.pipe(v.string(), v.nonEmpty('name the task group to scale')),
  /** The group's new count. */
  Count: v.optional(v.nullable(Index)),
  /** Why, kept in the group's scaling events. */
  Message: v.optional(v.string()),
  /** The event reports an error (then it sets no count). */
  Error: v.optional(v.boolean()),
  /** Anything to keep with the event. */
  Meta: v.optional(v.nullable(v.record(v.string(), v.unknown()))),
  /** Override soft-mandatory policies (needs `namespace:policy-override`). */
  PolicyOverride: v.optional(v.boolean()),
});

/** One scaling of a group, or a message about it, as the scheduler keeps them (the latest 20). */
export const ScalingEventSchema = v.looseObject({
  /** The count it set; null for a message or an error. */
  Count: v.nullish(v.number()),
  PreviousCount: v.optional(v.number()),
  Error: v.optional(v.boolean()),
  Message: v.optional(v.string()),
  Meta: v.nullish(v.record(v.string(), v.unknown())),
  /** The evaluation a new count created. */
  EvalID: v.nullish(v.string()),
  /** When, in Unix nanoseconds (every digit kept). */
  Time: v.optional(UnixNanosSchema),
  CreateIndex: v.optional(v.number()),
});

/** A group's desired count beside its allocations of the current version (canaries left out) and their health. */
export const TaskGroupScaleStatusSchema = v.looseObject({
  Desired: v.optional(v.number()),
  Placed: v.optional(v.number()),
  Running: v.optional(v.number()),
  Healthy: v.optional(v.number()),
  Unhealthy: v.optional(v.number()),
  /** The group's scaling events, newest first. */
  Events: v.nullish(v.array(ScalingEventSchema)),
});

/** The scale status of a job: each group's counts and scaling events. */
export const JobScaleStatusSchema = v.looseObject({
  JobID: v.optional(v.string()),
  Namespace: v.optional(v.string()),
  JobCreateIndex: v.optional(v.number()),
  JobModifyIndex: v.optional(v.number()),
  JobStopped: v.optional(v.boolean()),
  TaskGroups: v.nullish(v.record(v.string(), TaskGroupScaleStatusSchema)),
});

/** What validating a job answers: the problems found (none: the job is valid) and the warnings. */
export const JobValidationResponseSchema = v.looseObject({
  /** Whether the drivers' configuration was checked too (false when the leader could not be reached). */
  DriverConfigValidated: v.optional(v.boolean()),
  /** Each problem that makes the job invalid; empty or null when it is valid. */
  ValidationErrors: v.nullish(v.array(v.string())),
  /** The problems as one text; empty when the job is valid. */
  Error: v.optional(v.string()),
  /** Warnings about a valid job, as one text. */
  Warnings: v.optional(v.string()),
});

/** Body of `POST /v1/validate/job`: the job to check (durations may be text such as `"30s"`). */
export const ValidateJobRequestSchema = v.strictObject({ Job: JobInputSchema });

/** What forcing a periodic job answers: the evaluation of the instance it launched. */
export const PeriodicForceResponseSchema = v.looseObject({
  EvalID: v.optional(v.string()),
  EvalCreateIndex: v.optional(v.number()),
  Index: v.optional(v.number()),
});

/** The source a version of a job was submitted in, as the scheduler keeps it (for its latest 6 versions). */
export const JobSubmissionResponseSchema = v.looseObject({
  JobID: v.optional(v.string()),
  Namespace: v.optional(v.string()),
  /** The version the source belongs to. */
  Version: v.optional(v.number()),
  /** The job modify index of that version. */
  JobIndex: v.optional(v.number()),
  /** The language: `hcl2`, `hcl1` or `json`. */
  Format: v.optional(v.string()),
  /** The job text as submitted. */
  Source: v.optional(v.string()),
  /** The variables file given with it. */
  Variables: v.optional(v.string()),
  /** Variables given as `-var` flags, by name. */
  VariableFlags: v.nullish(StringMap),
});

/** What tagging a version answers: the tag as set. */
export const TagJobVersionResponseSchema = v.looseObject({
  Name: v.optional(v.string()),
  Description: v.optional(v.string()),
  /** When the tag was set, in Unix nanoseconds (every digit kept). */
  TaggedTime: v.optional(UnixNanosSchema),
  Index: v.optional(v.number()),
  LastContact: v.optional(v.number()),
  KnownLeader: v.optional(v.boolean()),
  NextToken: v.optional(v.string()),
});

/** Body of `POST /v1/job/:job_id/versions/:tag_name/tag`: which version to tag, and why. */
export const TagJobVersionRequestSchema = v.strictObject({
  /** The version to tag; default the latest. */
  Version: v.optional(Index),
  /** What the tag is for, e.g. "the version we can roll back to". */
  Description: v.optional(v.string()),
});

/** What removing a version's tag answers (it makes no evaluation: those fields are empty). */
export const UntagJobVersionResponseSchema = v.looseObject({
  EvalID: v.optional(v.string()),
  EvalCreateIndex: v.optional(v.number()),
  JobModifyIndex: v.optional(v.number()),
  /** The evaluation of the job's volumes (none: removing a tag changes nothing). */
  VolumeEvalID: v.optional(v.string()),
  VolumeEvalIndex: v.optional(v.number()),
  Index: v.optional(v.number()),
  LastContact: v.optional(v.number()),
  KnownLeader: v.optional(v.boolean()),
  NextToken: v.optional(v.string()),
});
