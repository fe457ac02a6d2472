import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { SchedulerCore } from '../core.js';
import { createJob } from './create-job.js';
import { deployJob } from './deploy-job.js';
import { deregisterJob } from './deregister-job.js';
import { dispatchJob } from './dispatch-job.js';
import { evaluateJob } from './evaluate-job.js';
import { forcePeriodicJob } from './force-periodic-job.js';
import { listJobAllocations, watchJobAllocations } from './job-allocations.js';
import {
  listJobDeployments,
  readLatestJobDeployment,
  watchJobDeployments,
  watchLatestJobDeployment,
} from './job-deployments.js';
import { listJobEvaluations, watchJobEvaluations } from './job-evaluations.js';
import { readJobScaleStatus, scaleJob, watchJobScaleStatus } from './job-scale.js';
import { listJobServices, watchJobServices } from './job-services.js';
import { setJobStability } from './job-stability.js';
import { readJobSubmission } from './job-submission.js';
import { readJobSummary, watchJobSummary } from './job-summary.js';
import { listJobVersions, watchJobVersions } from './job-versions.js';
import { iterateJobs, listJobs, watchJobs } from './list-jobs.js';
import { parseJob } from './parse-job.js';
import { planJob } from './plan-job.js';
import { readJob, watchJob } from './read-job.js';
import { revertJob } from './revert-job.js';
import { updateJob } from './update-job.js';
import { validateJob } from './validate-job.js';
import { tagJobVersion, untagJobVersion } from './version-tags.js';

const jobOperations = {
  list: listJobs,
  iterate: iterateJobs,
  watchList: watchJobs,
  create: createJob,
  deploy: deployJob,
  parse: parseJob,
  read: readJob,
  watch: watchJob,
  listVersions: listJobVersions,
  watchVersions: watchJobVersions,
  listAllocations: listJobAllocations,
  watchAllocations: watchJobAllocations,
  listEvaluations: listJobEvaluations,
  watchEvaluations: watchJobEvaluations,
  listDeployments: listJobDeployments,
  watchDeployments: watchJobDeployments,
  latestDeployment: readLatestJobDeployment,
  watchLatestDeployment: watchLatestJobDeployment,
  summary: readJobSummary,
  watchSummary: watchJobSummary,
  scale: scaleJob,
  scaleStatus: readJobScaleStatus,
  watchScaleStatus: watchJobScaleStatus,
  update: updateJob,
  deregister: deregisterJob,
  dispatch: dispatchJob,
  revert: revertJob,
  setStability: setJobStability,
  evaluate: evaluateJob,
  plan: planJob,
  validate: validateJob,
  forcePeriodic: forcePeriodicJob,
  submission: readJobSubmission,
  listServices: listJobServices,
  watchServices: watchJobServices,
  tagVersion: tagJobVersion,
  untagVersion: untagJobVersion,
};

/** The jobs group of the client; each method is the standalone operation with the core applied. */
export interface JobsGroup extends BoundGroup<SchedulerCore, typeof jobOperations> {}

/** The jobs group of the client: `client.jobs.read(id)`, `client.jobs.dispatch(id, body)`, ... */
export function jobsGroup(core: SchedulerCore): JobsGroup {
  return bindOperations(core, jobOperations);
}
