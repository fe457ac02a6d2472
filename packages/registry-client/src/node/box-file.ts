import { openAsBlob } from 'node:fs';
import { InfraSdkError } from '@infra-sdk/core';

/**
 * Opens a file as a Blob that is read lazily, chunk by chunk, and can be read again: an upload from it
 * uses constant memory and can start over when storage fails an attempt.
 *
 * @example
 * ```ts compile-only
 * import { openBoxFile } from '@infra-sdk/registry-client/node';
 *
 * await registry.versions.publish('myorg/tools', '2.1.0', {
 *   providers: [{ name: 'virtualbox', asset: await openBoxFile('build/tools-virtualbox.box') }],
 * });
 * ```
 * @throws {InfraSdkError} when the file cannot be opened (missing, or not readable), naming it.
 */
export async function openBoxFile(path: string): Promise<Blob> {
  try {
    return await openAsBlob(path);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new InfraSdkError(`Cannot read the box file ${path}: ${reason}`, { cause: error });
  }
}
