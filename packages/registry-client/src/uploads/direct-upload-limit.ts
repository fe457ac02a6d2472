/**
 * The largest box sent in the direct form by default: 5 GiB, where the registry's own command-line
 * client stops uploading directly to storage and uses the plain form.
 */
export const DIRECT_UPLOAD_MAX_BYTES = 5 * 1024 ** 3;
