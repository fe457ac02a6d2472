// The error hierarchy shared by every client (the errors of a service's answer are in
// `api-errors.ts`). Checks go through `isInstance`, which reads a `Symbol.for` brand instead of the
// prototype chain, so they hold when two copies of core are installed.

const BRAND: unique symbol = Symbol.for('@infra-sdk/core/error-kinds') as never;

/** One problem found by a schema, with the dotted path of the offending field. */
export interface ValidationIssue {
  /** Dotted path of the field, e.g. `config.ttl`; empty for the value as a whole. */
  readonly path: string;
  /** What is wrong with the field. */
  readonly message: string;
}

/** Root of every error raised by the infra-sdk clients. */
export class InfraSdkError extends Error {
  /** Stable class name, safe under minification; it is also the `name` of instances. */
  static readonly kind: string = 'InfraSdkError';
  /**
   * Kinds of the instance's class chain, read by `isInstance`.
   * @internal
   */
  declare readonly [BRAND]: readonly string[];

  /** Creates an error with `message`; `options.cause` keeps the error that led to it. */
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    // Every class in the chain declares its own `kind`; `Error` does not, which ends the walk.
    const kinds: string[] = [];
    for (let ctor: unknown = new.target; typeof ctor === 'function' && Object.hasOwn(ctor, 'kind'); ) {
      kinds.push((ctor as unknown as { kind: string }).kind);
      ctor = Object.getPrototypeOf(ctor);
    }
    Object.defineProperty(this, BRAND, { value: Object.freeze(kinds) });
    Object.defineProperty(this, 'name', { value: new.target.kind, enumerable: false, configurable: true });
  }

  /** True when `value` is an error of this class or a subclass, from any installed copy of core. */
  static isInstance<T extends abstract new (...args: never[]) => InfraSdkError>(
    this: T & { readonly kind: string },
    value: unknown,
  ): value is InstanceType<T> {
    if (typeof value !== 'object' || value === null) return false;
    const kinds = (value as { [BRAND]?: unknown })[BRAND];
    // `this` is whichever class the check is called on, which is the point of the method.
    // biome-ignore lint/complexity/noThisInStatic: polymorphic on purpose.
    return Array.isArray(kinds) && kinds.includes(this.kind);
  }

  /** A plain summary for logs; it carries nothing beyond what the message and fields say. */
  toJSON(): Record<string, unknown> {
    // `name` and `message` are not enumerable, so the spread adds the fields after them.
    return { name: this.name, message: this.message, ...(this as object) };
  }
}

/** A request that failed its schema; it was never sent. */
export class RequestValidationError extends InfraSdkError {
  static override readonly kind: string = 'RequestValidationError';
  /** Every problem the schema found, each with the path of its field. */
  declare readonly issues: readonly ValidationIssue[];

  /** `what` names the rejected input in the message, e.g. `job` or `request path`. */
  constructor(what: string, issues: readonly ValidationIssue[]) {
    super(`Invalid ${what} (nothing was sent): ${describeIssues(issues)}`);
    this.issues = issues;
  }
}

/** Why a response could not be used. */
export type ResponseProblem =
  | 'schema'
  | 'invalid-json'
  | 'line-too-long'
  | 'truncated'
  | 'too-large'
  | 'too-deep'
  | 'repeated-token'
  | 'missing-index';

/** A response that is not what the service should send: wrong shape, broken JSON, an oversized line. */
export class ResponseValidationError extends InfraSdkError {
  static override readonly kind: string = 'ResponseValidationError';
  /** What kind of problem made the response unusable. */
  declare readonly problem: ResponseProblem;
  /** Schema problems, for `problem: 'schema'`; empty otherwise. */
  declare readonly issues: readonly ValidationIssue[];
  /** HTTP method of the request, when known. */
  declare readonly method: string | undefined;
  /** Redacted URL of the request, when known. */
  declare readonly url: string | undefined;

  /** `problem` classifies the failure, `message` describes it, and `init` adds the issues, the request and the cause. */
  constructor(
    problem: ResponseProblem,
    message: string,
    init: { issues?: readonly ValidationIssue[]; method?: string; url?: string; cause?: unknown } = {},
  ) {
    const where = requestOf(init);
    super(where ? `${message} (${where})` : message, causeOf(init));
    this.problem = problem;
    this.issues = init.issues ?? [];
    this.method = init.method;
    this.url = init.url;
  }
}

/** No answer, or no further data, within the allowed time. */
export class TimeoutError extends InfraSdkError {
  static override readonly kind: string = 'TimeoutError';
  /** The limit that ran out, in milliseconds. */
  declare readonly timeoutMs: number;
  /** HTTP method of the request, when known. */
  declare readonly method: string | undefined;
  /** Redacted URL of the request, when known. */
  declare readonly url: string | undefined;

  /** `what` says what did not arrive in time, e.g. `no data arrived`; `init` names the request. */
  constructor(timeoutMs: number, what: string, init: { method?: string; url?: string } = {}) {
    super(`${prefixed(init, what)} within ${timeoutMs} ms; raise the timeout or check the service`);
    this.timeoutMs = timeoutMs;
    this.method = init.method;
    this.url = init.url;
  }
}

/** The connection failed or broke before a whole response arrived. */
export class ConnectionError extends InfraSdkError {
  static override readonly kind: string = 'ConnectionError';
  /** HTTP method of the request, when known. */
  declare readonly method: string | undefined;
  /** Redacted URL of the request, when known. */
  declare readonly url: string | undefined;

  /** `message` says what broke; `init` names the request and keeps the underlying error as `cause`. */
  constructor(message: string, init: { method?: string; url?: string; cause?: unknown } = {}) {
    super(prefixed(init, message), causeOf(init));
    this.method = init.method;
    this.url = init.url;
  }
}

/** Why a redirect was not followed. */
export type RedirectProblem = 'other-origin' | 'insecure' | 'credentials' | 'body' | 'too-many' | 'hidden';

/** What a refused redirect was. */
export interface RedirectErrorInit {
  /** Why it was refused. */
  readonly problem: RedirectProblem;
  /** HTTP status of the redirect; 0 when the runtime does not tell it (see `RedirectError.status`). */
  readonly status: number;
  /** HTTP method of the request that was redirected. */
  readonly method: string;
  /** Redacted URL of the request that was redirected. */
  readonly url: string;
  /** Redacted address the redirect pointed to; undefined when the runtime hides it. */
  readonly location: string | undefined;
}

const REDIRECT_ADVICE: Readonly<Record<RedirectProblem, string>> = {
  'other-origin':
    'another origin would get the credentials or the body; trust it with `trustedOrigins` if it is part of the service',
  insecure: 'it leaves https for http, or http(s) for another scheme',
  credentials:
    'the address carries a user name or password, which would be sent as credentials; the service must redirect to a plain address',
  body: 'a streamed body cannot be sent again; send bytes or a Blob to have it followed',
  'too-many': 'too many redirects; see `maxRedirects`',
  hidden: 'the runtime hides the target; use the final address or `trustedOrigins`',
};

/** A redirect that would send a credential or a body where it must not go, or one too many; never followed. */
export class RedirectError extends InfraSdkError {
  static override readonly kind: string = 'RedirectError';
  /** Why the redirect was refused. */
  declare readonly problem: RedirectProblem;
  /**
   * HTTP status of the redirect; 0 when the runtime does not tell it: a browser's manual redirect
   * (`problem: 'hidden'`), or a redirect answering a streamed body, which fetch refuses by itself.
   */
  declare readonly status: number;
  /** HTTP method of the request that was redirected. */
  declare readonly method: string;
  /** Redacted URL of the request that was redirected. */
  declare readonly url: string;
  /** Redacted address the redirect pointed to; undefined when the runtime hides it. */
  declare readonly location: string | undefined;

  /** The message names the redirect, why it was refused and the option that changes it. */
  constructor(init: RedirectErrorInit) {
    super(
      prefixed(
        init,
        `${init.status === 0 ? 'a redirect' : `redirect ${init.status}`} to ${init.location ?? 'a hidden address'} not followed: ${REDIRECT_ADVICE[init.problem]}`,
      ),
    );
    this.problem = init.problem;
    this.status = init.status;
    this.method = init.method;
    this.url = init.url;
    this.location = init.location;
  }
}

/** The caller aborted the operation through its signal. Never retried. */
export class AbortError extends InfraSdkError {
  static override readonly kind: string = 'AbortError';
  /** `options.cause` keeps the abort reason when there is one. */
  constructor(message = 'The operation was aborted', options?: { cause?: unknown }) {
    super(message, options);
  }
}

function describeIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; ');
}

/** `METHOD /path?query` of the request an error is about, when both are known. */
function requestOf(init: { readonly method?: string; readonly url?: string }): string | undefined {
  return init.method && init.url ? `${init.method} ${pathOf(init.url)}` : undefined;
}

/** `message` after `METHOD /path: ` when the request is known. */
export function prefixed(init: { readonly method?: string; readonly url?: string }, message: string): string {
  const where = requestOf(init);
  return where ? `${where}: ${message}` : message;
}

function causeOf(init: { readonly cause?: unknown }): { cause: unknown } | undefined {
  return init.cause === undefined ? undefined : { cause: init.cause };
}

export function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}
