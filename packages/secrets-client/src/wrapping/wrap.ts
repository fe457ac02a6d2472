// A wrapped call: the operation's own request with `X-Secrets-Wrap-TTL`, whose answer is the wrap
// information instead of the payload. The operation is the unchanged standalone function, given a core
// whose rules ask for wrapping and read the answer as wrap information; what the operation expected
// (schema, envelope handling) rides on the result, so that `unwrap` reads the answer as it would have.
import {
  type ApiPromise,
  mergeHeaders,
  type OperationSpec,
  RequestValidationError,
  ResponseValidationError,
} from '@infra-sdk/core';
import * as v from 'valibot';
import type { SecretsCore } from '../core.js';
import { durationSchema, durationSeconds } from '../duration.js';
import { type SecretsMeta, unwrapEnvelope } from '../envelope.js';
import type { DurationValue } from '../types.generated.js';
import { WrapInfoSchema } from './schemas.js';
import { WRAPPED_ANSWER, type WrapInfo, type WrappedAnswer } from './wrap-info.js';

/** The header that asks the service to wrap an answer, for that many seconds. */
export const WRAP_TTL_HEADER = 'X-Secrets-Wrap-TTL';

function headerValue(ttl: DurationValue): string {
  const checked = v.safeParse(durationSchema(), ttl);
  if (!checked.success || durationSeconds(checked.output) < 1) {
    throw new RequestValidationError('wrapped call', [
      {
        path: 'ttl',
        message: 'must be a duration of at least 1 second: whole seconds or text such as "90s", "5m"',
      },
    ]);
  }
  return String(checked.output);
}

function withAnswer<T>(info: Record<string, unknown>, answer: WrappedAnswer<T>): WrapInfo<T> {
  return Object.defineProperty(info, WRAPPED_ANSWER, { value: answer }) as unknown as WrapInfo<T>;
}

/** `core` with rules that ask for every answer wrapped for `ttl` and read it as wrap information. */
export function wrappingCore(core: SecretsCore, ttl: DurationValue): SecretsCore {
  const { rules } = core;
  const prepare = (described: OperationSpec<unknown, SecretsMeta>): OperationSpec<unknown, SecretsMeta> => {
    const { recover: _emptyListing, ...spec } = rules.prepare ? rules.prepare(described) : described;
    const answer: WrappedAnswer<unknown> = { schema: spec.schema, unwrap: spec.unwrap };
    return {
      ...spec,
      headers: mergeHeaders(spec.headers, { [WRAP_TTL_HEADER]: headerValue(ttl) }),
      unwrap: (body, meta) => {
        const unwrapped = unwrapEnvelope(body, meta);
        if (unwrapped.meta.wrapInfo === null) {
          throw new ResponseValidationError(
            'schema',
            `The service answered ${spec.method} ${spec.path} without wrapping it (an answer without a body, 204, is never wrapped)`,
          );
        }
        return { data: withAnswer({ ...unwrapped.meta.wrapInfo }, answer), meta: unwrapped.meta };
      },
      // Checked like any payload; the checked copy carries the answer's reader too.
      schema: v.pipe(
        WrapInfoSchema,
        v.transform((info) => withAnswer(info, answer)),
      ),
    };
  };
  return { ...core, rules: { ...rules, prepare } };
}

/**
 * The call `operation(core, ...args)` with its answer wrapped for `ttl` (`X-Secrets-Wrap-TTL`): resolves
 * to the wrap information, whose token `unwrap` turns into the answer the operation would have given,
 * typed and checked by that operation's schema. A bad `ttl` rejects the call before sending.
 *
 * Options: those of `operation`, passed in `args` as it takes them.
 *
 * @example
 * ```ts
 * import { generateCredentials, wrapResponse } from '@infra-sdk/secrets-client';
 *
 * const wrapped = await wrapResponse(core, '5m', generateCredentials, 'readonly');
 * console.log(wrapped.token, wrapped.ttl, wrapped.creation_path); // ... 300 database/creds/readonly
 * ```
 * @throws {RequestValidationError} before sending, when `ttl` is not a duration of at least 1 second,
 *   or the operation's own input is refused.
 * @throws {ResponseValidationError} when the service answered without wrapping (an empty 204 answer is
 *   never wrapped: a write, a delete).
 * @throws {NotFoundError | PermissionDeniedError | BadRequestError} as the operation itself would (an
 *   empty listing stays a `NotFoundError`).
 */
export function wrapResponse<A extends readonly unknown[], T>(
  core: SecretsCore,
  ttl: DurationValue,
  operation: (core: SecretsCore, ...args: A) => ApiPromise<T, SecretsMeta>,
  ...args: A
): ApiPromise<WrapInfo<T>, SecretsMeta> {
  // The operation resolves to what the wrapping core's rules made of the answer: the wrap information.
  return operation(wrappingCore(core, ttl), ...args) as unknown as ApiPromise<WrapInfo<T>, SecretsMeta>;
}
