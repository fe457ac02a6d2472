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

/**
 * Root of every error raised by the infra-sdk clients.
 *
 * No error carries a credential. None holds a `Request`, `Headers`, options or a request body. URLs are
 * redacted (user information, and the values of `access_token`, `token`, `secret`, `password` and
 * `auth_token` in the query). The token is masked as `[redacted]` in every text an error carries (its
 * message, the service's error list and plain body, schema issues, and so `String(error)`,
 * `JSON.stringify(error)` and `util.inspect(error)`), in every form a token takes on the wire: as it is,
 * percent-encoded (`encodeURIComponent`, or a URL's own encoding), form-encoded (`URLSearchParams`: a
 * space as `+`, `~ ( ) ! '` encoded), those mixed freely, and base64 (standard or URL-safe, alone or
 * inside a longer value such as Basic auth's `user:token`). The last eight tokens a provider handed out
 * are masked too, so a later call's errors never show an earlier token. A token shorter than four
 * characters is not looked for. A `cause` from the runtime is a copy (its name, code, message, stack and
 * its own causes, the token taken out), never the original.
 */
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
    for (let ctor = new.target; Object.hasOwn(ctor, 'kind'); ctor = Object.getPrototypeOf(ctor)) {
      kinds.push(ctor.kind);
    }
    Object.defineProperties(this, {
      [BRAND]: { value: Object.freeze(kinds) },
      name: { value: new.target.kind, configurable: true },
    });
  }

  /** True when `value` is an error of this class or a subclass, from any installed copy of core. */
  static isInstance<T extends abstract new (...args: never[]) => InfraSdkError>(
    this: T & { readonly kind: string },
    value: unknown,
  ): value is InstanceType<T> {
    const kinds = (value as { [BRAND]?: unknown } | undefined)?.[BRAND];
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
    super(
      `Invalid ${what} (nothing was sent): ${issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; ')}`,
    );
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

/** The request an error is about, when known. */
interface RequestFacts {
  readonly method?: string | undefined;
  readonly url?: string | undefined;
  readonly cause?: unknown;
}

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
    super(about(init, message, true), init);
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
    super(about(init, `${what} within ${timeoutMs} ms; raise the timeout or check the service`));
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
    super(about(init, message), init);
    this.method = init.method;
    this.url = init.url;
  }
}

/** Why a redirect was not followed; the rules are on `CrossOriginRedirects`. */
export type RedirectProblem =
  /**
   * To another origin: with credentials under `crossOriginRedirects: 'refuse'`, or, under any policy,
   * with a body or for a write.
   */
  | 'other-origin'
  /** From `https:` to `http:`, or to a scheme other than http(s). */
  | 'insecure'
  /** To an address with a user name or password, which would travel as credentials. */
  | 'credentials'
  /** Answering a streamed body, which cannot be sent again; `status` is then 0. */
  | 'body'
  /** One more than `maxRedirects` in a row. */
  | 'too-many'
  /** The runtime hid where it points (a browser's `opaqueredirect`), so it could not be checked. */
  | 'hidden';

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
  credentials: 'the address carries a user name or password; the service must redirect to a plain address',
  body: 'a streamed body cannot be sent again; send bytes or a Blob to have it followed',
  'too-many': 'too many redirects; see `maxRedirects`',
  hidden: 'the runtime hides the target; use the final address or `trustedOrigins`',
};

/**
 * A redirect that would send a credential or a body where it must not go, or one too many; never
 * followed. `problem` says why (each value is described on `RedirectProblem`); the rules, and the
 * option that follows redirects to other origins without credentials, are on `CrossOriginRedirects`.
 */
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
    const { problem, status, location } = init;
    super(
      about(
        init,
        `${status ? `redirect ${status}` : 'a redirect'} to ${location ?? 'a hidden address'} not followed: ${REDIRECT_ADVICE[problem]}`,
      ),
    );
    this.problem = problem;
    this.status = status;
    this.method = init.method;
    this.url = init.url;
    this.location = location;
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

/**
 * `message` with the request it is about, when both its method and URL are known: `METHOD /path?query:
 * message`, or `message (METHOD /path?query)` when `after`.
 */
export function about(init: RequestFacts, message: string, after?: boolean): string {
  const { method, url } = init;
  if (!method || !url) return message;
  const where = `${method} ${pathOf(url)}`;
  return after ? `${message} (${where})` : `${where}: ${message}`;
}

/** The path and query of `url`, or `url` itself when it is not absolute. */
export function pathOf(url: string): string {
  try {
    const { pathname, search } = new URL(url);
    return pathname + search;
  } catch {
    return url;
  }
}
