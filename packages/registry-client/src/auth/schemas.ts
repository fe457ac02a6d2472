import * as v from 'valibot';
import { nonEmptyString } from '../request-rules.js';

/** The create-token response. The token itself is shown only here. */
export const TokenSchema = v.looseObject({
  description: v.nullable(v.string()),
  token: v.string(),
  token_hash: v.string(),
  created_at: v.string(),
});

/** A newly created token. */
export interface Token extends v.InferOutput<typeof TokenSchema> {}

/** Fields of the create-token request, flat; sent as `{ token: { description }, two_factor: { code }, user: { login, password } }`. */
export const CreateTokenRequestSchema = v.strictObject({
  /** Username or e-mail address. */
  login: nonEmptyString(),
  password: nonEmptyString(),
  /** A description of the token. */
  description: v.optional(v.string('must be a string')),
  /** The two-factor code; required when the user has two-factor authentication enabled. */
  code: v.optional(nonEmptyString()),
});

/** Fields of the create-token request. */
export interface CreateTokenRequest extends v.InferInput<typeof CreateTokenRequestSchema> {}

/** Fields of the request-code request, flat; sent as `{ two_factor: { delivery_method }, user: { login, password } }`. */
export const TwoFactorCodeRequestSchema = v.strictObject({
  login: nonEmptyString(),
  password: nonEmptyString(),
  /** Only `sms` exists, so it is also the default. */
  delivery_method: v.optional(v.picklist(['sms'], 'must be sms, the only delivery method'), 'sms'),
});

/** Fields of the request-code request. */
export interface TwoFactorCodeRequest extends v.InferInput<typeof TwoFactorCodeRequestSchema> {}

/** The request-code response. */
export const TwoFactorCodeResponseSchema = v.looseObject({
  two_factor: v.looseObject({
    /** Where the code went, masked: "SMS number ending in 7890". */
    obfuscated_destination: v.string(),
  }),
});

/** Where a two-factor code was sent. */
export interface TwoFactorCodeResponse extends v.InferOutput<typeof TwoFactorCodeResponseSchema> {}
