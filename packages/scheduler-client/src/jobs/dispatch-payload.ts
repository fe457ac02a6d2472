/** The largest dispatch payload the scheduler takes, in bytes. */
export const MAX_DISPATCH_PAYLOAD_BYTES = 16_384;
