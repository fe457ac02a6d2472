// The credential kinds and key types the spec names for roles and static roles.
/** The kinds of credential a role manages. */
export const CREDENTIAL_TYPES = ['password', 'rsa_private_key', 'client_certificate'] as const;

/** Key types of certificate credentials. */
export const KEY_TYPES = ['rsa', 'ed25519', 'ec'] as const;
