// Limits the spec states in numbers, the one module both the client's checks and the fake service
// import: each is a fact of the service, not a rule of either side.

/** Smallest non-zero period of root credential rotation (cloud engine, database connection): 10 seconds. */
export const MIN_ROOT_ROTATION_PERIOD_SECONDS = 10;

/** Smallest rotation period of a static role: 5 seconds. */
export const MIN_STATIC_ROLE_ROTATION_PERIOD_SECONDS = 5;

/** Smallest rotation window: 1 hour. */
export const MIN_ROTATION_WINDOW_SECONDS = 3600;

/** Longest TTL of an impersonated account's tokens: 12 hours. */
export const MAX_IMPERSONATED_TTL_SECONDS = 12 * 3600;

/** The service's default limit on a request body: 32 MB. */
export const DEFAULT_MAX_REQUEST_BYTES = 32 * 1024 * 1024;
