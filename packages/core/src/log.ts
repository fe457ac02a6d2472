// Core's logger: what long-lived work has to say (a watch failing again and again) goes somewhere a
// person sees it, the console at `warn` unless the client's `logger`, `logLevel` or `<PREFIX>_LOG_LEVEL`
// says otherwise. Lines never carry a token: they are made of redacted URLs and redacted messages.

/** How much a line matters, least first. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * The least a line must matter to be written: `debug` (everything, the request lines included), `info`,
 * `warn` (the default), `error`, or `silent` / `off` for nothing.
 */
export type LogLevelSetting = LogLevel | 'silent' | 'off';

/** The facts of a line, for structured loggers; `event` says what kind of line it is. */
export interface LogFields {
  /** What the line is about, e.g. `failures`, `recovered`, `request`. */
  readonly event: string;
  /** Further facts of the line: method, path, counts, times in ms. */
  readonly [fact: string]: unknown;
}

/** A logger as one function: called with each line's level, its text and its facts. */
export type LogFunction = (level: LogLevel, line: string, fields: LogFields) => void;

/**
 * A logger as an object with a method per level (`console`, or a pino or winston logger): each line goes
 * to the method of its level, with its text and its facts; a level without a method is dropped.
 */
export interface LogMethods {
  /** Receives the lines of level `debug`. */
  debug?(line: string, fields: LogFields): void;
  /** Receives the lines of level `info`. */
  info?(line: string, fields: LogFields): void;
  /** Receives the lines of level `warn`. */
  warn?(line: string, fields: LogFields): void;
  /** Receives the lines of level `error`. */
  error?(line: string, fields: LogFields): void;
}

/** Where log lines go: a function of `(level, line, fields)`, or an object with a method per level. */
export type Logger = LogFunction | LogMethods;

/** The level settings, least first, as `logLevel` and `<PREFIX>_LOG_LEVEL` take them. */
export const LOG_LEVELS: readonly LogLevelSetting[] = ['debug', 'info', 'warn', 'error', 'silent', 'off'];

/** True when `setting` writes lines of `level` (`silent` and `off` write none). */
export function logs(setting: LogLevelSetting, level: LogLevel): boolean {
  return Math.min(LOG_LEVELS.indexOf(setting), 4) <= LOG_LEVELS.indexOf(level);
}

/**
 * A log function that writes the lines of `level` and above to `logger` (default: the console, text
 * only), and never throws: logging never changes what a call does.
 */
export function createLog(logger: Logger | undefined, level: LogLevelSetting = 'warn'): LogFunction {
  if (!LOG_LEVELS.includes(level)) {
    throw new RangeError(`logLevel must be ${LOG_LEVELS.join(', ')}, not ${String(level)}`);
  }
  return (at, line, fields) => {
    if (logs(level, at)) {
      try {
        if (typeof logger === 'function') logger(at, line, fields);
        // biome-ignore lint/suspicious/noConsole: the console is the logger's default destination.
        else if (logger === undefined) console[at](line);
        else logger[at]?.(line, fields);
      } catch {
        // A logger that fails loses its line, not the call.
      }
    }
  };
}

/** The log of work that was given no logger: the console, at `warn`. */
export const defaultLog: LogFunction = /* @__PURE__ */ createLog(undefined);

// The log of the client whose request failed, found from the error itself, so a watch or a retry loop
// over a client's calls writes to that client's logger without being handed it.
const logOfError = new WeakMap<object, LogFunction>();

/** Notes that `error`, thrown by a call of a client, belongs to that client's `log`. */
export function noteLog(error: object, log: LogFunction): void {
  logOfError.set(error, log);
}

/** The log of the client whose call threw `error`, when it was a call of a client. */
export function logOf(error: unknown): LogFunction | undefined {
  return typeof error === 'object' && error !== null ? logOfError.get(error) : undefined;
}
