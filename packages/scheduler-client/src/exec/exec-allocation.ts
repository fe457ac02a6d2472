import {
  AbortError,
  ApiPromise,
  ConnectionError,
  encodePathSegment,
  InfraSdkError,
  type ResponseMeta,
  redactUrl,
  toSearchParams,
  validateRequest,
} from '@infra-sdk/core';
import type { SchedulerCore } from '../client.js';
import { fullUuid } from '../identifiers.js';
import { type NamespaceOptions, namespaceQuery } from '../operation.js';
import { type ExecClientFrame, type ExecRequest, ExecRequest as ExecRequestSchema } from './frames.js';
import { type ExecSession, startSession } from './session.js';

/** Options of `execAllocation`. */
export interface ExecOptions extends NamespaceOptions {
  /** Interval of the heartbeat frames that keep the session alive, in ms. Default 10 000. */
  readonly heartbeatMs?: number;
}

/** Opens the socket and waits until it is open; a socket that closes first is a ConnectionError. */
function open(socket: WebSocket, url: string, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      socket.removeEventListener('open', onOpen);
      socket.removeEventListener('close', onClose);
      signal?.removeEventListener('abort', onAbort);
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
    const onAbort = () => {
      cleanup();
      socket.close();
      reject(new AbortError('The exec session was aborted while opening', { cause: signal?.reason }));
    };
    socket.addEventListener('open', onOpen);
    socket.addEventListener('close', onClose);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * WebSocket /v1/client/allocation/:alloc_id/exec — runs a command in a task of an allocation. The token
 * goes in the first frame, never in the address. Refusals (token, allocation, task) reject `exitCode`.
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
      const token = await core.resolveToken();
      const socket = new Socket(address.href);
      socket.binaryType = 'arraybuffer';
      await open(socket, url, options?.signal);
      const session = startSession({ socket, url, heartbeatMs, signal: options?.signal });
      const handshake: ExecClientFrame = { version: 1, auth_token: token ?? '' };
      socket.send(JSON.stringify(handshake));
      const meta: ResponseMeta = {
        status: 101,
        requestId: undefined,
        index: undefined,
        knownLeader: undefined,
        lastContact: undefined,
        nextToken: undefined,
        warnings: [],
        headers: {},
      };
      return { data: session, meta };
    })(),
  );
}
