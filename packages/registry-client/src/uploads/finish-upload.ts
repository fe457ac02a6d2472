// After storage took the box: the direct form's callback, then the checksum on the provider. Either can
// fail with the box already in storage; the error says what is left to do.
import type { ResponseMeta } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import type { ChecksumType } from '../hashing/types.generated.js';
import type { Provider } from '../providers/types.generated.js';
import { updateProvider } from '../providers/update-provider.js';
import { completeDirectUpload } from './complete-direct-upload.js';
import type { AttemptPlan, StoredAttempt } from './upload-attempt.js';
import { UploadIncompleteError } from './upload-errors.js';

/** The steps after storage, done. */
export interface FinishedUpload {
  readonly meta: ResponseMeta;
  readonly digest: string | undefined;
  readonly provider: Provider | undefined;
}

/** Calls the callback (direct form) and sets the checksum (when one was computed and `setChecksum`). */
export async function finishUpload(
  core: RegistryCore,
  plan: AttemptPlan,
  stored: StoredAttempt,
  setChecksum: boolean,
): Promise<FinishedUpload> {
  const { tag, version, provider, options } = plan;
  let meta = stored.meta;
  const digest = stored.checksum?.digest();
  const { callback } = stored;
  if (callback !== undefined) {
    try {
      meta = (await plan.run(() => completeDirectUpload(core, callback, options).withMeta())).meta;
    } catch (error) {
      throw new UploadIncompleteError(
        { stage: 'callback', bytes: stored.bytes, callback, checksum: digest },
        error,
      );
    }
  }
  const type: ChecksumType | undefined = plan.settings.checksum;
  if (digest === undefined || type === undefined || !setChecksum) {
    return { meta, digest, provider: undefined };
  }
  try {
    const result = await plan.run(() =>
      updateProvider(
        core,
        tag,
        version,
        provider,
        { checksum: digest, checksum_type: type },
        options,
      ).withMeta(),
    );
    return { meta: result.meta, digest, provider: result.data };
  } catch (error) {
    throw new UploadIncompleteError({ stage: 'checksum', bytes: stored.bytes, checksum: digest }, error);
  }
}
