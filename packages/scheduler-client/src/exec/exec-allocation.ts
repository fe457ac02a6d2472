import {
  AbortError,
  ApiPromise,
  type Clock,
  ConnectionError,
  checkOptions,
  emptyResponseMeta,
  encodePathSegment,
  InfraSdkError,
  type KeySets,
  type OwnOptionKeys,
  type ResponseMeta,
  redactUrl,
  resolveToken,
  systemClock,
  TimeoutError,
  toSearchParams,
  validateRequestBody,
} from '@infra-sdk/core';
import { type NamespaceOptions, namespaceOptionKeys, namespaceQuery } from '../call-options.js';
import type { SchedulerCore } from '../core.js';
import { fullUuid } from '../identifiers.js';
import { ExecRequestSchema } from './frames.js';
import { type ExecSession, startSession } from './session.js';
import type { ExecClientFrame, ExecRequest } from './types.generated.js';

/** Options of `execAllocation`. */
export interface ExecOptions extends NamespaceOptions {
  /** Interval of the heartbeat frames that keep the session alive, in ms. Default 10 000. */
  readonly heartbeatMs?: number | undefined;
  /**
   * Where the heartbeats are timed. Default `systemClock`; a test gives a test clock (`createTestClock`
   * of `@infra-sdk/core/testing`) and moves it. Opening the session is bounded by `timeout`, in real time.
   */
  readonly clock?: Clock | undefined;
}

/** The keys of `ExecOptions`. */
export const execOptionKeys: KeySets = [
  namespaceOptionKeys,
  { heartbeatMs: 1, clock: 1 } as const satisfies OwnOptionKeys<ExecOptions, NamespaceOptions>,
];

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
 * `GET /v1/client/allocation/:alloc_id/exec` (WebSocket): runs a command in a task of an allocation and
 * resolves, once the socket is open, to an `ExecSession` (`stdout`, `stderr`, `write`, `closeStdin`,
 * `resize`, `exitCode`, `close`). The token goes in the first frame, never in the address.
 *
 * Options: `command` and `task` (required), `tty`, `token` (this session's instead of the client's),
 * `timeout` (bounds opening: TCP, TLS and the upgrade; the client's, else 30 s), `signal` (aborts opening
 * and the session), `heartbeatMs` (default 10 000). The client's `webSocket` option replaces the global
 * `WebSocket`.
 *
 * @example
 * ```ts compile-only
 * import { execAllocation } from '@infra-sdk/scheduler-client';
 *
 * await using session = await execAllocation(core, '0b0e6f5a-1f4e-4d6c-9a53-5c1f3b8e2a10', {
 *   command: ['/bin/sh'],
 *   task: 'server',
 *   tty: true,
 * });
 * session.write('echo hello; exit 3\n');
 * session.closeStdin();
 * console.log(await new Response(session.stdout).text(), await session.exitCode); // 3
 * ```
 * @throws {RequestValidationError} before opening, when the id is not a full UUID, `command` is empty
 *   or `task` is missing.
 * @throws {TimeoutError} when the socket is not open within `timeout`.
 * @throws {ConnectionError} when the socket closes before it opens.
 * @throws {AbortError} when `signal` aborts before the socket is open.
 * @throws {InfraSdkError} when no `WebSocket` is available or `heartbeatMs` is not a positive number.
 * @throws {PermissionDeniedError | NotFoundError | BadRequestError | ServerError} from `exitCode`, when
 *   the server refuses the session (close codes 1008, 1011, or 4000 + the HTTP status); `exitCode`
 *   rejects with a `ConnectionError` when the socket drops before the command exits, and with an
 *   `AbortError` after `close()`, an aborted `signal` or the end of an `await using` block.
 */
export function execAllocation(
  core: SchedulerCore,
  allocId: string,
  request: ExecRequest,
  options?: ExecOptions,
): ApiPromise<ExecSession> {
  return new ApiPromise(
    (async () => {
      checkOptions(options, execOptionKeys, 'exec options');
      const id = fullUuid(allocId, 'allocation id');
      const body = await validateRequestBody(ExecRequestSchema, request, 'exec request');
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
      // The call's own token, as every request takes it, else the client's.
      const token =
        options?.token === undefined ? await core.resolveToken() : await resolveToken(options.token);
      if (signal?.aborted) throw new AbortError('The exec session was aborted before it was opened');
      const timeoutMs = options?.timeout ?? core.timeout ?? DEFAULT_OPEN_TIMEOUT_MS;
      const socket = new Socket(address.href);
      socket.binaryType = 'arraybuffer';
      await open(socket, url, signal, timeoutMs);
      const session = startSession({
        socket,
        url,
        heartbeatMs,
        clock: options?.clock ?? systemClock,
        signal: options?.signal,
      });
      const handshake: ExecClientFrame = { version: 1, auth_token: token ?? '' };
      socket.send(JSON.stringify(handshake));
      const meta: ResponseMeta = emptyResponseMeta(101);
      return { data: session, meta };
    })(),
  );
}
