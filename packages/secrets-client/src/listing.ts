// Listings: sent as the LIST verb or `GET ?list=true`, and answered with every name at once (the
// service does not page them). The service answers an empty listing with 404 and no error text.
import {
  type ApiPromise,
  type ApiResult,
  emptyResponseMeta,
  NotFoundError,
  type Query,
  RequestValidationError,
  sendOperation,
} from '@infra-sdk/core';
import * as v from 'valibot';
import { type EngineListOptions, engineListOptionKeys, type ListRequestOptions } from './call-options.js';
import type { SecretsCore } from './core.js';
import { type SecretsMeta, unwrapEnvelope } from './envelope.js';
import type { KeyList } from './types.generated.js';

/** `data` of a listing: the names under a path. */
export const KeyListSchema = /* @__PURE__ */ v.looseObject({ keys: v.array(v.string()) });

/** Method and query of a listing, by the call's or the client's choice of list form. */
export function listForm(
  core: SecretsCore,
  options: ListRequestOptions | undefined,
): { method: string; query?: Query } {
  const method = options?.listMethod ?? core.listMethod;
  if (method === 'GET') return { method: 'GET', query: { list: true } };
  if (method === 'LIST') return { method: 'LIST' };
  throw new RequestValidationError('list method', [
    { path: 'listMethod', message: `must be "LIST" or "GET", not ${JSON.stringify(method)}` },
  ]);
}

/** The `recover` of a listing: a 404 without error text is the empty listing `empty` returns. */
export function emptyListing<T>(empty: () => T): (error: unknown) => ApiResult<T, SecretsMeta> | undefined {
  return (error) =>
    NotFoundError.isInstance(error) && error.errors.length === 0
      ? { data: empty(), meta: emptyListMeta(error) }
      : undefined;
}

// The envelope's fields take their "none" values, as for an answer without an envelope.
function emptyListMeta(error: NotFoundError): SecretsMeta {
  return unwrapEnvelope(undefined, emptyResponseMeta(error.status, error.requestId)).meta;
}

/** Lists the names under the path `pathOf` builds (parameters encoded), in the call's list form. */
export function listKeys(
  core: SecretsCore,
  pathOf: () => string,
  options: EngineListOptions | undefined,
): ApiPromise<KeyList, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      ...listForm(core, options),
      path: pathOf(),
      schema: KeyListSchema,
      recover: emptyListing(() => ({ keys: [] })),
    }),
    options,
    engineListOptionKeys,
  );
}
