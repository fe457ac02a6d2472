// Making tokens: children of the client's token, orphans, or tokens by a token role's rules.
import {
  type ApiPromise,
  type KeySets,
  type OwnOptionKeys,
  RequestValidationError,
  sendOperation,
  validateRequest,
} from '@infra-sdk/core';
import { type SecretsRequestOptions, secretsRequestOptionKeys } from '../call-options.js';
import type { SecretsCore } from '../core.js';
import { type SecretsMeta, unwrapEnvelope } from '../envelope.js';
import { namePath } from '../name-path.js';
import { CreateTokenRequestSchema, TokenAuthSchema } from './schemas.js';
import type { CreateTokenRequest, TokenAuth } from './types.generated.js';

/** Options of `createToken`. */
export interface CreateTokenOptions extends SecretsRequestOptions {
  /** Create an orphan (`POST /auth/token/create-orphan`): it outlives the client's token. */
  readonly orphan?: boolean | undefined;
  /** Create by a token role's rules (`POST /auth/token/create/:role_name`). */
  readonly role?: string | undefined;
}

/** The keys of `CreateTokenOptions`. */
export const createTokenOptionKeys: KeySets = [
  secretsRequestOptionKeys,
  { orphan: 1, role: 1 } as const satisfies OwnOptionKeys<CreateTokenOptions, SecretsRequestOptions>,
];

/** The path of a creation with `options`. */
function creationPath(options: CreateTokenOptions): string {
  if (options.role !== undefined) return namePath`/auth/token/create/${options.role}`;
  return options.orphan === true ? '/auth/token/create-orphan' : '/auth/token/create';
}

/**
 * `POST /v1/auth/token/create`: makes a token, a child of the client's token (revoked with it) unless
 * it is an orphan (`orphan: true`: `POST /v1/auth/token/create-orphan`) or a token role says otherwise
 * (`role`: `POST /v1/auth/token/create/:role_name`). Resolves to the answer's `auth` block: the new
 * token, its accessor, policies, `lease_duration` and renewability. Not retried: a retry would make a
 * second token.
 *
 * @example
 * ```ts
 * import { createToken } from '@infra-sdk/secrets-client';
 *
 * const child = await createToken(core, { policies: ['readonly'], ttl: '1h', explicit_max_ttl: '24h', num_uses: 10 });
 * console.log(child.accessor, child.lease_duration); // ... 3600
 * const worker = await createToken(core, { period: '24h' }, { orphan: true });
 * console.log(worker.renewable); // true
 * ```
 * @throws {RequestValidationError} before sending, when a field is unknown or of the wrong type (a TTL
 *   that is not whole seconds or duration text, negative `num_uses`), or `orphan` and `role` are both given.
 * @throws {PermissionDeniedError} when the client's token may not create tokens (or orphans) there.
 * @throws {BadRequestError} when the service refuses the request (an unknown token role, policies the
 *   creator does not hold).
 */
export function createToken(
  core: SecretsCore,
  request: CreateTokenRequest = {},
  options?: CreateTokenOptions,
): ApiPromise<TokenAuth, SecretsMeta> {
  const { orphan, role, ...call } = options ?? {};
  return sendOperation(
    core,
    async () => {
      const body = await validateRequest(CreateTokenRequestSchema, request, 'token creation');
      if (orphan === true && role !== undefined) {
        throw new RequestValidationError('token creation', [
          {
            path: 'orphan',
            message: 'is not allowed with role (the token role says whether its tokens are orphans)',
          },
        ]);
      }
      return {
        method: 'POST',
        path: creationPath({ orphan, role }),
        body,
        schema: TokenAuthSchema,
        unwrap: (raw, meta) => {
          const unwrapped = unwrapEnvelope(raw, meta);
          return { data: unwrapped.meta.auth ?? undefined, meta: unwrapped.meta };
        },
      };
    },
    call,
    createTokenOptionKeys,
  );
}
