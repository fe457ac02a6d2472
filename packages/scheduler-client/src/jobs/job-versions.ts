import {
  type ApiPromise,
  type ApiResult,
  type KeySets,
  type OwnOptionKeys,
  path,
  type Query,
  RequestValidationError,
  type ValidationIssue,
  type WatchCallOptions,
} from '@infra-sdk/core';
import { blockingRead, type SchedulerConsistency, watchRead } from '../blocking.js';
import { namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { type ReadJobOptions, readJobOptionKeys } from './read-job.js';
import { JobVersionsSchema } from './schemas.js';
import type { JobVersions } from './types.generated.js';

/** Options of `listJobVersions`. */
export interface JobVersionsOptions extends ReadJobOptions {
  /** Fill `Diffs` with the change from each version to the one before (or to the version `diff_version` or `diff_tag` names). */
  readonly diffs?: boolean | undefined;
  /** Compare every version against this version number instead of the one before it; implies `diffs`. Not with `diff_tag`. */
  readonly diff_version?: number | undefined;
  /** Compare every version against the version carrying this tag instead of the one before it; implies `diffs`. Not with `diff_version`. */
  readonly diff_tag?: string | undefined;
}

/** The keys of `JobVersionsOptions`. */
export const jobVersionsOptionKeys: KeySets = [
  readJobOptionKeys,
  { diffs: 1, diff_version: 1, diff_tag: 1 } as const satisfies OwnOptionKeys<
    JobVersionsOptions,
    ReadJobOptions
  >,
];

/** The diff options of a versions read, checked before sending. */
function diffQuery(options: JobVersionsOptions | undefined): Query {
  const { diffs, diff_version: version, diff_tag: tag } = options ?? {};
  const problems: ValidationIssue[] = [];
  if (version !== undefined && (!Number.isSafeInteger(version) || version < 0)) {
    problems.push({
      path: 'diff_version',
      message: `${version} is not a job version: a whole number, 0 or more`,
    });
  }
  if (tag !== undefined && (typeof tag !== 'string' || tag === '')) {
    problems.push({ path: 'diff_tag', message: 'name the tag to compare against' });
  }
  if (version !== undefined && tag !== undefined) {
    problems.push({ path: 'diff_tag', message: 'give diff_version or diff_tag, not both' });
  }
  if (diffs === false && (version !== undefined || tag !== undefined)) {
    problems.push({
      path: 'diffs',
      message: 'diff_version and diff_tag ask for diffs: leave diffs out or true',
    });
  }
  if (problems.length > 0) throw new RequestValidationError('job versions', problems);
  const chosen = version !== undefined || tag !== undefined;
  return { diffs: chosen ? true : diffs, diff_version: version, diff_tag: tag };
}

/**
 * GET /v1/job/:job_id/versions — lists every version of a job, newest first.
 *
 * `Versions` holds each registered version (`Version`, `Stable`, `SubmitTime`, `VersionTag`), newest
 * first; with `diffs`, `Diffs` holds the change from each version to the one before it; with
 * `diff_version` or `diff_tag`, the change from that chosen version to each version.
 *
 * @example
 * ```ts
 * import { listJobVersions } from '@infra-sdk/scheduler-client';
 *
 * const job = await scheduler.jobs.read('web'); // version 0
 * await scheduler.jobs.create({ Job: { ...job, Meta: { release: '2' } } }); // version 1
 * const { Versions, Diffs } = await listJobVersions(core, 'web', { diffs: true });
 * console.log(Versions.map((version) => version.Version), Diffs?.[0]?.Type); // [ 1, 0 ] Edited
 * await scheduler.jobs.tagVersion('web', 'golden', { Version: 0 });
 * const againstGolden = await listJobVersions(core, 'web', { diff_tag: 'golden' });
 * console.log(againstGolden.Diffs?.map((diff) => diff.Type)); // [ 'Edited', 'None' ]
 * ```
 * @throws {NotFoundError} when no job has that id in the namespace.
 * @throws {BadRequestError} when no version carries `diff_tag`, or there is no version `diff_version`.
 * @throws {RequestValidationError} before sending, when the id is empty, `diff_version` is not a whole
 *   number, or both `diff_version` and `diff_tag` are given.
 * @throws {PermissionDeniedError} when the token may not read jobs in the namespace (`read-job`).
 */
export function listJobVersions(
  core: SchedulerCore,
  jobId: string,
  options?: JobVersionsOptions,
): ApiPromise<JobVersions> {
  return blockingRead(core, options, jobVersionsOptionKeys, () => ({
    path: path`/job/${jobId}/versions`,
    query: { ...namespaceQuery(core, options), ...diffQuery(options) },
    schema: JobVersionsSchema,
  }));
}

/**
 * GET /v1/job/:job_id/versions (blocking) — yields the versions each time they change.
 *
 * The first snapshot is the versions as they are; the next ones come when a version is registered or a
 * version's stability changes.
 *
 * @example
 * ```ts
 * import { watchJobVersions } from '@infra-sdk/scheduler-client';
 *
 * for await (const { data, meta } of watchJobVersions(core, 'web')) {
 *   console.log(data.Versions.length, meta.index);
 *   break; // or go on: one snapshot per change, until `signal` aborts
 * }
 * ```
 * @throws {NotFoundError | RequestValidationError | PermissionDeniedError} from the iteration, as
 *   `listJobVersions` throws them.
 * @throws {TimeoutError | ConnectionError | ServerError | RateLimitError} from the iteration, after
 *   `maxFailures` failures in a row.
 */
export function watchJobVersions(
  core: SchedulerCore,
  jobId: string,
  options?: WatchCallOptions<JobVersionsOptions, SchedulerConsistency>,
): AsyncGenerator<ApiResult<JobVersions>, void, undefined> {
  return watchRead(options, jobVersionsOptionKeys, (call) => listJobVersions(core, jobId, call));
}
