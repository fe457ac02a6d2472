import {
  AbortError,
  ApiPromise,
  ConnectionError,
  emptyResponseMeta,
  encodePathSegment,
  InfraSdkError,
  type ResponseMeta,
  redactUrl,
  TimeoutError,
  toSearchParams,
  validateRequest,
} from '@infra-sdk/core';
import { type NamespaceOptions, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import { type ExecClientFrame, type ExecRequest, ExecRequestSchema } from './frames.js';
import { type ExecSession, startSession } from './session.js';

/** Options of `execAllocation`. */
export interface ExecOptions extends NamespaceOptions {
  /** Interval of the heartbeat frames that keep the session alive, in ms. Default 10 000. */
  readonly heartbeatMs?: number | undefined;
}

/** The default time limit of the opening handshake, as for any request: 30 s. */
const DEFAULT_OPEN_TIMEOUT_MS = 30_000;

/**
 * Waits until the socket is open. A socket that closes first is a ConnectionError; one that is still
 * not open after `timeoutMs` (a server that takes the connection and never upgrades it) is closed and
 * a TimeoutError; an abort closes it and is an AbortError. Closing releases the connection, so nothing
 * keeps the process alive afterwards.
 */
function open(
  socket: WebSocket,
  url: string,
  signal: AbortSignal | undefined,
  timeoutMs: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      clearTimeout(timer);
      socket.removeEventListener('open', onOpen);
      socket.removeEventListener('close', onClose);
      signal?.removeEventListener('abort', onAbort);
    };
    const fail = (error: InfraSdkError) => {
      cleanup();
      socket.close();
      reject(error);
    };
    const onOpen = () => {
      cleanup();
      resolve();
    };
    const onClose = (event: CloseEvent) => {
      cleanup();
      reject(
        new ConnectionError(`Could not open the exec session (close code ${event.code})`, {
          method: 'GET',
          url,
        }),
      );
    };
    const onAbort = () =>
      fail(new AbortError('The exec session was aborted while opening', { cause: signal?.reason }));
    const timer = setTimeout(
      () => fail(new TimeoutError(timeoutMs, 'the exec session did not open', { method: 'GET', url })),
      timeoutMs,
    );
    socket.addEventListener('open', onOpen);
    socket.addEventListener('close', onClose);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * WebSocket /v1/client/allocation/:alloc_id/exec — runs a command in a task of an allocation. The token
 * goes in the first frame, never in the address. Opening is bounded by the call's `timeout` (or the
 * client's). Refusals (token, allocation, task) reject `exitCode` with typed errors.
 */
export function execAllocation(
  core: SchedulerCore,
  allocId: string,
  request: ExecRequest,
  options?: ExecOptions,
): ApiPromise<ExecSession> {
  return new ApiPromise(
    (async () => {
      const id = fullUuid(allocId, 'allocation id');
      const body = await validateRequest(ExecRequestSchema, request, 'exec request');
      const heartbeatMs = options?.heartbeatMs ?? 10_000;
      if (!(heartbeatMs > 0)) {
        throw new InfraSdkError(`heartbeatMs must be a positive number of milliseconds, not ${heartbeatMs}`);
      }
      const Socket = core.webSocket ?? globalThis.WebSocket;
      if (Socket === undefined) {
        throw new InfraSdkError(
          'No WebSocket is available: use Node 22 or later, a browser, or pass `webSocket` to the client',
        );
      }
      if (options?.signal?.aborted) throw new AbortError('The exec session was aborted before it was opened');
      const address = new URL(
        `${core.transport.baseUrl}${core.pathPrefix}/client/allocation/${encodePathSegment(id)}/exec`,
      );
      address.protocol = address.protocol === 'https:' ? 'wss:' : 'ws:';
      const query = toSearchParams({
        ...namespaceQuery(core, options),
        command: JSON.stringify(body.command),
        task: body.task,
        tty: body.tty ?? false,
        ws_handshake: true,
      });
      address.search = query.toString();
      const url = redactUrl(address.href);
      const signal = options?.signal;
      const token = await core.resolveToken();
      if (signal?.aborted) throw new AbortError('The exec session was aborted before it was opened');
      const timeoutMs = options?.timeout ?? core.timeout ?? DEFAULT_OPEN_TIMEOUT_MS;
      const socket = new Socket(address.href);
      socket.binaryType = 'arraybuffer';
      await open(socket, url, signal, timeoutMs);
      const session = startSession({ socket, url, heartbeatMs, signal: options?.signal });
      const handshake: ExecClientFrame = { version: 1, auth_token: token ?? '' };
      socket.send(JSON.stringify(handshake));
      const meta: ResponseMeta = emptyResponseMeta(101);
      return { data: session, meta };
    })(),
  );
}
