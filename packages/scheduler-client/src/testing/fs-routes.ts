// The client file system endpoints of the fake (`/v1/client/fs/{ls,stat,cat,readat,stream}`) over its
// allocation directories, and an allocation's check results and resource use. `stream` frames a file
// as the log endpoint does, `{File, Offset, Data}` with base64 data and the offset at its end, and
// follows it (the service's default) on the fake's clock, with `{}` heartbeats while it is idle.
import { createHash } from 'node:crypto';
import type { TestRequest, TestServer } from '@infra-sdk/core/testing';
import type { Access } from './acl.js';
import { cleanPath } from './alloc-files.js';
import { badRequest, notFound } from './fault.js';
import { flag, namespaceOf, type RouteContext, reply, route } from './http.js';
import type { SchedulerStore } from './store.js';
import type { Allocation } from './wire-types.js';

const FULL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TERMINAL = new Set(['complete', 'failed', 'lost']);
/** Most bytes in one frame, as the service's framer cuts them. */
const FRAME_BYTES = 64 * 1024;

/** The allocation of a request's path, after checking the token holds `capability` in its namespace. */
function allocationOf(
  store: SchedulerStore,
  req: TestRequest,
  access: Access,
  capability: 'read-fs' | 'read-job',
): Allocation {
  const id = req.params.alloc_id ?? '';
  if (!FULL_UUID.test(id)) throw badRequest('invalid allocation ID: must be a full UUID');
  const alloc = store.allocations.get(id);
  if (alloc === undefined) {
    access.requireNamespace(namespaceOf(req), capability);
    throw notFound('Unknown allocation');
  }
  access.requireNamespace(alloc.Namespace ?? 'default', capability);
  return alloc;
}

/** A whole number query parameter; `fallback` when absent, refused when required and absent. */
function numberOf(req: TestRequest, name: string, fallback?: number): number {
  const text = req.query.get(name);
  if (text === null || text === '') {
    if (fallback === undefined) throw badRequest(`must provide ${name}`);
    return fallback;
  }
  if (!/^\d+$/.test(text)) throw badRequest(`failed to parse ${name} "${text}"`);
  return Number(text);
}

/** The frames of a file from `offset` of `origin`, followed while asked and the allocation runs. */
async function* fileFrames(
  context: RouteContext,
  alloc: Allocation,
  path: string,
  start: { readonly origin: 'start' | 'end'; readonly offset: number; readonly follow: boolean },
  signal: AbortSignal,
): AsyncGenerator<string> {
  const { store } = context;
  const files = store.allocFiles;
  const name = cleanPath(path);
  const size = files.read(alloc, name).length;
  let sent = start.origin === 'start' ? Math.min(start.offset, size) : Math.max(0, size - start.offset);
  const stopping = AbortSignal.any([signal, store.closing]);
  for (;;) {
    const bytes = files.read(alloc, name);
    if (bytes.length < sent) {
      // The file was cut short: say so, and carry on from its new end.
      yield JSON.stringify({ File: name, FileEvent: 'file truncated' });
      sent = bytes.length;
    }
    for (let at = sent; at < bytes.length; at += FRAME_BYTES) {
      const data = bytes.subarray(at, Math.min(bytes.length, at + FRAME_BYTES));
      sent = at + data.length;
      yield JSON.stringify({ File: name, Offset: sent, Data: data.toString('base64') });
    }
    if (!start.follow || stopping.aborted || TERMINAL.has(alloc.ClientStatus ?? '')) return;
    // Until something is written, the next line is due, or a heartbeat is, by the fake's clock.
    const pause = new AbortController();
    const unsubscribe = store.taskLogs.onChange(() => pause.abort());
    const due = store.taskLogs.nextDue(alloc.ID);
    const waitMs = Math.min(
      context.heartbeatMs,
      due === undefined ? Infinity : Math.max(0, due - store.clock.now()),
    );
    const onStop = () => pause.abort();
    stopping.addEventListener('abort', onStop, { once: true });
    await store.sleep(waitMs, pause.signal);
    stopping.removeEventListener('abort', onStop);
    unsubscribe();
    const woken = pause.signal.aborted;
    pause.abort();
    if (stopping.aborted) return;
    const grew = files.read(alloc, name).length !== sent;
    const lineDue = due !== undefined && store.clock.now() >= due;
    if (!woken && !grew && !lineDue) yield '{}';
  }
}

/** The checks of an allocation's services the fake runs: each passes, unless written `critical`. */
function checksOf(store: SchedulerStore, alloc: Allocation): Record<string, unknown> {
  const results: Record<string, unknown> = {};
  const group = alloc.Job?.TaskGroups?.find((candidate) => candidate.Name === alloc.TaskGroup);
  const services = [
    ...(group?.Services ?? []).map((service) => ({ service, task: '' })),
    ...(group?.Tasks ?? []).flatMap((task) =>
      (task.Services ?? []).map((service) => ({ service, task: task.Name ?? '' })),
    ),
  ];
  for (const { service, task } of services) {
    for (const check of service.Checks ?? []) {
      const id = createHash('md5').update(`${alloc.ID}/${service.Name}/${check.Name}`).digest('hex');
      const failing = check.InitialStatus === 'critical';
      results[id] = {
        ID: id,
        Check: check.Name ?? '',
        Group: alloc.Name ?? '',
        ...(task === '' ? {} : { Task: task }),
        Service: service.Name ?? '',
        Mode: 'healthiness',
        Status: failing ? 'failure' : 'success',
        ...(check.Type === 'http' ? { StatusCode: failing ? 500 : 200 } : {}),
        Output: `nomad: ${check.Type ?? 'tcp'} ${failing ? 'failed' : 'ok'}`,
        Timestamp: Math.floor(store.clock.now() / 1000),
      };
    }
  }
  return results;
}

/** What the fake's tasks use: a steady share of what each asked for. */
function statsOf(store: SchedulerStore, alloc: Allocation): Record<string, unknown> {
  const timestamp = BigInt(Math.round(store.clock.now())) * 1_000_000n;
  const usage = (cpu: number, memoryMb: number) => ({
    CpuStats: {
      Measured: ['Throttled Periods', 'Throttled Time', 'Percent'],
      Percent: cpu / 10,
      SystemMode: 0,
      UserMode: 0,
      TotalTicks: cpu / 4,
      ThrottledPeriods: 0,
      ThrottledTime: 0,
    },
    MemoryStats: {
      Measured: ['RSS', 'Cache', 'Swap', 'Max Usage'],
      RSS: Math.round(memoryMb * 1024 * 1024 * 0.4),
      Cache: 0,
      Swap: 0,
      MaxUsage: Math.round(memoryMb * 1024 * 1024 * 0.5),
      KernelUsage: 0,
      KernelMaxUsage: 0,
    },
  });
  const group = alloc.Job?.TaskGroups?.find((candidate) => candidate.Name === alloc.TaskGroup);
  const tasks: Record<string, unknown> = {};
  let cpu = 0;
  let memory = 0;
  for (const task of group?.Tasks ?? []) {
    const taskCpu = task.Resources?.CPU ?? 100;
    const taskMemory = task.Resources?.MemoryMB ?? 300;
    cpu += taskCpu;
    memory += taskMemory;
    tasks[task.Name ?? ''] = {
      Pids: null,
      ResourceUsage: usage(taskCpu, taskMemory),
      Timestamp: rawNanos(timestamp),
    };
  }
  return { ResourceUsage: usage(cpu, memory), Tasks: tasks, Timestamp: rawNanos(timestamp) };
}

/** A Unix-nanosecond time written with every digit. */
function rawNanos(nanos: bigint): unknown {
  const rawJson = (JSON as { rawJSON?: (text: string) => unknown }).rawJSON;
  return rawJson ? rawJson(nanos.toString()) : Number(nanos);
}

/** Adds the file system, checks and stats routes to `server`. */
export function addFileSystemRoutes(server: TestServer, context: RouteContext): void {
  const { store } = context;
  const files = store.allocFiles;
  const pathOf = (req: TestRequest) => req.query.get('path') ?? '/';

  server.route(
    'GET',
    '/v1/client/fs/ls/:alloc_id',
    route(context, (req, res, access) => {
      const alloc = allocationOf(store, req, access, 'read-fs');
      reply(req, res, files.list(alloc, pathOf(req)), store.index);
    }),
  );

  server.route(
    'GET',
    '/v1/client/fs/stat/:alloc_id',
    route(context, (req, res, access) => {
      const alloc = allocationOf(store, req, access, 'read-fs');
      reply(req, res, files.stat(alloc, pathOf(req)), store.index);
    }),
  );

  server.route(
    'GET',
    '/v1/client/fs/cat/:alloc_id',
    route(context, (req, res, access) => {
      const alloc = allocationOf(store, req, access, 'read-fs');
      const bytes = files.read(alloc, pathOf(req));
      res.raw.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': bytes.length });
      res.raw.end(bytes);
    }),
  );

  server.route(
    'GET',
    '/v1/client/fs/readat/:alloc_id',
    route(context, (req, res, access) => {
      const alloc = allocationOf(store, req, access, 'read-fs');
      const offset = numberOf(req, 'offset');
      const limit = numberOf(req, 'limit');
      const bytes = files.read(alloc, pathOf(req)).subarray(offset, offset + limit);
      res.raw.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': bytes.length });
      res.raw.end(bytes);
    }),
  );

  server.route(
    'GET',
    '/v1/client/fs/stream/:alloc_id',
    route(context, async (req, res, access) => {
      const alloc = allocationOf(store, req, access, 'read-fs');
      const origin = req.query.get('origin') ?? 'start';
      if (origin !== 'start' && origin !== 'end') throw badRequest('origin must be start or end');
      const start = {
        origin,
        offset: numberOf(req, 'offset', 0),
        follow: flag(req, 'follow', true),
      } as const;
      // A directory or a missing file is refused before the stream starts.
      files.read(alloc, pathOf(req));
      await res.chunked(200, fileFrames(context, alloc, pathOf(req), start, req.signal), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );

  server.route(
    'GET',
    '/v1/allocation/:alloc_id/checks',
    route(context, (req, res, access) => {
      const alloc = allocationOf(store, req, access, 'read-job');
      reply(req, res, checksOf(store, alloc), store.index);
    }),
  );

  server.route(
    'GET',
    '/v1/client/allocation/:alloc_id/stats',
    route(context, (req, res, access) => {
      const alloc = allocationOf(store, req, access, 'read-job');
      if (alloc.ClientStatus !== 'running') throw badRequest('allocation is not running');
      reply(req, res, statsOf(store, alloc), store.index);
    }),
  );
}
