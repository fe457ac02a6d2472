// How the registry differs from a plain JSON service: a 2xx body may still report a failure, and a 403
// carries the reason of a disallowed use.
import {
  checkOptions,
  createApiError,
  type OperationSpec,
  type ResponseMeta,
  readErrorBody,
  redactUrl,
  requestOptionKeys,
  type ServiceRules,
  toSearchParams,
} from '@infra-sdk/core';
import { asDisallowedUse } from './disallowed-use-error.js';

/** The registry's service rules for a client whose API lives at `apiUrl`. */
export function registryRules(apiUrl: string): ServiceRules {
  return {
    // Every operation of the registry takes core's per-call options and no others (those that take
    // more, a search's or an upload's, check theirs first and pass on only these): the one check of
    // all of them, before anything is sent.
    callOptions: (options) => {
      checkOptions(options, requestOptionKeys, 'request options');
      return options;
    },
    unwrap: (body, meta, spec) => {
      refuseReportedFailure(apiUrl, spec, body, meta);
      return { data: body, meta };
    },
    mapError: asDisallowedUse,
  };
}

/** Throws when a successful status carries the registry's failure markers (`success: false`, `errors`). */
function refuseReportedFailure(apiUrl: string, spec: OperationSpec, body: unknown, meta: ResponseMeta): void {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  const { errors, success } = body as { errors?: unknown; success?: unknown };
  if (success !== false && readErrorBody({ errors }).errors.length === 0) return;
  const search = toSearchParams(spec.query).toString();
  throw createApiError({
    status: meta.status,
    method: spec.method,
    url: redactUrl(`${spec.url ?? `${apiUrl}${spec.path}`}${search ? `?${search}` : ''}`),
    errors: readErrorBody(body).errors,
    ...(meta.requestId === undefined ? {} : { requestId: meta.requestId }),
  });
}
