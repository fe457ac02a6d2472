// The debug switch: one log line per request, response and retry, written by hooks like any other
// observer's, so the log shows exactly what the hooks see (redacted URLs, masked bodies) and nothing
// takes a second path through the transport.
import type { RequestEvent, ResponseEvent, RetryEvent, TransportHooks } from './hooks.js';

/** Where debug lines go: anything with a `debug` method, `console` by default. */
export interface DebugLogger {
  /** Receives one line of text and the same facts as fields, for structured loggers. */
  debug(line: string, fields: DebugFields): void;
}

/** The facts of one debug line. */
export interface DebugFields {
  /** What happened: an attempt sent, its answer, or a retry about to be sent. */
  readonly event: 'request' | 'response' | 'retry';
  /** HTTP method. */
  readonly method: string;
  /** The URL, redacted. */
  readonly url: string;
  /** 0 for the first attempt. */
  readonly attempt: number;
  /** HTTP status (responses). */
  readonly status?: number | undefined;
  /** Milliseconds from sending to the last byte read (responses). */
  readonly durationMs?: number | undefined;
  /** The service's request id (responses), when it sent one. */
  readonly requestId?: string | undefined;
  /** The masked body, when bodies are logged and there is one. */
  readonly body?: string | undefined;
  /** Why the previous attempt failed (retries), redacted. */
  readonly error?: string | undefined;
}

/** What the debug switch logs and where. */
export interface DebugOptions {
  /** Receives the lines; default `console` (its `debug` method). */
  readonly logger?: DebugLogger | undefined;
  /**
   * Also log request and successful response bodies, masked (the token in any encoding, credential-like
   * fields, passwords in addresses) and cut at 4 096 characters. Default false.
   */
  readonly bodies?: boolean | undefined;
}

/** The debug switch: `true` logs lines to `console`, options choose the logger and bodies; `false` or `undefined` log nothing. */
export type DebugSetting = boolean | DebugOptions;

const MAX_BODY = 4096;
// biome-ignore lint/suspicious/noConsole: the console is the debug log's default destination, asked for by the user.
const consoleLogger: DebugLogger = { debug: (line) => console.debug(line) };

/** The hooks that write the debug log of `setting`, or undefined when it is off. */
export function debugHooks(setting: DebugSetting | undefined): TransportHooks | undefined {
  if (!setting) return undefined;
  const { logger = consoleLogger, bodies = false } = setting === true ? {} : setting;
  const write = (head: string, fields: DebugFields, body: (() => string | undefined) | undefined) => {
    let line = `infra-sdk ${head} ${fields.method} ${fields.url} attempt ${fields.attempt}`;
    if (fields.durationMs !== undefined) line += `, ${Math.round(fields.durationMs)} ms`;
    if (fields.requestId !== undefined) line += `, request id ${fields.requestId}`;
    if (fields.error !== undefined) line += ` after: ${fields.error}`;
    const text = bodies ? body?.() : undefined;
    const shown =
      text === undefined || text.length <= MAX_BODY
        ? text
        : `${text.slice(0, MAX_BODY)}... (${text.length - MAX_BODY} more characters)`;
    if (shown !== undefined) line += ` body: ${shown}`;
    try {
      logger.debug(line, shown === undefined ? fields : { ...fields, body: shown });
    } catch {
      // Logging never changes what a call does.
    }
  };
  const base = ({ method, url, attempt }: RequestEvent | ResponseEvent | RetryEvent) => ({
    method,
    url,
    attempt,
  });
  return {
    onRequest: (event) => write('request', { event: 'request', ...base(event) }, event.body),
    onResponse: (event) =>
      write(
        `response ${event.status}`,
        {
          event: 'response',
          ...base(event),
          status: event.status,
          durationMs: event.durationMs,
          requestId: event.requestId,
        },
        event.body,
      ),
    onRetry: (event) =>
      write('retry', { event: 'retry', ...base(event), error: event.error.message }, undefined),
  };
}

/** Runs the hooks of `first`, an observer, then those of `second`, whose `onRequest` adds the headers. */
export function joinHooks(
  first: TransportHooks | undefined,
  second: TransportHooks | undefined,
): TransportHooks | undefined {
  if (!first || !second) return first ?? second;
  return {
    onRequest: async (event) => {
      await first.onRequest?.(event);
      return second.onRequest?.(event);
    },
    onResponse: async (event) => {
      await first.onResponse?.(event);
      await second.onResponse?.(event);
    },
    onRetry: async (event) => {
      await first.onRetry?.(event);
      await second.onRetry?.(event);
    },
  };
}
