// The debug lines: one log line per request, response and retry at the logger's `debug` level, written
// by hooks like any other observer's, so the log shows exactly what the hooks see (redacted URLs, masked
// bodies) and nothing takes a second path through the transport.
import type { ResponseEvent, RetryEvent, TransportEvent, TransportHooks } from './hooks.js';
import { createLog, type LogFunction, type Logger } from './log.js';
import { checkOptions, type OptionKeys } from './option-keys.js';

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

/**
 * The debug switch: `true` writes the request lines (at level `debug`, to the client's `logger`), options
 * choose their logger and add bodies; `false` or `undefined` write them only under `logLevel: 'debug'`.
 */
export type DebugSetting = boolean | DebugOptions;

const debugOptionKeys = { logger: 1, bodies: 1 } as const satisfies OptionKeys<DebugOptions>;

const MAX_BODY = 4096;

/** An event of any hook, as the debug line reads it. */
type AnyEvent = TransportEvent &
  Partial<Pick<ResponseEvent, 'status' | 'durationMs' | 'requestId' | 'body'> & Pick<RetryEvent, 'error'>>;

/**
 * The hooks that write the request lines: to `log` (the client's, at its level) unless `setting` asks
 * for them itself (`true`, or options), then to its logger or the client's, whatever the level.
 */
export function debugHooks(
  setting: DebugSetting | undefined,
  log: LogFunction,
  logger: Logger | undefined,
  enabled: boolean,
): TransportHooks | undefined {
  const options = typeof setting === 'object' ? setting : {};
  checkOptions(options, debugOptionKeys, 'debug options');
  if (!setting && !enabled) return undefined;
  const out = setting ? createLog((options.logger as Logger | undefined) ?? logger, 'debug') : log;
  const write = (event: DebugFields['event'], facts: AnyEvent) => {
    const { method, url, attempt, status, durationMs, requestId } = facts;
    const error = facts.error?.message;
    // The masked body when bodies are logged, cut to a size a log line can hold.
    const text = options.bodies ? facts.body?.() : undefined;
    const cut = (text?.length ?? 0) - MAX_BODY;
    const body = cut > 0 ? `${text?.slice(0, MAX_BODY)}... (${cut} more characters)` : text;
    let line = `infra-sdk ${event}${status === undefined ? '' : ` ${status}`} ${method} ${url} attempt ${attempt}`;
    if (durationMs !== undefined) line += `, ${Math.round(durationMs)} ms`;
    if (requestId !== undefined) line += `, request id ${requestId}`;
    if (error !== undefined) line += ` after: ${error}`;
    if (body !== undefined) line += ` body: ${body}`;
    out('debug', line, {
      event,
      method,
      url,
      attempt,
      ...(status !== undefined && { status, durationMs, requestId }),
      ...(error !== undefined && { error }),
      ...(body !== undefined && { body }),
    });
  };
  return {
    onRequest: (event) => write('request', event),
    onResponse: (event) => write('response', event),
    onRetry: (event) => write('retry', event),
  };
}

const HOOKS = ['onRequest', 'onResponse', 'onRetry'] as const;

/** Runs the hooks of `first`, an observer, then those of `second`, whose `onRequest` adds the headers. */
export function joinHooks(
  first: TransportHooks | undefined,
  second: TransportHooks | undefined,
): TransportHooks | undefined {
  if (!first || !second) return first ?? second;
  const joined: Record<string, unknown> = {};
  for (const name of HOOKS) {
    joined[name] = async (event: never) => {
      await first[name]?.(event);
      return second[name]?.(event);
    };
  }
  return joined;
}
