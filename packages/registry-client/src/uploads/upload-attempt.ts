// One attempt of an upload: a fresh address from the registry, everything checked before the first byte
// leaves, then the PUT to storage. A failure of the PUT comes back as a value, for the retry bookkeeping;
// any other failure is thrown.
import { InfraSdkError, type RequestOptions, type ResponseMeta } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import type { Checksum } from '../hashing/checksum.js';
import { createChecksum } from '../hashing/create-checksum.js';
import type { ProviderRef } from '../paths.js';
import { streamsOverHttp1, supportsRequestStreams } from '../transfers/request-streams.js';
import { chooseBody } from './choose-body.js';
import { callbackRoute } from './complete-direct-upload.js';
import { prepareDirectUpload } from './prepare-direct-upload.js';
import { prepareUpload } from './prepare-upload.js';
import { sendToStorage } from './send-to-storage.js';
import type { UploadSettings } from './types.generated.js';
import type { OpenableSource } from './upload-source.js';

/** Runs one registry call of an upload; publishing runs them through its rate-limit handling. */
export type RegistryStep = <T>(step: () => PromiseLike<T>) => Promise<T>;

/** What one attempt needs. */
export interface AttemptPlan {
  readonly tag: string;
  readonly version: string;
  readonly provider: ProviderRef;
  readonly direct: boolean;
  readonly source: OpenableSource;
  readonly settings: UploadSettings;
  /** The request options of the registry calls (the upload's settings are in `settings`). */
  readonly options: RequestOptions;
  readonly run: RegistryStep;
}

/** Storage took the box: what the attempt sent, and what is left to finish. */
export interface StoredAttempt {
  readonly ok: true;
  readonly bytes: number;
  readonly meta: ResponseMeta;
  readonly callback: string | undefined;
  readonly checksum: Checksum | undefined;
}

/** The PUT to storage failed. */
export interface FailedAttempt {
  readonly ok: false;
  readonly error: unknown;
}

const DEFAULT_IDLE_TIMEOUT = 60_000;

/** Makes attempt `attempt`; `tally.bytes` follows what was sent, for the error of an attempt that fails. */
export async function attemptUpload(
  core: RegistryCore,
  plan: AttemptPlan,
  attempt: number,
  tally: { bytes: number },
): Promise<StoredAttempt | FailedAttempt> {
  const { tag, version, provider, settings, options, source } = plan;
  const prepared: { upload_path: string; callback?: string | undefined } = await plan.run(() =>
    plan.direct
      ? prepareDirectUpload(core, tag, version, provider, options)
      : prepareUpload(core, tag, version, provider, options),
  );
  // Everything that can be checked is checked before the first byte leaves.
  if (prepared.callback !== undefined) checkCallback(core, prepared.callback);
  const stream = chooseBody(source, prepared.upload_path, settings.streamBody, {
    canStream: supportsRequestStreams(),
    overHttp1: streamsOverHttp1(),
  });
  const checksum = settings.checksum === undefined ? undefined : createChecksum(settings.checksum);
  try {
    const sent = await sendToStorage(core, prepared.upload_path, source, {
      attempt,
      checksum,
      idleTimeout: settings.idleTimeout ?? DEFAULT_IDLE_TIMEOUT,
      contentType: settings.contentType ?? 'application/octet-stream',
      stream,
      signal: options.signal,
      timeout: options.timeout,
      onProgress: settings.onProgress,
      tally,
    });
    return { ok: true, ...sent, callback: prepared.callback, checksum };
  } catch (error) {
    return { ok: false, error };
  }
}

/** Refuses a callback the token could not safely go to, before the box is sent anywhere. */
function checkCallback(core: RegistryCore, callback: string): void {
  try {
    callbackRoute(core, callback);
  } catch (error) {
    throw new InfraSdkError(
      `The registry answered the direct upload with a callback outside ${core.apiUrl}, where the token may not go; the box was not sent to storage (set baseUrl to the registry's own address)`,
      { cause: error },
    );
  }
}
