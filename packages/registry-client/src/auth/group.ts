// The `tokens` and `twoFactor` groups of the client, built from the standalone operations.
import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { createToken } from './create-token.js';
import { deleteToken } from './delete-token.js';
import { requestTwoFactorCode } from './request-two-factor-code.js';
import { validateToken } from './validate-token.js';

/** The operations of `client.tokens`: create a token from a login, check the current one, revoke it. */
export const tokenOperations = {
  /**
   * `POST /api/v1/authenticate`: creates a token from a login and password (with a two-factor `code` when
   * the user has it enabled); the token is shown only here. See {@link createToken}.
   *
   * Options: `description` labels the token; `code` comes from `twoFactor.requestCode`.
   *
   * @example
   * ```ts
   * const { token } = await registry.tokens.create({ login: 'me', password: 'secret', description: 'CI' });
   * console.log(token.length > 0); // true
   * ```
   * @throws {UnauthorizedError} when the login or password is wrong, or the two-factor code is missing,
   *   wrong or used.
   * @throws {RequestValidationError} before sending, when `login` or `password` is empty or a field is unknown.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  create: createToken,
  /**
   * `GET /api/v1/authenticate`: checks the client's token; resolves to nothing when the registry knows
   * it. See {@link validateToken}.
   *
   * @example
   * ```ts
   * import { UnauthorizedError } from '@infra-sdk/registry-client';
   *
   * try {
   *   await registry.tokens.validate();
   *   console.log('token valid');
   * } catch (error) {
   *   if (!UnauthorizedError.isInstance(error)) throw error;
   *   console.log('log in again');
   * }
   * ```
   * @throws {UnauthorizedError} when the client has no token, or one the registry does not know.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  validate: validateToken,
  /**
   * `DELETE /api/v1/authenticate`: revokes the client's token (204); later calls with it fail with
   * `UnauthorizedError`. See {@link deleteToken}.
   *
   * @example
   * ```ts
   * import { createRegistryClient } from '@infra-sdk/registry-client';
   *
   * const { token } = await registry.tokens.create({ login: 'me', password: 'secret', description: 'one job' });
   * const job = createRegistryClient({ baseUrl: 'https://registry.example.com', token });
   * await job.tokens.delete(); // that token no longer works
   * ```
   * @throws {UnauthorizedError} when the client has no token, or one the registry does not know.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  delete: deleteToken,
} as const;

/** The operations of `client.twoFactor`: two-factor authentication codes. */
export const twoFactorOperations = {
  /**
   * `POST /api/v1/two-factor/request-code`: has the registry send a two-factor code by SMS to a user
   * with two-factor authentication, for `tokens.create`'s `code`. See {@link requestTwoFactorCode}.
   *
   * Options: `delivery_method` (`sms`, the default and only value).
   *
   * @example
   * ```ts compile-only
   * declare function askForCode(where: string): Promise<string>; // the code the user received
   * const sent = await registry.twoFactor.requestCode({ login: 'me', password: 'secret' });
   * const code = await askForCode(sent.two_factor.obfuscated_destination); // "SMS number ending in 7890"
   * await registry.tokens.create({ login: 'me', password: 'secret', code });
   * ```
   * @throws {UnauthorizedError} when the login or password is wrong.
   * @throws {UnprocessableEntityError} when the user has no two-factor authentication enabled.
   * @throws {RequestValidationError} before sending, when `login` or `password` is empty or
   *   `delivery_method` is not `sms`.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  requestCode: requestTwoFactorCode,
} as const;

/** `client.tokens`: each token operation bound to the client's core. */
export interface TokensGroup extends BoundGroup<RegistryCore, typeof tokenOperations> {}

/** `client.twoFactor`: each two-factor operation bound to the client's core. */
export interface TwoFactorGroup extends BoundGroup<RegistryCore, typeof twoFactorOperations> {}

/** Builds `client.tokens`. */
export function tokensGroup(core: RegistryCore): TokensGroup {
  return bindOperations(core, tokenOperations);
}

/** Builds `client.twoFactor`. */
export function twoFactorGroup(core: RegistryCore): TwoFactorGroup {
  return bindOperations(core, twoFactorOperations);
}
