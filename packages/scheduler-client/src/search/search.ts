import { type ApiPromise, sendOperation, validateRequestBody } from '@infra-sdk/core';
import { type NamespaceOptions, namespaceOptionKeys, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import {
  SearchFuzzyRequestSchema,
  SearchFuzzyResponseSchema,
  SearchPrefixRequestSchema,
  SearchPrefixResponseSchema,
} from './schemas.js';
import type {
  SearchFuzzyRequest,
  SearchFuzzyResponse,
  SearchPrefixRequest,
  SearchPrefixResponse,
} from './types.generated.js';

/**
 * `POST /v1/search`: finds the ids that start with `Prefix` in one context (`jobs`, `evals`, `allocs`,
 * `nodes`, `deployment`, ...) or in `all`: at most 20 per context, `Truncations` saying where more
 * matched. Only what the token may read is searched.
 *
 * Options: the body's `Prefix` and `Context`. A read: retried as reads are.
 *
 * @example
 * ```ts
 * import { searchPrefix } from '@infra-sdk/scheduler-client';
 *
 * const { Matches, Truncations } = await searchPrefix(core, { Prefix: 'we', Context: 'all' });
 * console.log(Matches?.jobs, Truncations?.jobs); // [ 'web' ] false
 * ```
 * @throws {RequestValidationError} before sending, when `Context` is not a known context or a field is
 *   unknown or missing.
 * @throws {BadRequestError} when the scheduler refuses the search.
 * @throws {PermissionDeniedError} when the token may read nothing of the context.
 */
export function searchPrefix(
  core: SchedulerCore,
  body: SearchPrefixRequest,
  options?: NamespaceOptions,
): ApiPromise<SearchPrefixResponse> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: '/search',
      query: namespaceQuery(core, options),
      body: await validateRequestBody(SearchPrefixRequestSchema, body, 'prefix search'),
      schema: SearchPrefixResponseSchema,
      // A search changes nothing: repeating it is safe.
      idempotent: true,
    }),
    options,
    namespaceOptionKeys,
  );
}

/**
 * `POST /v1/search/fuzzy`: finds names that contain `Text` (case aside), closest first: jobs and,
 * within them, groups, tasks, services, images, commands and classes; allocations by name; nodes by
 * name. Each match carries its `Scope` (the ids that locate it). With `Context: 'all'`, the ids of
 * evaluations and deployments that start with `Text` come too.
 *
 * Options: the body's `Text` (at least 2 characters) and `Context`. A read: retried as reads are.
 *
 * @example
 * ```ts
 * import { searchFuzzy } from '@infra-sdk/scheduler-client';
 *
 * await scheduler.jobs.create({
 *   Job: {
 *     ID: 'example-python',
 *     Datacenters: ['dc1'],
 *     TaskGroups: [{ Name: 'my-spy-app', Tasks: [{ Name: 'my-python-task', Driver: 'docker', Config: { image: 'python:3' } }] }],
 *   },
 * });
 * const { Matches } = await searchFuzzy(core, { Text: 'py', Context: 'jobs' });
 * for (const [context, matches] of Object.entries(Matches ?? {})) {
 *   for (const match of matches ?? []) console.log(context, match.ID, match.Scope?.join('/'));
 * }
 * ```
 * @throws {RequestValidationError} before sending, when `Text` is shorter than 2 characters,
 *   `Context` is not a known context, or a field is unknown or missing.
 * @throws {BadRequestError} when the scheduler refuses the search (a context it cannot search fuzzily).
 * @throws {PermissionDeniedError} when the token may read nothing of the context.
 */
export function searchFuzzy(
  core: SchedulerCore,
  body: SearchFuzzyRequest,
  options?: NamespaceOptions,
): ApiPromise<SearchFuzzyResponse> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: '/search/fuzzy',
      query: namespaceQuery(core, options),
      body: await validateRequestBody(SearchFuzzyRequestSchema, body, 'fuzzy search'),
      schema: SearchFuzzyResponseSchema,
      idempotent: true,
    }),
    options,
    namespaceOptionKeys,
  );
}
