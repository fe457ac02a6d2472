// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its
// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the
// declarations of the package's main entry need no valibot.

/** Fields of the create-token request, flat; sent as `{ token: { description }, two_factor: { code }, user: { login, password } }`. */
export interface CreateTokenRequest {
  /** Username or e-mail address. */
  login: string;
  password: string;
  /** A description of the token. */
  description?: string | undefined;
  /** The two-factor code; required when the user has two-factor authentication enabled. */
  code?: string | undefined;
}

/** Fields of the request-code request, flat; sent as `{ two_factor: { delivery_method }, user: { login, password } }`. */
export interface TwoFactorCodeRequest {
  login: string;
  password: string;
  /** Only `sms` exists, so it is also the default. */
  delivery_method?: 'sms' | undefined;
}

/** The create-token response. The token itself is shown only here. */
export interface Token {
  [key: string]: unknown;
  description: string | null;
  token: string;
  token_hash: string;
  created_at: string;
}

/** The request-code response. */
export interface TwoFactorCodeResponse {
  [key: string]: unknown;
  two_factor: {
    [key: string]: unknown;
    /** Where the code went, masked: "SMS number ending in 7890". */
    obfuscated_destination: string;
  };
}
