// Every options type's key set by the type's name, for code that builds on this client and for the tests
// that misspell every option of every function. Each operation imports only the set it checks.
import { type KeySets, requestOptionKeys } from '@infra-sdk/core';
import { registryClientOptionKeys } from './core.js';
import { downloadChecksumKeys, downloadOptionKeys } from './downloads/download-options.js';
import { searchOptionKeys } from './search/search-options.js';
import { uploadBackoffKeys, uploadOptionKeys } from './uploads/upload-options.js';
import { publishOptionKeys } from './versions/publish/schemas.js';

/**
 * The keys of each options type of this client, by the type's name (and of the objects inside them):
 * what a call checks its options against at run time (an unknown key is a RequestValidationError
 * naming the nearest one, before anything is sent). Every operation not listed takes core's
 * `RequestOptions`. Give one to core's `checkOptions` to check options of your own the same way.
 *
 * @example
 * ```ts
 * import { checkOptions } from '@infra-sdk/core';
 * import { registryOptionKeys } from '@infra-sdk/registry-client';
 *
 * checkOptions({ attempts: 5 }, registryOptionKeys.UploadOptions, 'upload options'); // passes
 * try {
 *   checkOptions({ attemps: 5 }, registryOptionKeys.UploadOptions, 'upload options');
 * } catch (error) {
 *   console.log((error as Error).message); // … attemps: unknown option; did you mean `attempts`?
 * }
 * ```
 */
export const registryOptionKeys = {
  RegistryClientOptions: registryClientOptionKeys,
  RequestOptions: requestOptionKeys,
  SearchOptions: searchOptionKeys,
  UploadOptions: uploadOptionKeys,
  'UploadOptions.backoff': uploadBackoffKeys,
  DownloadOptions: downloadOptionKeys,
  'DownloadOptions.checksum': downloadChecksumKeys,
  PublishOptions: publishOptionKeys,
} as const satisfies Readonly<Record<string, KeySets>>;
