// Token and key generation, shared by rolesets, static and impersonated accounts and the old alias paths.
import { type ApiPromise, sendOperation, validateRequest } from '@infra-sdk/core';
import { type EngineRequestOptions, engineRequestOptionKeys } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { mountOf } from '../mount.js';
import { KeyRequestSchema } from './request-schemas.js';
import { AccessTokenSchema, ServiceAccountKeySchema } from './schemas.js';
import type { AccessToken, KeyRequestInput, ServiceAccountKey } from './types.generated.js';

/** Generates an access token at the path `pathOf` builds from the checked mount. */
export function generateToken(
  core: SecretsCore,
  pathOf: (mount: string) => string,
  options: EngineRequestOptions | undefined,
): ApiPromise<AccessToken, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: pathOf(mountOf(core.cloudMount, options)),
      schema: AccessTokenSchema,
    }),
    options,
    engineRequestOptionKeys,
  );
}

/** Generates a key: GET with the defaults when `key` is undefined, else POST with its fields; never retried. */
export function generateKey(
  core: SecretsCore,
  pathOf: (mount: string) => string,
  key: KeyRequestInput | undefined,
  options: EngineRequestOptions | undefined,
): ApiPromise<ServiceAccountKey, SecretsMeta> {
  return sendOperation(
    core,
    async () => ({
      method: key === undefined ? 'GET' : 'POST',
      path: pathOf(mountOf(core.cloudMount, options)),
      ...(key === undefined ? {} : { body: await validateRequest(KeyRequestSchema, key, 'key request') }),
      schema: ServiceAccountKeySchema,
      // A repeated request would create a second key (and the account's key quota is small).
      idempotent: false,
    }),
    options,
    engineRequestOptionKeys,
  );
}
