// Authentication answers as the registry sends them; the request bodies are in request-schemas.ts.
import * as v from 'valibot';

/** The create-token response. The token itself is shown only here. */
export const TokenSchema = v.looseObject({
  description: v.nullable(v.string()),
  token: v.string(),
  token_hash: v.string(),
  created_at: v.string(),
});

/** The request-code response. */
export const TwoFactorCodeResponseSchema = v.looseObject({
  two_factor: v.looseObject({
    /** Where the code went, masked: "SMS number ending in 7890". */
    obfuscated_destination: v.string(),
  }),
});
