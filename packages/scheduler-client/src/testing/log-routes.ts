// `GET /v1/client/fs/logs/:alloc_id` of the fake: a task's stdout or stderr from the start or the end,
// at an offset, followed or not. Framed (the default, `plain=false`): JSON frames one after another,
// `{File, Offset, Data}` with base64 `Data` and `Offset` the file's offset at the end of it, `{}` as a
// heartbeat while a followed log is idle, `{File, FileEvent}` on a file event. Plain: the bytes alone.
import type { TestRequest, TestResponse, TestServer } from '@infra-sdk/core/testing';
import { badRequest, notFound } from './fault.js';
import { flag, namespaceOf, type RouteContext, route } from './http.js';
import { type LogType, logFileName } from './task-logs.js';
import type { Allocation } from './wire-types.js';

const FULL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TERMINAL = new Set(['complete', 'failed', 'lost']);
/** Most bytes in one frame, as the service's framer cuts them. */
const FRAME_BYTES = 64 * 1024;

interface LogRequest {
  readonly alloc: Allocation;
  readonly task: string;
  readonly type: LogType;
  readonly origin: 'start' | 'end';
  readonly offset: number;
  readonly follow: boolean;
  readonly plain: boolean;
}

function logRequestOf(req: TestRequest, alloc: Allocation): LogRequest {
  const task = req.query.get('task') ?? '';
  if (task === '') throw badRequest('must include task name');
  if (!Object.hasOwn(alloc.TaskStates ?? {}, task)) throw badRequest(`unknown task name "${task}"`);
  const type = req.query.get('type') ?? '';
  if (type !== 'stdout' && type !== 'stderr') throw badRequest('must include type (stdout or stderr)');
  const origin = req.query.get('origin') ?? 'start';
  if (origin !== 'start' && origin !== 'end') throw badRequest('origin must be start or end');
  const offsetText = req.query.get('offset') ?? '0';
  const offset = Number(offsetText);
  if (!/^\d+$/.test(offsetText) || !Number.isSafeInteger(offset)) {
    throw badRequest(`failed to parse offset "${offsetText}"`);
  }
  return { alloc, task, type, origin, offset, follow: flag(req, 'follow'), plain: flag(req, 'plain') };
}

/** The frames (or plain chunks) of one log request, as the file grows on the fake's clock. */
async function* logChunks(
  context: RouteContext,
  request: LogRequest,
  signal: AbortSignal,
): AsyncGenerator<string | Uint8Array> {
  const { store } = context;
  const logs = store.taskLogs;
  const { alloc, task, type } = request;
  const file = logFileName(task, type);
  logs.catchUp(alloc.ID, store.clock.now());
  const { size } = logs.read(alloc.ID, task, type);
  let sent = request.origin === 'start' ? Math.min(request.offset, size) : Math.max(0, size - request.offset);
  const stopping = AbortSignal.any([signal, store.closing]);
  for (;;) {
    logs.catchUp(alloc.ID, store.clock.now());
    const { bytes } = logs.read(alloc.ID, task, type, sent);
    for (let at = 0; at < bytes.length; at += FRAME_BYTES) {
      const data = bytes.subarray(at, at + FRAME_BYTES);
      sent += data.length;
      yield request.plain
        ? data
        : JSON.stringify({ File: file, Offset: sent, Data: data.toString('base64') });
    }
    // A followed log ends once the allocation stopped and its last bytes went out.
    if (!request.follow || stopping.aborted || TERMINAL.has(alloc.ClientStatus ?? '')) return;
    // Until the file grows, the next line is due, or a heartbeat is, by the fake's clock.
    const pause = new AbortController();
    const unsubscribe = logs.onChange(() => pause.abort());
    const due = logs.nextDue(alloc.ID);
    const now = store.clock.now();
    const waitMs = Math.min(context.heartbeatMs, due === undefined ? Infinity : Math.max(0, due - now));
    const onStop = () => pause.abort();
    stopping.addEventListener('abort', onStop, { once: true });
    await store.sleep(waitMs, pause.signal);
    stopping.removeEventListener('abort', onStop);
    unsubscribe();
    const woken = pause.signal.aborted;
    pause.abort();
    if (stopping.aborted) return;
    const grew = logs.read(alloc.ID, task, type, sent).bytes.length > 0;
    const lineDue = due !== undefined && store.clock.now() >= due;
    if (!woken && !grew && !lineDue && !request.plain) yield '{}';
  }
}

/** Adds the log route to `server`. */
export function addLogRoutes(server: TestServer, context: RouteContext): void {
  const { store } = context;
  server.route(
    'GET',
    '/v1/client/fs/logs/:alloc_id',
    route(context, async (req, res: TestResponse, access) => {
      const id = req.params.alloc_id ?? '';
      if (!FULL_UUID.test(id)) throw badRequest('invalid allocation ID: must be a full UUID');
      const alloc = store.allocations.get(id);
      if (alloc === undefined) {
        access.requireNamespace(namespaceOf(req), 'read-logs');
        throw notFound('Unknown allocation');
      }
      access.requireNamespace(alloc.Namespace ?? 'default', 'read-logs');
      const request = logRequestOf(req, alloc);
      await res.chunked(200, logChunks(context, request, req.signal), {
        headers: { 'content-type': request.plain ? 'text/plain; charset=utf-8' : 'application/json' },
      });
    }),
  );
}
