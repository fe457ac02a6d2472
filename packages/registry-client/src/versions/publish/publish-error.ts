import { InfraSdkError } from '@infra-sdk/core';
import type { Provider } from '../../providers/types.generated.js';
import type { UploadResult } from '../../uploads/upload-box.js';
import { providerLabel } from './schemas.js';

/** How one provider of a release ended. */
export interface ProviderOutcome {
  /** The provider's name. */
  readonly name: string;
  /** Its architecture, when one was given. */
  readonly architecture: string | undefined;
  /**
   * `ready`: its box image stored (or its url set) and verified; `failed` (see `error`); `cancelled`:
   * stopped when another provider failed; `waiting`: never started.
   */
  readonly state: 'ready' | 'failed' | 'cancelled' | 'waiting';
  /** What failed, for a failed provider. */
  readonly error: Error | undefined;
  /** The upload of its box image, once it finished. */
  readonly upload: UploadResult | undefined;
  /** The provider as the registry recorded it, read back to verify it. */
  readonly provider: Provider | undefined;
}

/** Where publishing a version stopped. */
export type PublishStage = 'version' | 'providers' | 'release';

/**
 * Publishing a version failed, and the version was not released. `stage` says where it stopped:
 * reading or creating the version, a provider (see `providers`), or the release itself.
 */
export class PublishError extends InfraSdkError {
  static override readonly kind: string = 'PublishError';
  /** Where it stopped. */
  readonly stage: PublishStage;
  /** Each provider's outcome, in the order given. */
  readonly providers: readonly ProviderOutcome[];

  /** Built by `publishVersion`; `cause` is the first failure. */
  constructor(
    what: { readonly tag: string; readonly version: string; readonly stage: PublishStage },
    providers: readonly ProviderOutcome[],
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    const each = providers
      .map((outcome) =>
        outcome.state === 'failed'
          ? `${providerLabel(outcome)} failed (${outcome.error?.message ?? 'unknown'})`
          : `${providerLabel(outcome)} ${outcome.state}`,
      )
      .join('; ');
    const where =
      what.stage === 'version'
        ? `reading or creating the version failed: ${reason}`
        : what.stage === 'release'
          ? `every provider is ready, but the release failed: ${reason}. Release it with versions.release once the registry allows`
          : `a provider failed. ${each}`;
    super(`Version ${what.version} of ${what.tag} was not released: ${where}`, { cause });
    this.stage = what.stage;
    this.providers = providers;
  }
}
