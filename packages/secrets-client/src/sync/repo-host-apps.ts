// Custom repository-host apps that repo-host destinations can authenticate as.

import { type ApiPromise, sendOperation, validateRequest } from '@infra-sdk/core';
import type { SecretsRequestOptions } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { namePath } from '../name-path.js';
import { type WriteResult, WriteResultSchema } from '../write-result.js';
import { type RepoHostAppInput, RepoHostAppRequestSchema } from './request-schemas.js';
import { type RepoHostApp, RepoHostAppSchema } from './schemas.js';

/** POST /v1/sys/sync/github-apps/:name — configures a repository-host app (its private key is returned masked). */
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
  );
}

/** GET /v1/sys/sync/github-apps/:name — reads a repository-host app. */
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
  );
}

/** DELETE /v1/sys/sync/github-apps/:name — deletes an app no destination uses (the external app stays). */
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
  );
}
