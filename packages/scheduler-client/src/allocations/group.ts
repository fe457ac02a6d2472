import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { SchedulerCore } from '../core.js';
import { execAllocation } from '../exec/exec-allocation.js';
import { streamAllocationLogs } from './allocation-logs.js';
import { listAllocationServices, watchAllocationServices } from './allocation-services.js';
import { iterateAllocations, listAllocations, watchAllocations } from './list-allocations.js';
import { readAllocation, watchAllocation } from './read-allocation.js';
import { restartAllocation } from './restart-allocation.js';
import { signalAllocation } from './signal-allocation.js';
import { stopAllocation } from './stop-allocation.js';

const allocationOperations = {
  /**
   * `GET /v1/allocations`: lists allocations, oldest first: the whole list, or one page with `per_page`
   * (the next starts at `meta.nextToken`).
   *
   * Options: `namespace` (`'*'`: every namespace the token may see), `prefix` (even-length hex), `filter`,
   * `per_page`, `next_token`, `resources`, `task_states: false`, `reverse`; `index` and `wait` block.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * const { data, meta } = await scheduler.allocations.list({ per_page: 10, filter: 'JobID == "web"' }).withMeta();
   * console.log(data.length, meta.nextToken);
   * ```
   * @throws {RequestValidationError} before sending, when `prefix`, `per_page`, `index` or `wait` are refused.
   * @throws {BadRequestError} when the scheduler cannot read the `filter` expression.
   * @throws {PermissionDeniedError} when the token may not read jobs in the namespace.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  list: listAllocations,
  /**
   * `GET /v1/allocations`, every page: an `AsyncIterable` of allocations (core's `Paginator`: `.pages()`,
   * `.toArray()`), following `X-Scheduler-NextToken`.
   *
   * Options: those of `list` without the blocking ones; `per_page` (default 100) is the page size, `signal` stops it.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * for await (const alloc of scheduler.allocations.iterate({ namespace: '*', task_states: false })) {
   *   console.log(alloc.ID, alloc.ClientStatus);
   * }
   * ```
   * @throws {RequestValidationError} from the iteration, before the first request, when `prefix` or `per_page` are refused.
   * @throws {ResponseValidationError} from the iteration, when the server repeats a page token (`repeated-token`).
   * @throws {BadRequestError} from the iteration, when the scheduler cannot read the `filter`.
   * @throws {PermissionDeniedError} from the iteration, when the token may not read jobs in the namespace.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  iterate: iterateAllocations,
  /**
   * `GET /v1/allocations`, blocking: yields the allocation list now, then each time it changes.
   *
   * Options: those of `list`, and the watch's `index`, `wait`, `signal` (ends it quietly), `backoffMs`,
   * `maxBackoffMs`, `maxFailures`, `onRetry`.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * for await (const { data, meta } of scheduler.allocations.watchList({ filter: 'JobID == "web"' })) {
   *   console.log(meta.index, data.length);
   *   break; // the current list first; the next turn waits for a change
   * }
   * ```
   * @throws {RequestValidationError} from the iteration, when the listing's or the watch's options are refused.
   * @throws {BadRequestError} from the iteration, when the scheduler cannot read the `filter`.
   * @throws {PermissionDeniedError} from the iteration, when the token may not read jobs in the namespace.
   * @throws {ConnectionError | TimeoutError | ServerError} from the iteration, after `maxFailures` failed
   *   requests in a row (10 by default; each is retried with back-off and told to `onRetry`).
   */
  watchList: watchAllocations,
  /**
   * `GET /v1/allocation/:alloc_id`: reads one allocation (full UUID): its node, desired and client
   * status, task states and deployment health.
   *
   * Options: `namespace` (the client's by default); `index` and `wait` make it a blocking read.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * const [alloc] = await scheduler.jobs.listAllocations('web');
   * const { NodeID, ClientStatus } = await scheduler.allocations.read(alloc.ID);
   * console.log(NodeID, ClientStatus);
   * ```
   * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID or
   *   `index`/`wait` are out of range.
   * @throws {NotFoundError} when no allocation has that id.
   * @throws {PermissionDeniedError} when the token may not read jobs in the allocation's namespace.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  read: readAllocation,
  /**
   * `GET /v1/allocation/:alloc_id`, blocking: yields the allocation now, then each time it changes.
   *
   * Options: those of `read`, and the watch's `index`, `wait`, `signal` (ends it quietly), `backoffMs`,
   * `maxBackoffMs`, `maxFailures`, `onRetry`.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * const [alloc] = await scheduler.jobs.listAllocations('web');
   * for await (const { data, meta } of scheduler.allocations.watch(alloc.ID)) {
   *   console.log(meta.index, data.ClientStatus);
   *   if (data.ClientStatus === 'running') break; // pending first, running a moment later
   * }
   * ```
   * @throws {RequestValidationError} from the iteration, when the id is not a full UUID or the watch's options are refused.
   * @throws {NotFoundError} from the iteration, when no allocation has that id.
   * @throws {PermissionDeniedError} from the iteration, when the token may not read the allocation.
   * @throws {ConnectionError | TimeoutError | ServerError} from the iteration, after `maxFailures` failed
   *   requests in a row (10 by default; each is retried with back-off and told to `onRetry`).
   */
  watch: watchAllocation,
  /**
   * `POST /v1/allocation/:alloc_id/stop`: stops an allocation; the scheduler places a replacement
   * (through the evaluation `EvalID`).
   *
   * Options: `namespace`, `no_shutdown_delay` (skip the shutdown delays). Sent once unless `retryWrites: true`.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * const [alloc] = await scheduler.jobs.listAllocations('web');
   * const { EvalID } = await scheduler.allocations.stop(alloc.ID);
   * console.log(EvalID);
   * ```
   * @throws {RequestValidationError} before sending, when the id is not a full lower-case UUID.
   * @throws {NotFoundError} when no allocation has that id.
   * @throws {PermissionDeniedError} when the token lacks `alloc-lifecycle` in the allocation's namespace.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  stop: stopAllocation,
  /**
   * `POST /v1/client/allocation/:alloc_id/signal`: sends a signal to one task (`Task`) or to every task
   * of the allocation; resolves to `undefined`.
   *
   * Options: `namespace` (the client's by default).
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * const [alloc] = await scheduler.jobs.listAllocations('web');
   * await scheduler.allocations.signal(alloc.ID, { Signal: 'SIGHUP', Task: 'server' });
   * ```
   * @throws {RequestValidationError} before sending, when the id is not a full UUID or the body has unknown fields.
   * @throws {BadRequestError} when the allocation is not running or has no such task.
   * @throws {NotFoundError} when no allocation has that id.
   * @throws {PermissionDeniedError} when the token lacks `alloc-lifecycle` in the allocation's namespace.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  signal: signalAllocation,
  /**
   * `POST /v1/client/allocation/:alloc_id/restart`: restarts one task (`TaskName`), the running tasks
   * (no body) or every task (`AllTasks: true`); resolves to `undefined`.
   *
   * Options: `namespace` (the client's by default).
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * const [alloc] = await scheduler.jobs.listAllocations('web');
   * await scheduler.allocations.restart(alloc.ID, { AllTasks: true });
   * ```
   * @throws {RequestValidationError} before sending, when the id is not a full UUID, or `AllTasks` is
   *   true with a `TaskName`.
   * @throws {BadRequestError} when the allocation is not running or has no such task.
   * @throws {NotFoundError} when no allocation has that id.
   * @throws {PermissionDeniedError} when the token lacks `alloc-lifecycle` in the allocation's namespace.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  restart: restartAllocation,
  /**
   * `GET /v1/client/allocation/:alloc_id/exec` (WebSocket): runs a command in a task of the allocation
   * and resolves, once the socket is open, to an `ExecSession` (`stdout`, `stderr`, `write`, `resize`,
   * `exitCode`). The token goes in the first frame, never in the address.
   *
   * Options: `command` (required), `task` (required), `tty`; `namespace`, `timeout` (bounds opening: TCP,
   * TLS and the upgrade), `signal` (aborts opening and the session), `heartbeatMs` (default 10 000),
   * `clock` (where the heartbeats are timed). The client's `webSocket` option replaces the global
   * `WebSocket`.
   *
   * @example
   * ```ts compile-only
   * const session = await scheduler.allocations.exec('0b0e6f5a-1f4e-4d6c-9a53-5c1f3b8e2a10', {
   *   command: ['/bin/sh', '-c', 'echo hello'],
   *   task: 'server',
   * });
   * console.log(await new Response(session.stdout).text(), await session.exitCode);
   * ```
   * @throws {RequestValidationError} before opening, when the id is not a full UUID or the command or
   *   task is missing.
   * @throws {TimeoutError} when the socket is not open within `timeout`.
   * @throws {ConnectionError} when the socket closes before it opens.
   * @throws {AbortError} when `signal` aborts before the socket is open.
   * @throws {InfraSdkError} when no `WebSocket` is available or `heartbeatMs` is not positive.
   * @throws {PermissionDeniedError | NotFoundError | BadRequestError | ServerError} from `exitCode`, when
   *   the server refuses the session (close codes 1008, 1011, 4000 + status); a `ConnectionError` when
   *   the socket drops before the command exits; an `AbortError` after `close()`.
   */
  exec: execAllocation,
  /**
   * `GET /v1/allocation/:alloc_id/services`: lists the services the allocation's tasks registered in the
   * scheduler's catalog.
   *
   * Options: `namespace` (the client's by default); `index` and `wait` make it a blocking read.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * const [alloc] = await scheduler.jobs.listAllocations('web');
   * const services = await scheduler.allocations.listServices(alloc.ID);
   * console.log(services.map((service) => service.ServiceName));
   * ```
   * @throws {RequestValidationError} before sending, when the id is not a full UUID or `index`/`wait` are refused.
   * @throws {NotFoundError} when no allocation has that id.
   * @throws {PermissionDeniedError} when the token may not read jobs in the allocation's namespace.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  listServices: listAllocationServices,
  /**
   * `GET /v1/allocation/:alloc_id/services`, blocking: yields the allocation's services now, then each
   * time they change.
   *
   * Options: those of `listServices`, and the watch's `index`, `wait`, `signal`, `backoffMs`, `maxBackoffMs`,
   * `maxFailures`, `onRetry`.
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * const [alloc] = await scheduler.jobs.listAllocations('web');
   * for await (const { data: services } of scheduler.allocations.watchServices(alloc.ID)) {
   *   console.log(services.length);
   *   break;
   * }
   * ```
   * @throws {RequestValidationError} from the iteration, when the id is not a full UUID or the watch's options are refused.
   * @throws {NotFoundError} from the iteration, when no allocation has that id.
   * @throws {PermissionDeniedError} from the iteration, when the token may not read the allocation.
   * @throws {ConnectionError | TimeoutError | ServerError} from the iteration, after `maxFailures` failed
   *   requests in a row (10 by default; each is retried with back-off and told to `onRetry`).
   */
  watchServices: watchAllocationServices,
  /**
   * `GET /v1/client/fs/logs/:alloc_id`: a task's stdout or stderr, from the start or the end, at an
   * offset, followed or not. The service's frames are decoded to byte chunks (`for await`), to lines
   * (`lines()`) or to text (`text()`); each chunk and line carries the file's offset after it, and
   * `stream.offset` where the stream stands, so `{ origin: 'start', offset }` resumes it.
   *
   * Options: `task` (required), `type` (`stdout` or `stderr`), `origin` (`start` or `end`), `offset`
   * (bytes from `origin`), `follow` (deliver what the task writes until it stops), `maxFrameBytes`,
   * `maxLineBytes`, `namespace`, `signal` (ends the iteration quietly).
   *
   * @example
   * ```ts
   * await scheduler.jobs.create({
   *   Job: { ID: 'web', Datacenters: ['dc1'], TaskGroups: [{ Name: 'web', Tasks: [{ Name: 'server', Driver: 'docker' }] }] },
   * });
   * const [alloc] = await scheduler.jobs.listAllocations('web');
   * const logs = scheduler.allocations.logs(alloc.ID, { task: 'server', origin: 'end', offset: 4096 });
   * for await (const line of logs.lines()) console.log(line.text);
   * console.log('resume at', logs.offset);
   * ```
   * @throws {RequestValidationError} from the iteration, before sending, when the id is not a full UUID,
   *   `task` is missing, or `type`, `origin` or `offset` is refused.
   * @throws {BadRequestError} from the iteration, when the allocation has no such task.
   * @throws {NotFoundError} from the iteration, when no allocation has that id.
   * @throws {PermissionDeniedError} from the iteration, when the token may not read logs (`read-logs`).
   * @throws {ResponseValidationError} from the iteration, when a frame is not JSON, has not the frame's
   *   shape, is longer than `maxFrameBytes`, or the stream ends inside one.
   * @throws {TimeoutError | ConnectionError} from the iteration, as every call can (the README's "Errors").
   */
  logs: streamAllocationLogs,
};

/** The allocations group of the client; each method is the standalone operation with the core applied. */
export interface AllocationsGroup extends BoundGroup<SchedulerCore, typeof allocationOperations> {}

/** The allocations group of the client: `client.allocations.stop(id)`, `client.allocations.exec(id, ...)`, ... */
export function allocationsGroup(core: SchedulerCore): AllocationsGroup {
  return bindOperations(core, allocationOperations);
}
