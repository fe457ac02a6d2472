// The error hierarchy shared by every client. Checks go through `isInstance`, which reads a
// `Symbol.for` brand instead of the prototype chain, so they hold when two copies of core are installed.

const BRAND: unique symbol = Symbol.for('@infra-sdk/core/error-kinds') as never;

/** A service's error entry: most services send strings, some send objects. */
export type ServiceErrorItem = string | Readonly<Record<string, unknown>>;

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
    const out: Record<string, unknown> = { name: this.name, message: this.message };
    for (const [key, value] of Object.entries(this)) out[key] = value;
    return out;
  }
}

/** What every HTTP error knows about the failed call. */
export interface ApiErrorInit {
  /** HTTP status of the response, 400 or above. */
  readonly status: number;
  /** HTTP method of the failed request. */
  readonly method: string;
  /** The request URL with credentials removed. */
  readonly url: string;
  /** Error entries from the response body. */
  readonly errors?: readonly ServiceErrorItem[];
  /** The service's request id, when it sent one. */
  readonly requestId?: string;
  /** A plain-text body, already trimmed and redacted. */
  readonly body?: string;
  /** Milliseconds the server asked the caller to wait (`Retry-After`). */
  readonly retryAfterMs?: number;
}

/** The service answered with a status of 400 or above. */
export class ApiError extends InfraSdkError {
  static override readonly kind: string = 'ApiError';
  /** HTTP status of the response, 400 or above. */
  declare readonly status: number;
  /** HTTP method of the failed request. */
  declare readonly method: string;
  /** The request URL with credentials removed. */
  declare readonly url: string;
  /** Error entries from the response body; empty when the service sent none. */
  declare readonly errors: readonly ServiceErrorItem[];
  /** The service's request id, to quote when asking its operators about the failure. */
  declare readonly requestId: string | undefined;
  /** A plain-text body, already trimmed and redacted, when the service sent text instead of JSON. */
  declare readonly body: string | undefined;
  /** Milliseconds the server asked the caller to wait (`Retry-After`), when it said. */
  declare readonly retryAfterMs: number | undefined;

  /** Builds the message from the method, path, status and service errors, then `hint` on what to do about it. */
  constructor(init: ApiErrorInit, hint?: string) {
    const detail = describeErrors(init.errors ?? [], init.body);
    const path = pathOf(init.url);
    super(
      `${init.method} ${path} failed with status ${init.status}${detail ? `: ${detail}` : ''}${hint ? `. ${hint}` : ''}`,
    );
    this.status = init.status;
    this.method = init.method;
    this.url = init.url;
    this.errors = init.errors ?? [];
    this.requestId = init.requestId;
    this.body = init.body;
    this.retryAfterMs = init.retryAfterMs;
  }
}

/** 400: the request was refused as invalid; change it before trying again. */
export class BadRequestError extends ApiError {
  static override readonly kind: string = 'BadRequestError';
  /** Usually built by `createApiError`, which picks the class from the status. */
  constructor(init: ApiErrorInit) {
    super(init, 'The service rejected the request as invalid; correct it before sending it again');
  }
}

/** 401: no token, or a token the service does not accept. */
export class UnauthorizedError extends ApiError {
  static override readonly kind: string = 'UnauthorizedError';
  /** Usually built by `createApiError`, which picks the class from the status. */
  constructor(init: ApiErrorInit) {
    super(init, 'Check that a valid token is configured');
  }
}

/** 403: the token is valid but lacks the permission, or the request is not allowed. */
export class PermissionDeniedError extends ApiError {
  static override readonly kind: string = 'PermissionDeniedError';
  /** Usually built by `createApiError`, which picks the class from the status. */
  constructor(init: ApiErrorInit) {
    super(init, 'The token lacks the permission this operation needs, or the request is not allowed');
  }
}

/** 404: no such resource, or one the token may not see. */
export class NotFoundError extends ApiError {
  static override readonly kind: string = 'NotFoundError';
  /** Usually built by `createApiError`, which picks the class from the status. */
  constructor(init: ApiErrorInit) {
    super(init, 'The resource does not exist or the token may not see it');
  }
}

/** 422: well-formed but semantically refused. */
export class UnprocessableEntityError extends ApiError {
  static override readonly kind: string = 'UnprocessableEntityError';
  /** Usually built by `createApiError`, which picks the class from the status. */
  constructor(init: ApiErrorInit) {
    super(init, 'The service could not process the request as given');
  }
}

/** 429: too many requests. `retryAfterMs` says how long the service asked to wait. */
export class RateLimitError extends ApiError {
  static override readonly kind: string = 'RateLimitError';
  /** Usually built by `createApiError`, which picks the class from the status; the message says how long to wait. */
  constructor(init: ApiErrorInit) {
    super(
      init,
      init.retryAfterMs === undefined
        ? 'Rate-limited; slow down and try again later'
        : `Rate-limited; try again in ${Math.ceil(init.retryAfterMs / 1000)} s`,
    );
  }
}

/** 5xx: the service failed. */
export class ServerError extends ApiError {
  static override readonly kind: string = 'ServerError';
  /** Usually built by `createApiError`; `hint` replaces the default advice to try again later. */
  constructor(init: ApiErrorInit, hint = 'The service failed; try again later') {
    super(init, hint);
  }
}

/** 503: sealed, in maintenance or otherwise unavailable for now. */
export class ServiceUnavailableError extends ServerError {
  static override readonly kind: string = 'ServiceUnavailableError';
  /** Usually built by `createApiError`, which picks the class from the status. */
  constructor(init: ApiErrorInit) {
    super(init, 'The service is unavailable (maintenance, sealed or starting); try again later');
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
export type RedirectProblem = 'other-origin' | 'insecure' | 'body' | 'too-many' | 'hidden';

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
  insecure: 'it leaves https for http',
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

/** Whether a failure may pass if the same request is repeated later: connection failures, timeouts, 5xx and 429. */
export function isTransientError(error: unknown): boolean {
  return (
    ConnectionError.isInstance(error) ||
    TimeoutError.isInstance(error) ||
    ServerError.isInstance(error) ||
    RateLimitError.isInstance(error)
  );
}

/** The `ApiError` subclass of each status that has one of its own. */
const STATUS_CLASSES: Readonly<Record<number, new (init: ApiErrorInit) => ApiError>> = {
  400: BadRequestError,
  401: UnauthorizedError,
  403: PermissionDeniedError,
  404: NotFoundError,
  422: UnprocessableEntityError,
  429: RateLimitError,
  503: ServiceUnavailableError,
};

/** Builds the `ApiError` subclass that matches `init.status`. */
export function createApiError(init: ApiErrorInit): ApiError {
  const Class = STATUS_CLASSES[init.status] ?? (init.status >= 500 ? ServerError : ApiError);
  return new Class(init);
}

function describeErrors(errors: readonly ServiceErrorItem[], body: string | undefined): string {
  const parts = errors.map((item) => (typeof item === 'string' ? item : describeObject(item)));
  if (parts.length === 0 && body) parts.push(body);
  return parts.join('; ');
}

function describeObject(item: Readonly<Record<string, unknown>>): string {
  for (const key of ['message', 'detail', 'error', 'title']) {
    const value = item[key];
    if (typeof value === 'string' && value) return value;
  }
  return JSON.stringify(item);
}

function describeIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; ');
}

/** `METHOD /path?query` of the request an error is about, when both are known. */
function requestOf(init: { readonly method?: string; readonly url?: string }): string | undefined {
  return init.method && init.url ? `${init.method} ${pathOf(init.url)}` : undefined;
}

/** `message` after `METHOD /path: ` when the request is known. */
function prefixed(init: { readonly method?: string; readonly url?: string }, message: string): string {
  const where = requestOf(init);
  return where ? `${where}: ${message}` : message;
}

function causeOf(init: { readonly cause?: unknown }): { cause: unknown } | undefined {
  return init.cause === undefined ? undefined : { cause: init.cause };
}

function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}
