/** The two kinds of secret a roleset or static account generates. */
export const SECRET_TYPES = ['access_token', 'service_account_key'] as const;
