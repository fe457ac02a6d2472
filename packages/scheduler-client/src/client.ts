// The grouped client: the standalone operations bound to one core.
import { type ApiPromise, type RawRequest, type RequestOptions, sendRawRequest } from '@infra-sdk/core';
import { type AclTokensGroup, aclTokensGroup } from './acl/group.js';
import { type AllocationsGroup, allocationsGroup } from './allocations/group.js';
import { createSchedulerCore, type SchedulerClientOptions, type SchedulerCore } from './core.js';
import { type DeploymentsGroup, deploymentsGroup } from './deployments/group.js';
import { type EvaluationsGroup, evaluationsGroup } from './evaluations/group.js';
import { type EventsGroup, eventsGroup } from './events/group.js';
import { type JobsGroup, jobsGroup } from './jobs/group.js';
import { type NodesGroup, nodesGroup } from './nodes/group.js';
import { type SearchGroup, searchGroup } from './search/group.js';
import { type VariablesGroup, variablesGroup } from './variables/group.js';

/** The grouped scheduler client; every method is also a standalone export taking a `SchedulerCore`. */
export interface SchedulerClient {
  /** The core the groups are built on, for standalone operations. */
  readonly core: SchedulerCore;
  /** Jobs: create, read, plan, update, dispatch, revert and watch them, with their versions, allocations, evaluations and deployments. */
  readonly jobs: JobsGroup;
  /** Client nodes: list, read, drain, purge, set eligibility and watch them, with their allocations. */
  readonly nodes: NodesGroup;
  /** Allocations: list, read, stop, signal, restart, exec into and watch them, with their services. */
  readonly allocations: AllocationsGroup;
  /** Deployments: list, read and watch them; promote canaries, pause, resume, fail, set allocation health, unblock. */
  readonly deployments: DeploymentsGroup;
  /** Evaluations: list, read and watch them, with the allocations each placed. */
  readonly evaluations: EvaluationsGroup;
  /** The event stream, filtered by topic. */
  readonly events: EventsGroup;
  /** Variables: list, read, write and delete them (check-and-set), lock them and hold a lock. */
  readonly variables: VariablesGroup;
  /** ACL tokens: read the call's own, list, read, create and delete them. */
  readonly aclTokens: AclTokensGroup;
  /** Search: ids by prefix, and names by fuzzy text, across jobs, allocations, nodes, evaluations and deployments. */
  readonly search: SearchGroup;
  /**
   * Sends a request to an endpoint the typed surface does not cover (paths under `/v1`), following the
   * scheduler's rules as every method does: the token in `X-Scheduler-Token`, the client's `namespace`
   * is not added (put it in `query`), retries of reads (a write only with `retryWrites: true`), errors as
   * the `ApiError` classes with the scheduler's plain-text reason in `error.body`, exact Unix-nanosecond
   * times where `schema` declares `UnixNanosSchema`, and `.withMeta()` for the index headers.
   *
   * Options: the request's `method`, `path`, `query`, `body`, `headers`, `responseType`, `schema`
   * (validates the payload).
   *
   * @example
   * ```ts
   * import { EvaluationListSchema } from '@infra-sdk/scheduler-client/schemas';
   *
   * const { data, meta } = await scheduler
   *   .request({ method: 'GET', path: '/evaluations', query: { per_page: 10 }, schema: EvaluationListSchema })
   *   .withMeta();
   * console.log(data.map((evaluation) => `${evaluation.JobID} ${evaluation.Status}`), meta.index);
   * ```
   * @throws {RequestValidationError} before sending, when the path has `.` or `..` segments, a header
   *   value cannot be sent, or `request` or `options` holds a key that is not one of theirs (named with
   *   the nearest one).
   * @throws {BadRequestError | PermissionDeniedError | NotFoundError | ServerError | ApiError} when the
   *   scheduler answers with that status.
   * @throws {ResponseValidationError} when the answer does not match `schema`, or is not JSON.
   * @throws {RedirectError} on a redirect that would take the token or the body where they must not go,
   *   or one too many.
   */
  request<T = unknown>(request: RawRequest<T>, options?: RequestOptions): ApiPromise<T>;
  /** A description without secrets. */
  toJSON(): Record<string, unknown>;
}

/**
 * Creates a scheduler client with every resource group (`jobs`, `nodes`, `allocations`, `deployments`,
 * `evaluations`, `events`, `variables`, `aclTokens`, `search`) and `request()`, built on `createSchedulerCore(options)`. Nothing is sent until a call.
 *
 * Options: `baseUrl` (required), `token` (left out or `undefined`: anonymous), `namespace`, `region`,
 * `debug`, `timeout`, `totalTimeout`, `retry`, `trustedOrigins`, ... (the README's "Client options").
 *
 * @example
 * ```ts
 * import { createSchedulerClient } from '@infra-sdk/scheduler-client';
 *
 * const client = createSchedulerClient({
 *   baseUrl: 'https://scheduler.example:4646',
 *   token: process.env.SCHEDULER_TOKEN, // unset: anonymous
 *   namespace: 'default',
 * });
 * console.log((await client.nodes.list()).length); // 2 on the fake
 * ```
 * @throws {RequestValidationError} when `token` is `''` or a header value cannot be sent (naming the
 *   option, never the value), or `options` (or its `retry`, `hooks`, `debug` or `rateLimit`) holds a
 *   key that is not an option (named with the nearest one).
 * @throws {TypeError} when `baseUrl` is not an absolute http(s) URL, or carries credentials, a query or
 *   a fragment.
 */
export function createSchedulerClient(options: SchedulerClientOptions): SchedulerClient {
  const core = createSchedulerCore(options);
  return {
    core,
    jobs: jobsGroup(core),
    nodes: nodesGroup(core),
    allocations: allocationsGroup(core),
    deployments: deploymentsGroup(core),
    evaluations: evaluationsGroup(core),
    events: eventsGroup(core),
    variables: variablesGroup(core),
    aclTokens: aclTokensGroup(core),
    search: searchGroup(core),
    request: (request, call) => sendRawRequest(core, request, call),
    toJSON: core.toJSON,
    [Symbol.for('nodejs.util.inspect.custom')]: core.toJSON,
  };
}
