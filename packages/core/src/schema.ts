// Core speaks Standard Schema, the interface valibot (and other validators) implement, so it needs no
// validator of its own; the clients bring valibot.
import { RequestValidationError, ResponseValidationError, type ValidationIssue } from './errors.js';
import { redactText } from './redact.js';

/** The part of the Standard Schema v1 interface core relies on. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  /** The Standard Schema properties, under the key every implementation shares. */
  readonly '~standard': {
    /** Version of the Standard Schema interface; always 1. */
    readonly version: 1;
    /** Name of the library that implements the schema, e.g. `valibot`. */
    readonly vendor: string;
    /** Checks a value; resolves to the (possibly transformed) value or to the issues found. */
    readonly validate: (
      value: unknown,
    ) => StandardSchemaV1.Result<Output> | Promise<StandardSchemaV1.Result<Output>>;
    /** Input and output types, for type inference only; absent at run time. */
    readonly types?:
      | {
          /** Type of the values the schema accepts. */
          readonly input: Input;
          /** Type of the values it returns. */
          readonly output: Output;
        }
      | undefined;
  };
}

// A namespace, like the published Standard Schema types, so `StandardSchemaV1.Result` reads the same.
/** The types that go with a Standard Schema: the result of a validation, one issue, and the output type. */
export declare namespace StandardSchemaV1 {
  /** The outcome of a validation. */
  type Result<Output> =
    | {
        /** The valid value, possibly transformed by the schema. */
        readonly value: Output;
        /** Absent on success. */
        readonly issues?: undefined;
      }
    | {
        /** Every problem found; the value is invalid. */
        readonly issues: ReadonlyArray<Issue>;
      };
  /** One validation problem. */
  interface Issue {
    /** What is wrong. */
    readonly message: string;
    /** Keys from the root to the offending value. */
    readonly path?:
      | ReadonlyArray<
          | PropertyKey
          | {
              /** The key of one step of the path. */
              readonly key: PropertyKey;
            }
        >
      | undefined;
  }
  /** The output type of a schema. */
  type InferOutput<S extends StandardSchemaV1> = NonNullable<S['~standard']['types']>['output'];
}

/** Turns Standard Schema issues into core's flat `{ path, message }` form. */
export function toIssues(issues: ReadonlyArray<StandardSchemaV1.Issue>): ValidationIssue[] {
  return issues.map((issue) => ({
    path: (issue.path ?? [])
      .map((part) => String(typeof part === 'object' && part !== null ? part.key : part))
      .join('.'),
    message: issue.message,
  }));
}

/** Validates a request value before anything is sent; throws RequestValidationError naming `what`. */
export async function validateRequest<T>(
  schema: StandardSchemaV1<unknown, T>,
  value: unknown,
  what: string,
): Promise<T> {
  const result = await schema['~standard'].validate(value);
  if (result.issues) throw new RequestValidationError(what, toIssues(result.issues));
  return result.value;
}

/** Validates a decoded response; throws ResponseValidationError with the request it belongs to. */
export async function validateResponse<T>(
  schema: StandardSchemaV1<unknown, T>,
  value: unknown,
  where: { method: string; url: string } | (() => { method: string; url: string }),
  secrets: readonly string[] = [],
): Promise<T> {
  const result = await schema['~standard'].validate(value);
  if (!result.issues) return result.value;
  // Issue messages may quote the received value, which a server could have filled with our token.
  const issues = toIssues(result.issues).map((issue) => ({
    ...issue,
    message: redactText(issue.message, secrets),
  }));
  const first = issues[0];
  const summary = first ? `${first.path || 'body'}: ${first.message}` : 'unknown problem';
  return Promise.reject(
    new ResponseValidationError('schema', `The response does not match the expected shape (${summary})`, {
      issues,
      ...(typeof where === 'function' ? where() : where),
    }),
  );
}
