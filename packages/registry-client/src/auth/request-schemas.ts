// Request bodies of the authentication endpoints: strict, checked before anything is sent.
import * as v from 'valibot';
import { nonEmptyString } from '../request-fields.js';

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

/** Fields of the request-code request, flat; sent as `{ two_factor: { delivery_method }, user: { login, password } }`. */
export const TwoFactorCodeRequestSchema = v.strictObject({
  login: nonEmptyString(),
  password: nonEmptyString(),
  /** Only `sms` exists, so it is also the default. */
  delivery_method: v.optional(v.picklist(['sms'], 'must be sms, the only delivery method'), 'sms'),
});
