// What the client's token may do on given paths, as the service's policies decide.
import { type ApiPromise, sendOperation, validateRequest } from '@infra-sdk/core';
import { type SecretsRequestOptions, secretsRequestOptionKeys } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { CapabilitiesSchema, CapabilitiesSelfRequestSchema } from './schemas.js';

/** Each path asked about, with the capabilities the token has there (`read`, `list`, ... `root`, or `deny`). */
export type Capabilities = Readonly<Record<string, readonly string[]>>;

function listOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/**
 * `POST /v1/sys/capabilities-self`: what the client's token may do on each of `paths` (`create`,
 * `read`, `update`, `patch`, `delete`, `list`, `sudo`; `root` for a root token, `deny` for nothing),
 * keyed by path. Paths are relative to the namespace. Retried like a read.
 *
 * @example
 * ```ts
 * import { capabilitiesSelf } from '@infra-sdk/secrets-client';
 *
 * const caps = await capabilitiesSelf(core, ['secret/data/app', 'database/creds/readonly']);
 * console.log(caps['secret/data/app']); // ['read', 'list'] under a policy granting those; ['root'] for root
 * ```
 * @throws {RequestValidationError} before sending, when `paths` is empty or holds an empty path.
 * @throws {PermissionDeniedError} when the client's token is missing, unknown or expired.
 */
export function capabilitiesSelf(
  core: SecretsCore,
  paths: readonly string[],
  options?: SecretsRequestOptions,
): ApiPromise<Capabilities, SecretsMeta> {
  return sendOperation(
    core,
    async () => ({
      method: 'POST',
      path: '/sys/capabilities-self',
      body: await validateRequest(CapabilitiesSelfRequestSchema, { paths: [...paths] }, 'capabilities query'),
      schema: CapabilitiesSchema,
      idempotent: true,
    }),
    options,
    secretsRequestOptionKeys,
  ).map((data) => {
    const answer: Record<string, readonly string[]> = {};
    // One path: older services answer only `capabilities`.
    for (const path of paths)
      answer[path] = listOf(data[path] ?? (paths.length === 1 ? data.capabilities : undefined));
    return answer;
  });
}
