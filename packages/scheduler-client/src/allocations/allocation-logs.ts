// A task's log as bytes and as lines. The service frames it (`plain=false`): each frame carries base64
// data and the file's offset at its end, so the stream always knows where it stands, and a later call
// with `origin: 'start'` and that offset resumes exactly there: nothing lost, nothing twice.
import {
  checkOptions,
  type KeySets,
  type OwnOptionKeys,
  path,
  RequestValidationError,
  type ValidationIssue,
} from '@infra-sdk/core';
import { type NamespaceOptions, namespaceOptionKeys, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import { framedStream, type LogStream } from './framed-stream.js';

export type { LogChunk, LogLine, LogStream } from './framed-stream.js';

/** Options of `streamAllocationLogs`. */
export interface AllocationLogsOptions extends NamespaceOptions {
  /** The task whose log to read (required). */
  readonly task: string;
  /** Which log: `stdout` (default) or `stderr`. */
  readonly type?: 'stdout' | 'stderr' | undefined;
  /** Count `offset` from the log's `start` (default) or from its `end` (the last bytes). */
  readonly origin?: 'start' | 'end' | undefined;
  /** Bytes from `origin`; default 0. With `origin: 'start'`, the `offset` of an earlier stream resumes it. */
  readonly offset?: number | undefined;
  /** Keep the stream open and deliver what the task writes, until it stops or `signal` aborts. Default false. */
  readonly follow?: boolean | undefined;
  /** Largest frame accepted, in bytes; a longer one ends the stream with a `ResponseValidationError`. Default 4 MiB. */
  readonly maxFrameBytes?: number | undefined;
  /** Longest line `lines()` delivers whole, in bytes; a longer one comes in pieces of this size. Default 1 MiB. */
  readonly maxLineBytes?: number | undefined;
}

/** The keys of `AllocationLogsOptions`. */
export const allocationLogsOptionKeys: KeySets = [
  namespaceOptionKeys,
  {
    task: 1,
    type: 1,
    origin: 1,
    offset: 1,
    follow: 1,
    maxFrameBytes: 1,
    maxLineBytes: 1,
  } as const satisfies OwnOptionKeys<AllocationLogsOptions, NamespaceOptions>,
];

const TYPES = new Set(['stdout', 'stderr']);
const ORIGINS = new Set(['start', 'end']);

function checkLogOptions(options: AllocationLogsOptions | undefined): void {
  checkOptions(options, allocationLogsOptionKeys, 'allocation logs options');
  const problems: ValidationIssue[] = [];
  if (typeof options?.task !== 'string' || options.task === '') {
    problems.push({ path: 'task', message: 'name the task whose log to read' });
  }
  if (options?.type !== undefined && !TYPES.has(options.type)) {
    problems.push({ path: 'type', message: `${String(options.type)} is not stdout or stderr` });
  }
  if (options?.origin !== undefined && !ORIGINS.has(options.origin)) {
    problems.push({ path: 'origin', message: `${String(options.origin)} is not start or end` });
  }
  for (const name of ['offset', 'maxFrameBytes', 'maxLineBytes'] as const) {
    const value = options?.[name];
    if (value !== undefined && (!Number.isSafeInteger(value) || value < (name === 'offset' ? 0 : 1))) {
      problems.push({ path: name, message: `${value} is not a whole number of bytes` });
    }
  }
  if (problems.length > 0) throw new RequestValidationError('allocation logs', problems);
}

/**
 * `GET /v1/client/fs/logs/:alloc_id`: a task's stdout or stderr, from the start or the end, at an
 * offset, followed or not. The service's frames are decoded to byte chunks (`for await`), to lines
 * (`lines()`) or to text (`text()`); each chunk and line carries the file's offset after it, and
 * `stream.offset` where the stream stands, so `{ origin: 'start', offset }` resumes it.
 *
 * Options: `task` (required), `type` (`stdout` or `stderr`), `origin` (`start` or `end`), `offset`
 * (bytes from `origin`), `follow` (deliver what the task writes until it stops), `maxFrameBytes`,
 * `maxLineBytes`.
 *
 * @example
 * ```ts
 * import { streamAllocationLogs } from '@infra-sdk/scheduler-client';
 *
 * const [alloc] = await scheduler.jobs.listAllocations('web');
 * const logs = streamAllocationLogs(core, alloc.ID, { task: 'server', origin: 'end', offset: 4096 });
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
 */
export function streamAllocationLogs(
  core: SchedulerCore,
  allocId: string,
  options: AllocationLogsOptions,
): LogStream {
  const { task, type, origin, offset, follow, maxFrameBytes, maxLineBytes, ...call } = options ?? {};
  return framedStream(core, {
    describe: () => {
      checkLogOptions(options);
      return {
        path: path`/client/fs/logs/${fullUuid(allocId, 'allocation id')}`,
        query: { ...namespaceQuery(core, options), task, type: type ?? 'stdout', origin, offset, follow },
      };
    },
    call,
    maxFrameBytes: maxFrameBytes ?? 4 * 1024 * 1024,
    maxLineBytes: maxLineBytes ?? 1024 * 1024,
    again: 'streamAllocationLogs',
  });
}
