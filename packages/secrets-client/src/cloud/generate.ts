// Token and key generation, shared by rolesets, static and impersonated accounts and the old alias paths.
import type { ApiPromise } from '@infra-sdk/core';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import type { EngineRequestOptions } from '../options.js';
import { mountOf, send } from '../send.js';
import {
  type AccessToken,
  AccessTokenSchema,
  type KeyRequestInput,
  KeyRequestSchema,
  type ServiceAccountKey,
  ServiceAccountKeySchema,
} from './schemas.js';

/** Generates an access token at the path `pathOf` builds from the checked mount. */
export function generateToken(
  core: SecretsCore,
  pathOf: (mount: string) => string,
  options: EngineRequestOptions | undefined,
): ApiPromise<AccessToken, SecretsMeta> {
  return send(core, options, () => ({
    method: 'GET',
    path: pathOf(mountOf(core.cloudMount, options)),
    response: AccessTokenSchema,
  }));
}

/** Generates a key: GET with the defaults when `key` is undefined, else POST with its fields; never retried. */
export function generateKey(
  core: SecretsCore,
  pathOf: (mount: string) => string,
  key: KeyRequestInput | undefined,
  options: EngineRequestOptions | undefined,
): ApiPromise<ServiceAccountKey, SecretsMeta> {
  return send(core, options, () => ({
    method: key === undefined ? 'GET' : 'POST',
    path: pathOf(mountOf(core.cloudMount, options)),
    ...(key === undefined ? {} : { body: { schema: KeyRequestSchema, value: key, what: 'key request' } }),
    response: ServiceAccountKeySchema,
    // A repeated request would create a second key (and the account's key quota is small).
    idempotent: false,
  }));
}
