// Request bodies checked against an official OpenAPI document, for the packages' tests only (never
// shipped). The document's request schemas are JSON Schema; the caller compiles them with its own
// validator (this folder has no dependencies), and this module finds the operation of each recorded
// request, closes the document's objects so an unknown field is an error, and words the findings.

/** The parts of an OpenAPI document read here. */
export interface OpenApiDocument {
  readonly paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly components?: Readonly<Record<string, unknown>>;
}

/** A request as a test server recorded it. */
export interface SentRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly body: string;
}

/** One finding of a validator, as JSON Schema validators word them (Ajv's `ErrorObject`). */
export interface SchemaError {
  readonly instancePath: string;
  readonly keyword: string;
  readonly message?: string | undefined;
  readonly params: Readonly<Record<string, unknown>>;
}

/** A compiled request schema: true when the body matches, with the findings otherwise. */
export type BodyValidator = ((body: unknown) => boolean) & {
  readonly errors?: readonly SchemaError[] | null | undefined;
};

interface Operation {
  readonly method: string;
  readonly template: string;
  readonly pattern: RegExp;
  readonly schema: unknown;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

/**
 * Every object schema with `properties` and no word on other keys gets `additionalProperties: false`:
 * the document leaves objects open, and a field it does not name is what a misspelling looks like.
 */
function closeObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    // Names under `properties` are field names, not keywords; their values are schemas.
    out[key] =
      key === 'properties' && typeof value === 'object' && value !== null
        ? Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, closeObjects(inner)]))
        : closeObjects(value);
  }
  if (out.properties !== undefined && out.additionalProperties === undefined)
    out.additionalProperties = false;
  return out;
}

/** The request-body operations of `document`, each schema carrying the components its `$ref`s name. */
function operationsOf(document: OpenApiDocument): Operation[] {
  const components = closeObjects(document.components ?? {});
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const body = (
        operation as { requestBody?: { content?: Record<string, { schema?: unknown }> } } | undefined
      )?.requestBody?.content?.['application/json']?.schema;
      if (body === undefined) continue;
      const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
      operations.push({
        method: method.toUpperCase(),
        template,
        pattern: new RegExp(`^${source}$`),
        schema: { ...(closeObjects(body) as object), components },
      });
    }
  }
  // A literal segment wins over a parameter: `/destinations/cloud1-sm/{name}` before `/{type}/{name}`.
  return operations.sort((a, b) => a.template.split('{').length - b.template.split('{').length);
}

/**
 * Findings that only restate another: a failed `anyOf` or `oneOf` whose branches were reported, and the
 * `null` branch of a nullable reference (the value was an object, so "must be null" says nothing).
 */
function isBranchNoise(error: SchemaError): boolean {
  if (error.keyword === 'anyOf' || error.keyword === 'oneOf') return true;
  const allowed = error.params.allowedValues;
  if (error.keyword === 'enum' && Array.isArray(allowed) && allowed.length === 1 && allowed[0] === null) {
    return true;
  }
  return error.keyword === 'type' && error.params.type === 'null';
}

/** Checks recorded requests against the request schemas of an OpenAPI document. */
export interface RequestChecker {
  /**
   * Findings for the requests with a JSON body whose user agent starts with `agent`, as
   * `METHOD /template: /json/path message`, minus those the allowlist names (`*` in a pattern stands
   * for anything). Requests the document has no request schema for are counted in `unmatched`.
   */
  check(requests: readonly SentRequest[]): { problems: string[]; checked: number; unmatched: string[] };
  /** Allowlist patterns that matched a finding so far: the rest are stale. */
  readonly usedAllowlist: ReadonlySet<string>;
}

/** A checker of request bodies for `document`, compiled with `compile` (e.g. Ajv's). */
export function requestChecker(
  document: OpenApiDocument,
  compile: (schema: unknown) => BodyValidator,
  agent: string,
  allowlist: Readonly<Record<string, string>>,
): RequestChecker {
  const operations = operationsOf(document);
  const compiled = new Map<Operation, BodyValidator>();
  const patterns = Object.keys(allowlist).map(
    (pattern) =>
      [
        pattern,
        new RegExp(
          `^${pattern
            .split('*')
            .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
            .join('.*')}$`,
        ),
      ] as const,
  );
  const usedAllowlist = new Set<string>();
  const validatorOf = (operation: Operation): BodyValidator => {
    let validate = compiled.get(operation);
    if (validate === undefined) {
      validate = compile(operation.schema);
      compiled.set(operation, validate);
    }
    return validate;
  };
  return {
    usedAllowlist,
    check(requests) {
      const problems: string[] = [];
      const unmatched: string[] = [];
      let checked = 0;
      for (const request of requests) {
        if (!(request.headers['user-agent'] ?? '').startsWith(agent) || request.body.trim() === '') continue;
        const path = decodeURI(request.path);
        const operation = operations.find(
          (candidate) => candidate.method === request.method && candidate.pattern.test(path),
        );
        if (operation === undefined) {
          unmatched.push(`${request.method} ${path}`);
          continue;
        }
        checked += 1;
        const validate = validatorOf(operation);
        if (validate(JSON.parse(request.body))) continue;
        for (const error of validate.errors ?? []) {
          if (isBranchNoise(error)) continue;
          const field =
            error.keyword === 'additionalProperties'
              ? `${error.instancePath}/${String(error.params.additionalProperty)}: is not in the document`
              : `${error.instancePath || '/'}: ${error.message ?? error.keyword}`;
          const finding = `${operation.method} ${operation.template}: ${field}`;
          const hit = patterns.find(([, regex]) => regex.test(finding));
          if (hit) usedAllowlist.add(hit[0]);
          else problems.push(finding);
        }
      }
      return { problems: [...new Set(problems)], checked, unmatched };
    },
  };
}

/** The two hooks of the test runner a file-level check needs (vitest's `afterAll` and `expect`). */
export interface FileHooks {
  afterAll(run: () => void): void;
  expect(value: unknown, message?: string): { toEqual(expected: unknown): void };
}

/**
 * Registers, for the test file being collected, a check of every JSON body sent to the servers it is
 * given; returns the function that hands it each server (a fake, or a test server) once made.
 */
export function checkRequestsAfterEachFile(
  checker: RequestChecker,
  hooks: FileHooks,
): (server: { readonly requests: readonly SentRequest[] }) => void {
  const watched = new Set<{ readonly requests: readonly SentRequest[] }>();
  hooks.afterAll(() => {
    const problems = [...watched].flatMap((server) => checker.check(server.requests).problems);
    hooks.expect(problems, 'request bodies the OpenAPI document refuses').toEqual([]);
  });
  return (server) => {
    watched.add(server);
  };
}
