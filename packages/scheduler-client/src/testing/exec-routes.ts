// The exec endpoint of the fake: a WebSocket that authenticates with the first frame, runs the tiny
// command interpreter in the allocation's task, and reports refusals as close codes 4000 + status.
import type { ReplyError, TestServer, UpgradeRequest } from '@infra-sdk/core/testing';
import { Access } from './acl.js';
import { runCommand } from './exec-command.js';
import { checkRegion, type RouteContext } from './http.js';
import { isLive } from './scheduling.js';
import { ServerWebSocket } from './websocket.js';

/** What the fake saw of one exec session, for assertions. */
export interface FakeExecSession {
  /** Id of the allocation the session ran in. */
  readonly allocId: string;
  /** Name of the task the command ran in. */
  readonly task: string;
  /** The command and its arguments. */
  readonly command: readonly string[];
  /** Whether the client asked for a terminal. */
  readonly tty: boolean;
  /** The token of the handshake frame (or the header without a handshake). */
  readonly token: string | undefined;
  /** Everything written to standard input, decoded as UTF-8. */
  stdin: string;
  /** Whether standard input ended: the client closed it, or the connection went away. */
  stdinClosed: boolean;
  /** Heartbeat frames received. */
  heartbeats: number;
  /** Terminal sizes received, in order. */
  readonly terminalSizes: {
    /** Rows. */
    height: number;
    /** Columns. */
    width: number;
  }[];
  /** Set once the command exited. */
  exitCode: number | undefined;
}

interface Frame {
  readonly version?: unknown;
  readonly auth_token?: unknown;
  readonly stdin?: { readonly data?: unknown; readonly close?: unknown };
  readonly tty_size?: { readonly height?: unknown; readonly width?: unknown };
}

function parseCommand(text: string | null): string[] | undefined {
  if (text === null) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string')) {
      return value as string[];
    }
  } catch {
    // Reported below as a refusal.
  }
  return undefined;
}

/** Adds the exec route to `server`. */
export function addExecRoute(
  server: TestServer,
  context: RouteContext,
  sessions: FakeExecSession[],
  open: Set<ServerWebSocket>,
): void {
  server.upgrade('/v1/client/allocation/:alloc_id/exec', (req: UpgradeRequest, socket, head) => {
    const ws = ServerWebSocket.accept(req, socket, head);
    if (ws === undefined) return;
    open.add(ws);
    ws.onClose(() => open.delete(ws));
    const refuse = (status: number, message: string) => ws.close(4000 + status, message);
    const command = parseCommand(req.query.get('command'));
    const task = req.query.get('task') ?? '';
    const tty = req.query.get('tty') === 'true';
    const allocId = req.params.alloc_id ?? '';
    try {
      checkRegion(context, req.query);
    } catch (error) {
      refuse((error as ReplyError).status, (error as ReplyError).message);
      return;
    }
    if (command === undefined) {
      refuse(400, 'command must be a JSON array of strings with at least one element');
      return;
    }
    if (task === '') {
      refuse(400, 'missing task name');
      return;
    }

    const start = (token: string | undefined) => {
      let access: Access;
      try {
        access = Access.of(context.tokens, token);
      } catch (error) {
        refuse(403, (error as ReplyError).message);
        return;
      }
      const alloc = context.store.allocations.get(allocId);
      if (alloc === undefined) {
        refuse(404, `unknown allocation "${allocId}"`);
        return;
      }
      const namespace = alloc.Namespace ?? 'default';
      const driver = alloc.Job?.TaskGroups?.find((group) => group.Name === alloc.TaskGroup)?.Tasks?.find(
        (candidate) => candidate.Name === task,
      )?.Driver;
      if (
        !access.allowsNamespace(namespace, 'alloc-exec') ||
        (driver === 'raw_exec' && !access.allowsNamespace(namespace, 'alloc-node-exec'))
      ) {
        refuse(403, 'Permission denied');
        return;
      }
      if (!Object.hasOwn(alloc.TaskStates ?? {}, task)) {
        refuse(404, `task "${task}" not found in allocation`);
        return;
      }
      if (!isLive(alloc) || alloc.TaskStates?.[task]?.State !== 'running') {
        refuse(400, 'task is not running');
        return;
      }
      run(ws, context, sessions, { allocId, task, command, tty, token });
    };

    const handshake = req.query.get('ws_handshake') === 'true';
    if (!handshake) {
      start(req.headers['x-scheduler-token']);
      return;
    }
    let authenticated = false;
    ws.onText((text) => {
      if (authenticated) return;
      authenticated = true;
      let frame: Frame;
      try {
        frame = JSON.parse(text) as Frame;
      } catch {
        refuse(400, 'the first frame must be the handshake');
        return;
      }
      if (frame.version !== 1) {
        refuse(400, 'unsupported handshake version');
        return;
      }
      start(typeof frame.auth_token === 'string' && frame.auth_token !== '' ? frame.auth_token : undefined);
    });
  });
}

function run(
  ws: ServerWebSocket,
  context: RouteContext,
  sessions: FakeExecSession[],
  request: { allocId: string; task: string; command: string[]; tty: boolean; token: string | undefined },
): void {
  const session: FakeExecSession = {
    ...request,
    stdin: '',
    stdinClosed: false,
    heartbeats: 0,
    terminalSizes: [],
    exitCode: undefined,
  };
  sessions.push(session);
  const chunks: Uint8Array[] = [];
  let wake: (() => void) | undefined;
  const decoder = new TextDecoder();
  const send = (frame: unknown) => ws.sendText(JSON.stringify(frame));
  const endStdin = () => {
    session.stdinClosed = true;
    wake?.();
  };
  ws.onClose(endStdin);
  ws.onText((text) => {
    let frame: Frame;
    try {
      frame = JSON.parse(text) as Frame;
    } catch {
      return;
    }
    if (frame.stdin !== undefined) {
      if (typeof frame.stdin.data === 'string') {
        const bytes = new Uint8Array(Buffer.from(frame.stdin.data, 'base64'));
        session.stdin += decoder.decode(bytes, { stream: true });
        chunks.push(bytes);
        wake?.();
      }
      if (frame.stdin.close === true) endStdin();
    } else if (frame.tty_size !== undefined) {
      const { height, width } = frame.tty_size;
      if (typeof height === 'number' && typeof width === 'number')
        session.terminalSizes.push({ height, width });
    } else if (Object.keys(frame).length === 0) {
      session.heartbeats += 1;
    }
  });
  // Heartbeats on the fake's clock, until the session or the fake closes.
  const closed = new AbortController();
  ws.onClose(() => closed.abort());
  const ended = () => closed.signal.aborted || context.store.closing.aborted;
  void (async () => {
    while (!ended()) {
      await context.store.sleep(context.heartbeatMs, closed.signal);
      if (!ended()) send({});
    }
  })();

  async function* stdin(): AsyncGenerator<Uint8Array> {
    for (;;) {
      const chunk = chunks.shift();
      if (chunk !== undefined) {
        yield chunk;
        continue;
      }
      if (session.stdinClosed) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = undefined;
    }
  }

  const output = (stream: 'stdout' | 'stderr', data: string | Uint8Array) => {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data);
    if (bytes.length > 0) send({ [stream]: { data: bytes.toString('base64') } });
  };
  void runCommand(request.command, {
    tty: request.tty,
    stdout: (data) => output('stdout', data),
    // With a terminal both streams share it, as they do on a real tty.
    stderr: (data) => output(request.tty ? 'stdout' : 'stderr', data),
    stdin,
    terminalSize: () => session.terminalSizes.at(-1),
  }).then(
    (code) => {
      session.exitCode = code;
      if (ws.closed) return;
      send({ stdout: { close: true } });
      send({ stderr: { close: true } });
      send({ exited: true, result: { exit_code: code } });
      ws.close(1000);
    },
    (error: unknown) => ws.close(4500, error instanceof Error ? error.message : String(error)),
  );
}
