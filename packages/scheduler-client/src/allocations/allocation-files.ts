// The client file system of an allocation: its directory listed and stat'ed, a file read whole or at
// an offset, and a file streamed as the log endpoint streams logs (framed, resumable by offset). The
// node serves them; the scheduler forwards the request to it.
import {
  ApiPromise,
  type ApiResult,
  checkOptions,
  type KeySets,
  type OwnOptionKeys,
  path as pathOf,
  RequestValidationError,
  ResponseValidationError,
  sendOperation,
  type ValidationIssue,
} from '@infra-sdk/core';
import { type NamespaceOptions, namespaceOptionKeys, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import { framedStream, type LogStream } from './framed-stream.js';
import { AllocationFileInfoListSchema, AllocationFileInfoSchema } from './schemas.js';
import type { AllocationFileInfo } from './types.generated.js';

/** Options of `listAllocationFiles`. */
export interface ListAllocationFilesOptions extends NamespaceOptions {
  /** The directory to list, in the allocation directory; default its root (`/`). */
  readonly path?: string | undefined;
}

/** Options of `readAllocationFile`. */
export interface ReadAllocationFileOptions extends NamespaceOptions {
  /** Largest file read, in bytes; a longer one fails with a `ResponseValidationError`. Default 16 MiB. */
  readonly maxBytes?: number | undefined;
}

/** Options of `readAllocationFileAt`. */
export interface ReadAllocationFileAtOptions extends NamespaceOptions {
  /** The first byte to read. */
  readonly offset: number;
  /** How many bytes to read from `offset`, at most. */
  readonly limit: number;
}

/** Options of `streamAllocationFile`. */
export interface StreamAllocationFileOptions extends NamespaceOptions {
  /** Count `offset` from the file's `start` (default) or from its `end`. */
  readonly origin?: 'start' | 'end' | undefined;
  /** Bytes from `origin`; default 0. With `origin: 'start'`, the `offset` of an earlier stream resumes it. */
  readonly offset?: number | undefined;
  /** Keep the stream open and deliver what is written to the file, until `signal` aborts. Default false. */
  readonly follow?: boolean | undefined;
  /** Largest frame accepted, in bytes; a longer one ends the stream with a `ResponseValidationError`. Default 4 MiB. */
  readonly maxFrameBytes?: number | undefined;
  /** Longest line `lines()` delivers whole, in bytes; a longer one comes in pieces of this size. Default 1 MiB. */
  readonly maxLineBytes?: number | undefined;
}

/** The keys of `ListAllocationFilesOptions`. */
export const listAllocationFilesOptionKeys: KeySets = [
  namespaceOptionKeys,
  { path: 1 } as const satisfies OwnOptionKeys<ListAllocationFilesOptions, NamespaceOptions>,
];

/** The keys of `ReadAllocationFileOptions`. */
export const readAllocationFileOptionKeys: KeySets = [
  namespaceOptionKeys,
  { maxBytes: 1 } as const satisfies OwnOptionKeys<ReadAllocationFileOptions, NamespaceOptions>,
];

/** The keys of `ReadAllocationFileAtOptions`. */
export const readAllocationFileAtOptionKeys: KeySets = [
  namespaceOptionKeys,
  { offset: 1, limit: 1 } as const satisfies OwnOptionKeys<ReadAllocationFileAtOptions, NamespaceOptions>,
];

/** The keys of `StreamAllocationFileOptions`. */
export const streamAllocationFileOptionKeys: KeySets = [
  namespaceOptionKeys,
  {
    origin: 1,
    offset: 1,
    follow: 1,
    maxFrameBytes: 1,
    maxLineBytes: 1,
  } as const satisfies OwnOptionKeys<StreamAllocationFileOptions, NamespaceOptions>,
];

/** A path inside the allocation directory (`alloc/logs`, `web/local/app.conf`); `..` cannot leave it. */
function filePath(file: string | undefined, what: string): string | undefined {
  if (file === undefined) return undefined;
  if (typeof file !== 'string' || file.includes('\0') || file.split('/').includes('..')) {
    throw new RequestValidationError(what, [
      {
        path: 'path',
        message: `${JSON.stringify(file)} is not a path inside the allocation directory: no ".." segments, no NUL`,
      },
    ]);
  }
  return file;
}

function byteCount(problems: ValidationIssue[], name: string, value: unknown, least: number): void {
  if (value !== undefined && (typeof value !== 'number' || !Number.isSafeInteger(value) || value < least)) {
    problems.push({
      path: name,
      message: `${String(value)} is not a whole number of bytes, ${least} or more`,
    });
  }
}

function refuse(what: string, problems: ValidationIssue[]): void {
  if (problems.length > 0) throw new RequestValidationError(what, problems);
}

/** Reads a body to its end, refusing one longer than `maxBytes`. */
async function readAll(body: ReadableStream<Uint8Array>, maxBytes: number, url: string): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxBytes) {
        throw new ResponseValidationError(
          'line-too-long',
          `The file is longer than ${maxBytes} bytes (maxBytes)`,
          {
            method: 'GET',
            url,
          },
        );
      }
      parts.push(value);
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const whole = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

/** A GET of raw bytes, as an `ApiPromise` with the response metadata. */
function bytesOf(
  core: SchedulerCore,
  options: NamespaceOptions | undefined,
  maxBytes: number,
  describe: () => { readonly path: string; readonly query: Record<string, unknown> },
): ApiPromise<Uint8Array> {
  let url = '';
  const call = sendOperation(
    core,
    () => {
      const described = describe();
      url = described.path;
      return {
        method: 'GET',
        ...described,
        query: described.query as never,
        responseType: 'stream' as const,
      };
    },
    options,
  ) as ApiPromise<ReadableStream<Uint8Array>>;
  return new ApiPromise(
    call.withMeta().then(
      async ({ data, meta }): Promise<ApiResult<Uint8Array>> => ({
        data: await readAll(data, maxBytes, url),
        meta,
      }),
    ),
  );
}

/**
 * `GET /v1/client/fs/ls/:alloc_id`: lists a directory of the allocation (its root by default): each
 * entry's `Name`, `IsDir`, `Size`, `FileMode` and `ModTime`. The root holds `alloc/` (shared by the
 * group's tasks: `alloc/logs`, `alloc/data`, `alloc/tmp`) and a directory per task (`local/`, `secrets/`, `tmp/`).
 *
 * Options: `path` (default `/`).
 *
 * @example
 * ```ts
 * import { listAllocationFiles } from '@infra-sdk/scheduler-client';
 *
 * const [alloc] = await scheduler.jobs.listAllocations('web');
 * const logs = await listAllocationFiles(core, alloc.ID, { path: 'alloc/logs' });
 * console.log(logs.map((file) => `${file.Name} ${file.Size}`)); // server.stderr.0 0, server.stdout.0 ...
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full UUID or the path has a `..` segment.
 * @throws {NotFoundError} when no allocation has that id, or the path is not in its directory.
 * @throws {PermissionDeniedError} when the token may not read the file system (`read-fs`).
 */
export function listAllocationFiles(
  core: SchedulerCore,
  allocId: string,
  options?: ListAllocationFilesOptions,
): ApiPromise<AllocationFileInfo[]> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: pathOf`/client/fs/ls/${fullUuid(allocId, 'allocation id')}`,
      query: { ...namespaceQuery(core, options), path: filePath(options?.path, 'allocation file listing') },
      schema: AllocationFileInfoListSchema,
    }),
    options,
    listAllocationFilesOptionKeys,
  );
}

/**
 * `GET /v1/client/fs/stat/:alloc_id`: describes one file or directory of the allocation: `Name`,
 * `IsDir`, `Size`, `FileMode`, `ModTime`.
 *
 * @example
 * ```ts
 * import { statAllocationFile } from '@infra-sdk/scheduler-client';
 *
 * const [alloc] = await scheduler.jobs.listAllocations('web');
 * const stdout = await statAllocationFile(core, alloc.ID, 'alloc/logs/server.stdout.0');
 * console.log(stdout.Size, stdout.ModTime);
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full UUID or the path has a `..` segment.
 * @throws {NotFoundError} when no allocation has that id, or the path is not in its directory.
 * @throws {PermissionDeniedError} when the token may not read the file system (`read-fs`).
 */
export function statAllocationFile(
  core: SchedulerCore,
  allocId: string,
  file: string,
  options?: NamespaceOptions,
): ApiPromise<AllocationFileInfo> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: pathOf`/client/fs/stat/${fullUuid(allocId, 'allocation id')}`,
      query: { ...namespaceQuery(core, options), path: filePath(file, 'allocation file stat') },
      schema: AllocationFileInfoSchema,
    }),
    options,
    namespaceOptionKeys,
  );
}

/**
 * `GET /v1/client/fs/cat/:alloc_id`: reads a whole file of the allocation as bytes (decode text with
 * `TextDecoder`). For a file that grows, or a large one, read at an offset or stream it instead.
 *
 * Options: `maxBytes` (default 16 MiB).
 *
 * @example
 * ```ts
 * import { readAllocationFile } from '@infra-sdk/scheduler-client';
 *
 * const [alloc] = await scheduler.jobs.listAllocations('web');
 * const bytes = await readAllocationFile(core, alloc.ID, 'alloc/logs/server.stdout.0');
 * console.log(new TextDecoder().decode(bytes)); // what the task wrote so far
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full UUID, the path has a `..`
 *   segment, or `maxBytes` is not a whole number.
 * @throws {BadRequestError} when the path is a directory.
 * @throws {NotFoundError} when no allocation has that id, or the file is not there.
 * @throws {PermissionDeniedError} when the token may not read the file system (`read-fs`).
 * @throws {ResponseValidationError} when the file is longer than `maxBytes`.
 */
export function readAllocationFile(
  core: SchedulerCore,
  allocId: string,
  file: string,
  options?: ReadAllocationFileOptions,
): ApiPromise<Uint8Array> {
  const { maxBytes, ...call } = options ?? {};
  return bytesOf(core, call, maxBytes ?? 16 * 1024 * 1024, () => {
    // The whole options, so that a misspelt `maxBytes` is named as the nearest.
    checkOptions(options, readAllocationFileOptionKeys, 'request options');
    const problems: ValidationIssue[] = [];
    byteCount(problems, 'maxBytes', maxBytes, 1);
    refuse('allocation file read', problems);
    return {
      path: pathOf`/client/fs/cat/${fullUuid(allocId, 'allocation id')}`,
      query: { ...namespaceQuery(core, call), path: filePath(file, 'allocation file read') },
    };
  });
}

/**
 * `GET /v1/client/fs/readat/:alloc_id`: reads up to `limit` bytes of a file of the allocation from
 * `offset` (fewer at its end; none past it).
 *
 * Options: `offset` and `limit` (required).
 *
 * @example
 * ```ts
 * import { readAllocationFileAt } from '@infra-sdk/scheduler-client';
 *
 * const [alloc] = await scheduler.jobs.listAllocations('web');
 * const head = await readAllocationFileAt(core, alloc.ID, 'alloc/logs/server.stdout.0', { offset: 0, limit: 15 });
 * console.log(new TextDecoder().decode(head)); // its first 15 bytes, once the task wrote them
 * ```
 * @throws {RequestValidationError} before sending, when the id is not a full UUID, the path has a `..`
 *   segment, or `offset` or `limit` is missing or not a whole number.
 * @throws {BadRequestError} when the path is a directory.
 * @throws {NotFoundError} when no allocation has that id, or the file is not there.
 * @throws {PermissionDeniedError} when the token may not read the file system (`read-fs`).
 */
export function readAllocationFileAt(
  core: SchedulerCore,
  allocId: string,
  file: string,
  options: ReadAllocationFileAtOptions,
): ApiPromise<Uint8Array> {
  const { offset, limit, ...call } = options ?? ({} as ReadAllocationFileAtOptions);
  // The answer holds at most `limit` bytes: a longer one is not what was asked for.
  return bytesOf(core, call, Number.isSafeInteger(limit) ? limit : 0, () => {
    checkOptions(options, readAllocationFileAtOptionKeys, 'request options');
    const problems: ValidationIssue[] = [];
    if (offset === undefined) problems.push({ path: 'offset', message: 'give the offset to read from' });
    if (limit === undefined) problems.push({ path: 'limit', message: 'give the most bytes to read' });
    byteCount(problems, 'offset', offset, 0);
    byteCount(problems, 'limit', limit, 1);
    refuse('allocation file read', problems);
    return {
      path: pathOf`/client/fs/readat/${fullUuid(allocId, 'allocation id')}`,
      query: { ...namespaceQuery(core, call), path: filePath(file, 'allocation file read'), offset, limit },
    };
  });
}

/**
 * `GET /v1/client/fs/stream/:alloc_id`: a file of the allocation from the start or the end, at an
 * offset, followed or not, decoded from the service's frames as the logs are: byte chunks (`for
 * await`), lines (`lines()`) or text (`text()`); each chunk and line carries the file's offset after
 * it, and `stream.offset` where the stream stands, so `{ origin: 'start', offset }` resumes it.
 *
 * Options: `origin` (`start` or `end`), `offset` (bytes from `origin`), `follow` (deliver what is
 * written until `signal` aborts), `maxFrameBytes`, `maxLineBytes`.
 *
 * @example
 * ```ts
 * import { streamAllocationFile } from '@infra-sdk/scheduler-client';
 *
 * const [alloc] = await scheduler.jobs.listAllocations('web');
 * const file = streamAllocationFile(core, alloc.ID, 'alloc/logs/server.stdout.0', { origin: 'end', offset: 1024 });
 * for await (const line of file.lines()) console.log(line.text);
 * console.log('resume at', file.offset);
 * ```
 * @throws {RequestValidationError} from the iteration, before sending, when the id is not a full UUID,
 *   the path has a `..` segment, or `origin`, `offset` or a byte limit is refused.
 * @throws {BadRequestError} from the iteration, when the path is a directory.
 * @throws {NotFoundError} from the iteration, when no allocation has that id, or the file is not there.
 * @throws {PermissionDeniedError} from the iteration, when the token may not read the file system (`read-fs`).
 * @throws {ResponseValidationError} from the iteration, when a frame is not JSON, has not the frame's
 *   shape, is longer than `maxFrameBytes`, or the stream ends inside one.
 */
export function streamAllocationFile(
  core: SchedulerCore,
  allocId: string,
  file: string,
  options: StreamAllocationFileOptions = {},
): LogStream {
  const { origin, offset, follow, maxFrameBytes, maxLineBytes, ...call } = options;
  return framedStream(core, {
    describe: () => {
      checkOptions(options, streamAllocationFileOptionKeys, 'request options');
      const problems: ValidationIssue[] = [];
      if (origin !== undefined && origin !== 'start' && origin !== 'end') {
        problems.push({ path: 'origin', message: `${String(origin)} is not start or end` });
      }
      byteCount(problems, 'offset', offset, 0);
      byteCount(problems, 'maxFrameBytes', maxFrameBytes, 1);
      byteCount(problems, 'maxLineBytes', maxLineBytes, 1);
      refuse('allocation file stream', problems);
      return {
        path: pathOf`/client/fs/stream/${fullUuid(allocId, 'allocation id')}`,
        query: {
          ...namespaceQuery(core, call),
          path: filePath(file, 'allocation file stream'),
          origin: origin ?? 'start',
          offset: offset ?? 0,
          // The service follows unless told not to; the client reads to the end unless asked to follow.
          follow: follow ?? false,
        },
      };
    },
    call,
    maxFrameBytes: maxFrameBytes ?? 4 * 1024 * 1024,
    maxLineBytes: maxLineBytes ?? 1024 * 1024,
    again: 'streamAllocationFile',
  });
}
