// Every call resolves to its payload; the response metadata rides along on the same promise, so a
// caller who needs the index or request id never makes a second request.

/** What a response says besides its payload. */
export interface ResponseMeta {
  /** HTTP status of the response. */
  readonly status: number;
  /** The service's request id, from the body or a header. */
  readonly requestId: string | undefined;
  /** Blocking-query index of the state that answered. */
  readonly index: number | undefined;
  /** Whether the answering server knows a cluster leader. */
  readonly knownLeader: boolean | undefined;
  /** Milliseconds since the answering server last heard from the leader. */
  readonly lastContact: number | undefined;
  /** The token that fetches the next page, when there is one. */
  readonly nextToken: string | undefined;
  /** Warnings the service attached to a successful response. */
  readonly warnings: readonly string[];
  /** Response headers, names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /**
   * How long the call took in ms, by the client's `clock`: from the start of the call to the decoded
   * answer, every attempt, back-off, `Retry-After` and rate-limit wait included (the Go clients'
   * `RequestTime`). 0 for an answer known only by its status.
   */
  readonly durationMs: number;
  /** Attempts sent, retries included: 1 when the first one answered. 0 for an answer known only by its status. */
  readonly attempts: number;
}

/**
 * The metadata of an answer known only by its status (and request id): what an operation's `recover`
 * gives when it turns an error into a result, e.g. a listing whose 404 means "nothing here".
 */
export function emptyResponseMeta(status: number, requestId?: string): ResponseMeta {
  return {
    status,
    requestId,
    index: undefined,
    knownLeader: undefined,
    lastContact: undefined,
    nextToken: undefined,
    warnings: [],
    headers: {},
    durationMs: 0,
    attempts: 0,
  };
}

/**
 * Core's `meta` with a client's `fields` added (or replacing its own, like `warnings`). `headers` stays a
 * getter that asks `meta`, so the response headers are still copied only when they are read: a spread
 * would copy them on every call.
 */
export function extendMeta<T extends object>(meta: ResponseMeta, fields: T): ResponseMeta & T {
  return {
    status: meta.status,
    requestId: meta.requestId,
    index: meta.index,
    knownLeader: meta.knownLeader,
    lastContact: meta.lastContact,
    nextToken: meta.nextToken,
    warnings: meta.warnings,
    durationMs: meta.durationMs,
    attempts: meta.attempts,
    get headers() {
      return meta.headers;
    },
    ...fields,
  };
}

/** A payload together with its response metadata. */
export interface ApiResult<T, M extends ResponseMeta = ResponseMeta> {
  /** The payload, validated against its schema. */
  readonly data: T;
  /** What the response said besides the payload. */
  readonly meta: M;
}

/** A promise of the payload that can also give the metadata: `await call` or `await call.withMeta()`. */
export class ApiPromise<T, M extends ResponseMeta = ResponseMeta> extends Promise<T> {
  // Derived promises (`then`, `catch`, `finally`) are plain promises.
  /** `Promise`, so the promises that `then`, `catch` and `finally` return are plain promises. */
  static override get [Symbol.species](): PromiseConstructor {
    return Promise;
  }

  readonly #result: Promise<ApiResult<T, M>>;

  /** Wraps the promise of a payload and its metadata; clients build these, callers only await them. */
  constructor(result: Promise<ApiResult<T, M>>) {
    // The base promise is only a placeholder: `then` reads `#result`, so a failure surfaces once,
    // through whichever of `await` or `withMeta()` the caller uses.
    super((resolve) => resolve(undefined as T));
    this.#result = result;
  }

  /** Resolves to `{ data, meta }`. */
  withMeta(): Promise<ApiResult<T, M>> {
    return this.#result;
  }

  /** A promise of `fn(data)` that keeps the same metadata. */
  map<U>(fn: (data: T, meta: M) => U): ApiPromise<U, M> {
    return new ApiPromise(
      this.#result.then((result) => ({ data: fn(result.data, result.meta), meta: result.meta })),
    );
  }

  // biome-ignore lint/suspicious/noThenProperty: an ApiPromise is a promise on purpose.
  override then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#result.then((result) => result.data).then(onfulfilled, onrejected);
  }
}
