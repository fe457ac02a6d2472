/** Version states: `unreleased` at creation, `active` once released, `revoked` after a revoke. */
export const VERSION_STATUSES = ['unreleased', 'active', 'revoked'] as const;
