// Every API call goes through here: its input is checked (by `build`) before anything is sent, and a 2xx
// body that still reports a failure (`success: false`, or an `errors` entry) becomes an ApiError.
import {
  ApiPromise,
  createApiError,
  type Query,
  type RequestOptions,
  type ResponseMeta,
  redactUrl,
  type ServiceErrorItem,
  type StandardSchemaV1,
  toSearchParams,
} from '@infra-sdk/core';
import type { RegistryCore } from './client.js';
import { asDisallowedUse } from './disallowed-use-error.js';

/** One request under `/api/v1`, as an operation describes it. */
export interface RegistryRequest<T> {
  readonly method: string;
  /** Under `/api/v1`, parameters already encoded. */
  readonly path: string;
  readonly query?: Query;
  readonly body?: unknown;
  readonly schema?: StandardSchemaV1<unknown, T>;
}

/** Sends the request `build` returns; `build` validates the input, so invalid input sends nothing. */
export function sendRegistryRequest<T>(
  core: RegistryCore,
  build: () => RegistryRequest<T> | Promise<RegistryRequest<T>>,
  options?: RequestOptions,
): ApiPromise<T> {
  return new ApiPromise(
    (async () => {
      const request = await build();
      return core.transport
        .request<T>(
          {
            ...request,
            unwrap: (body: unknown, meta: ResponseMeta) => {
              refuseReportedFailure(core, request, body, meta);
              return { data: body, meta };
            },
          },
          options,
        )
        .withMeta()
        .catch((error: unknown) => {
          throw asDisallowedUse(error);
        });
    })(),
  );
}

/** Throws when a successful status carries the registry's failure markers. */
function refuseReportedFailure(
  core: RegistryCore,
  request: RegistryRequest<unknown>,
  body: unknown,
  meta: ResponseMeta,
): void {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  const { errors, success } = body as { errors?: unknown; success?: unknown };
  const items: ServiceErrorItem[] =
    typeof errors === 'string'
      ? [errors]
      : Array.isArray(errors)
        ? errors.filter(
            (item): item is ServiceErrorItem =>
              typeof item === 'string' || (typeof item === 'object' && item !== null),
          )
        : [];
  if (success !== false && items.length === 0) return;
  const search = toSearchParams(request.query).toString();
  throw createApiError({
    status: meta.status,
    method: request.method,
    url: redactUrl(`${core.apiUrl}${request.path}${search ? `?${search}` : ''}`),
    errors: items,
    ...(meta.requestId === undefined ? {} : { requestId: meta.requestId }),
  });
}
