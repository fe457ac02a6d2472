// Custom repository-host apps that repo-host destinations can authenticate as.

import { type ApiPromise, sendOperation, validateRequest } from '@infra-sdk/core';
import { type SecretsRequestOptions, secretsRequestOptionKeys } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { namePath } from '../name-path.js';
import type { WriteResult } from '../types.generated.js';
import { WriteResultSchema } from '../write-result.js';
import { RepoHostAppRequestSchema } from './request-schemas.js';
import { RepoHostAppSchema } from './schemas.js';
import type { RepoHostApp, RepoHostAppInput } from './types.generated.js';

/**
 * POST /v1/sys/sync/github-apps/:name — configures a repository-host app (its private key is returned masked).
 *
 * A `repo-host` destination authenticates as the app by naming it in `app_name`, with an `installation_id`.
 * The answer holds the app's id, the key's fingerprint and the key masked (`*****`).
 *
 * @example
 * ```ts
 * import { writeRepoHostApp } from '@infra-sdk/secrets-client';
 *
 * const pem = '-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----\n';
 * const app = await writeRepoHostApp(core, 'deploy-app', { app_id: 123456, private_key: pem });
 * console.log(app.app_id, app.fingerprint); // 123456 ...
 * ```
 * @throws {RequestValidationError} before sending, when `app_id` is not a positive whole number (or its
 * digits), `private_key` is empty, or the name is empty or holds `/`, `%` or a control character.
 * @throws {BadRequestError} when the service refuses the app's fields.
 * @throws {PermissionDeniedError} when the token's policy does not allow writing the app.
 */
export function writeRepoHostApp(
  core: SecretsCore,
  name: string,
  app: RepoHostAppInput,
  options?: SecretsRequestOptions,
): ApiPromise<RepoHostApp, SecretsMeta> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: namePath`/sys/sync/github-apps/${name}`,
      body: await validateRequest(RepoHostAppRequestSchema, app, 'repository-host app'),
      schema: RepoHostAppSchema,
    }),
    options,
    secretsRequestOptionKeys,
  );
}

/**
 * GET /v1/sys/sync/github-apps/:name — reads a repository-host app.
 *
 * The private key comes back masked (`*****`).
 *
 * @example
 * ```ts
 * import { readRepoHostApp } from '@infra-sdk/secrets-client';
 *
 * const app = await readRepoHostApp(core, 'deploy-app');
 * console.log(app.app_id, app.private_key); // 123456 '*****'
 * ```
 * @throws {NotFoundError} when no app has that name.
 * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow reading the app.
 */
export function readRepoHostApp(
  core: SecretsCore,
  name: string,
  options?: SecretsRequestOptions,
): ApiPromise<RepoHostApp, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'GET',
      path: namePath`/sys/sync/github-apps/${name}`,
      schema: RepoHostAppSchema,
    }),
    options,
    secretsRequestOptionKeys,
  );
}

/**
 * DELETE /v1/sys/sync/github-apps/:name — deletes an app no destination uses (the external app stays).
 *
 * Deleting an app that does not exist succeeds.
 *
 * @example
 * ```ts
 * import { deleteRepoHostApp } from '@infra-sdk/secrets-client';
 *
 * await deleteRepoHostApp(core, 'deploy-app');
 * ```
 * @throws {BadRequestError} when a `repo-host` destination still names the app in its `app_name`.
 * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
 * @throws {PermissionDeniedError} when the token's policy does not allow deleting the app.
 */
export function deleteRepoHostApp(
  core: SecretsCore,
  name: string,
  options?: SecretsRequestOptions,
): ApiPromise<WriteResult, SecretsMeta> {
  return sendOperation(
    core,
    () => ({
      method: 'DELETE',
      path: namePath`/sys/sync/github-apps/${name}`,
      schema: WriteResultSchema,
    }),
    options,
    secretsRequestOptionKeys,
  );
}
