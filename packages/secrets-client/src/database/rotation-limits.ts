import { MIN_ROOT_ROTATION_PERIOD_SECONDS } from '../spec-limits.js';

/** Smallest non-zero period of a connection's root rotation: 10 seconds, as for the cloud engine's root. */
export const MIN_CONNECTION_ROTATION_PERIOD_SECONDS = MIN_ROOT_ROTATION_PERIOD_SECONDS;
