// One exec session over a WebSocket: stdin goes out as base64 frames, stdout and stderr come back as
// byte streams, and the exit code ends it. A socket that closes before the exit is an error.

import {
  AbortError,
  type AsyncDisposableWhereAvailable,
  type Clock,
  ConnectionError,
  createApiError,
  InfraSdkError,
  RequestValidationError,
  ResponseValidationError,
  type ValidationIssue,
} from '@infra-sdk/core';
import * as v from 'valibot';
import { decodeBase64, encodeBase64 } from '../base64.js';
import { ExecServerFrameSchema, TerminalSizeSchema } from './frames.js';
import type { ExecClientFrame, ExecServerFrame } from './types.generated.js';

/** A running command inside an allocation's task. */
export interface ExecSession extends AsyncDisposableWhereAvailable {
  /** What the command writes to standard output. */
  readonly stdout: ReadableStream<Uint8Array>;
  /** What the command writes to standard error (with a tty, everything comes on stdout). */
  readonly stderr: ReadableStream<Uint8Array>;
  /** The command's exit code; rejects when the session ends without one. */
  readonly exitCode: Promise<number>;
  /** Sends bytes (or UTF-8 text) to the command's standard input. */
  write(data: string | Uint8Array): void;
  /** Closes the command's standard input (end of file). */
  closeStdin(): void;
  /** Tells the command's terminal its new size in characters. */
  resize(size: { readonly height: number; readonly width: number }): void;
  /** Ends the session; a command still running is abandoned and `exitCode` rejects with AbortError. */
  close(): void;
}

/** How a session is run. */
export interface SessionSettings {
  readonly socket: WebSocket;
  /** The redacted address, for error messages. */
  readonly url: string;
  readonly heartbeatMs: number;
  /** Where the heartbeats are timed. */
  readonly clock: Clock;
  readonly signal: AbortSignal | undefined;
}

function toIssues(issues: readonly v.BaseIssue<unknown>[]): ValidationIssue[] {
  return issues.map((issue) => ({ path: v.getDotPath(issue) ?? '', message: issue.message }));
}

/** Decodes one text frame. */
function readFrame(data: unknown, url: string): ExecServerFrame {
  const text = typeof data === 'string' ? data : new TextDecoder().decode(data as ArrayBuffer);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ResponseValidationError('invalid-json', 'An exec frame is not valid JSON', {
      method: 'GET',
      url,
    });
  }
  const result = v.safeParse(ExecServerFrameSchema, value);
  if (!result.success) {
    throw new ResponseValidationError('schema', 'An exec frame does not have the expected shape', {
      issues: toIssues(result.issues),
      method: 'GET',
      url,
    });
  }
  return result.output;
}

/** An output stream the session feeds. */
interface Output {
  readonly stream: ReadableStream<Uint8Array>;
  push(bytes: Uint8Array): void;
  end(): void;
  fail(error: unknown): void;
}

function output(): Output {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let done = false;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      done = true;
    },
  });
  return {
    stream,
    push(bytes) {
      if (!done) controller?.enqueue(bytes);
    },
    end() {
      if (done) return;
      done = true;
      controller?.close();
    },
    fail(error) {
      if (done) return;
      done = true;
      controller?.error(error);
    },
  };
}

// What a refusal looks like is not in the spec. Assumed: the standard close codes a service sends for
// a policy violation (1008: token or permission) and for a server error (1011, whose reason names an
// unknown allocation or task when that was the cause), and 4000 + HTTP status, which the fake sends.
const POLICY_VIOLATION = 1008;
const INTERNAL_ERROR = 1011;
const NOT_FOUND_REASON = /\b(unknown|not found|no such)\b/i;

/** The HTTP status a refusal stands for, or undefined when the close code is no refusal. */
function refusalStatus(code: number, reason: string): number | undefined {
  if (code >= 4400 && code < 4600) return code - 4000;
  if (code === POLICY_VIOLATION) return 403;
  if (code === INTERNAL_ERROR) return NOT_FOUND_REASON.test(reason) ? 404 : 500;
  return undefined;
}

/** The error for a socket that closed before the command exited. */
function closedEarly(code: number, reason: string, url: string): InfraSdkError {
  const status = refusalStatus(code, reason);
  if (status !== undefined) {
    return createApiError({ status, method: 'GET', url, ...(reason ? { body: reason } : {}) });
  }
  return new ConnectionError(
    `The exec session closed before the command exited (close code ${code}${reason ? `: ${reason}` : ''})`,
    { method: 'GET', url },
  );
}

/** Runs the session protocol on an open socket. */
export function startSession(settings: SessionSettings): ExecSession {
  const { socket, url } = settings;
  const stdout = output();
  const stderr = output();
  const encoder = new TextEncoder();
  let resolveExit: (code: number) => void = () => undefined;
  let rejectExit: (error: unknown) => void = () => undefined;
  const exitCode = new Promise<number>((resolve, reject) => {
    resolveExit = resolve;
    rejectExit = reject;
  });
  // Handled here so a caller who never looks at the exit code gets no unhandled rejection.
  exitCode.catch(() => undefined);
  let exited = false;
  let ended = false;
  let stdinClosed = false;

  // Heartbeats until the session ends; ending it ends the wait for the next one.
  const beating = new AbortController();
  void (async () => {
    for (;;) {
      await settings.clock.sleep(settings.heartbeatMs, beating.signal);
      if (beating.signal.aborted) return;
      send({});
    }
  })();

  function finish(error?: unknown): void {
    if (ended) return;
    ended = true;
    beating.abort();
    settings.signal?.removeEventListener('abort', onAbort);
    if (error === undefined) {
      stdout.end();
      stderr.end();
    } else {
      stdout.fail(error);
      stderr.fail(error);
      rejectExit(error);
    }
  }

  function send(frame: ExecClientFrame): void {
    if (socket.readyState === 1) socket.send(JSON.stringify(frame));
  }

  function onAbort(): void {
    close();
  }

  function close(): void {
    if (ended) return;
    finish(exited ? undefined : new AbortError('The exec session was closed before the command exited'));
    socket.close(1000);
  }

  socket.addEventListener('message', (event: MessageEvent) => {
    if (ended) return;
    let frame: ExecServerFrame;
    try {
      frame = readFrame(event.data, url);
    } catch (error) {
      finish(error);
      // Browsers allow only 1000 and 3000-4999 from a client; 4002 marks our protocol complaint.
      socket.close(4002, 'invalid frame');
      return;
    }
    if (frame.stdout?.data) stdout.push(decodeBase64(frame.stdout.data));
    if (frame.stdout?.close) stdout.end();
    if (frame.stderr?.data) stderr.push(decodeBase64(frame.stderr.data));
    if (frame.stderr?.close) stderr.end();
    if (frame.exited) {
      exited = true;
      resolveExit(frame.result?.exit_code ?? 0);
      finish();
    }
  });
  socket.addEventListener('close', (event: CloseEvent) => {
    if (!exited) finish(closedEarly(event.code, event.reason, url));
    finish();
  });

  settings.signal?.addEventListener('abort', onAbort, { once: true });

  return {
    stdout: stdout.stream,
    stderr: stderr.stream,
    exitCode,
    write(data) {
      if (stdinClosed || ended) {
        throw new InfraSdkError('Cannot write to the exec session: its standard input is closed');
      }
      const bytes = typeof data === 'string' ? encoder.encode(data) : data;
      send({ stdin: { data: encodeBase64(bytes) } });
    },
    closeStdin() {
      if (stdinClosed || ended) return;
      stdinClosed = true;
      send({ stdin: { close: true } });
    },
    resize(size) {
      const checked = v.safeParse(TerminalSizeSchema, size);
      if (!checked.success) throw new RequestValidationError('terminal size', toIssues(checked.issues));
      send({ tty_size: checked.output });
    },
    close,
    [Symbol.asyncDispose]: async () => close(),
  };
}
