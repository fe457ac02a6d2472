// Engine listings all answer `data.keys`; the service answers an empty one with 404 and no error text.
import type { ApiPromise } from '@infra-sdk/core';
import * as v from 'valibot';
import type { SecretsCore } from './core.js';
import type { SecretsMeta } from './envelope.js';
import type { ListRequestOptions } from './options.js';
import { listForm, send } from './send.js';

/** `data` of a listing: the names under a path. */
export const KeyListSchema = /* @__PURE__ */ v.looseObject({ keys: v.array(v.string()) });

/** The names a listing returned. */
export interface KeyList extends v.InferOutput<typeof KeyListSchema> {}

/** Lists the names under the path `pathOf` builds (parameters encoded), in the call's list form. */
export function listKeys(
  core: SecretsCore,
  pathOf: () => string,
  options: ListRequestOptions | undefined,
): ApiPromise<KeyList, SecretsMeta> {
  return send(core, options, () => ({
    ...listForm(core, options),
    path: pathOf(),
    response: KeyListSchema,
    emptyList: () => ({ keys: [] }),
  }));
}
