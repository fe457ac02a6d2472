// Changing some fields of a destination, leaving the others as stored.
import { type ApiPromise, RequestValidationError, sendOperation, validateRequest } from '@infra-sdk/core';
import * as v from 'valibot';
import { type SecretsRequestOptions, secretsRequestOptionKeys } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import type { SecretsMeta } from '../envelope.js';
import { namePath } from '../name-path.js';
import type { DestinationInputs } from './destination-inputs.js';
import type { DestinationType } from './known-values.js';
import {
  Cloud1SmDestinationRequestSchema,
  Cloud2KvDestinationRequestSchema,
  Cloud3SmDestinationRequestSchema,
  HostingProjectDestinationRequestSchema,
  RepoHostDestinationRequestSchema,
} from './request-schemas.js';
import { DestinationSchema } from './schemas.js';
import type { Destination } from './types.generated.js';

/** The fields of each type, every one optional: a patch names only what changes. */
function patchSchemaOf(type: DestinationType) {
  switch (type) {
    case 'cloud1-sm':
      return v.partial(Cloud1SmDestinationRequestSchema);
    case 'cloud2-kv':
      return v.partial(Cloud2KvDestinationRequestSchema);
    case 'cloud3-sm':
      return v.partial(Cloud3SmDestinationRequestSchema);
    case 'repo-host':
      // The rules between fields need the whole destination, which the service has: only the fields are checked.
      return v.partial(RepoHostDestinationRequestSchema.pipe[0]);
    case 'hosting-project':
      return v.partial(HostingProjectDestinationRequestSchema);
  }
}

const TYPES: readonly DestinationType[] = [
  'cloud1-sm',
  'cloud2-kv',
  'cloud3-sm',
  'repo-host',
  'hosting-project',
];

/**
 * `PATCH /v1/sys/sync/destinations/:type/:name`: changes only the fields given of an existing
 * destination (each checked against its type), sent as `application/merge-patch+json`; the others stay
 * as stored. Resolves to the destination as stored, its secrets masked, or undefined. Retried like a
 * read: the same change twice is the same change.
 *
 * @example
 * ```ts
 * import { patchDestination, writeCloud1SmDestination } from '@infra-sdk/secrets-client';
 *
 * await writeCloud1SmDestination(core, 'prod-store', { region: 'us-west-1' });
 * const destination = await patchDestination(core, 'cloud1-sm', 'prod-store', { region: 'eu-west-1' });
 * console.log(destination?.connection_details);
 * ```
 * @throws {RequestValidationError} before sending, when the type is not one of the five, a field is not
 *   one of that type's or breaks its rules, or the name is empty or holds `/`, `%` or a control character.
 * @throws {NotFoundError} when the destination does not exist.
 * @throws {BadRequestError} when the service refuses the change, or the destination is being purged.
 * @throws {PermissionDeniedError} when the token's policy does not allow `patch` on destinations.
 */
export function patchDestination<T extends DestinationType>(
  core: SecretsCore,
  type: T,
  name: string,
  changes: Partial<DestinationInputs[T]>,
  options?: SecretsRequestOptions,
): ApiPromise<Destination | undefined, SecretsMeta> {
  return sendOperation(
    core,
    async () => {
      if (!TYPES.includes(type)) {
        throw new RequestValidationError('destination patch', [
          { path: 'type', message: `unknown type ${JSON.stringify(type)}; use one of ${TYPES.join(', ')}` },
        ]);
      }
      return {
        method: 'PATCH',
        path: namePath`/sys/sync/destinations/${type}/${name}`,
        headers: { 'content-type': 'application/merge-patch+json' },
        body: await validateRequest(patchSchemaOf(type), changes, `a ${type} destination patch`),
        schema: v.optional(DestinationSchema),
        idempotent: true,
      };
    },
    options,
    secretsRequestOptionKeys,
  );
}
