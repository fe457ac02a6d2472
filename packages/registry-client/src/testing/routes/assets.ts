import type { FakeContext } from '../context.js';
import type { ProviderRecord } from '../records.js';

/** Removes the stored assets of deleted providers, and the upload addresses that pointed at them. */
export async function forgetAssets(
  context: FakeContext,
  providers: readonly ProviderRecord[],
): Promise<void> {
  for (const provider of providers) {
    if (provider.assetKey !== undefined) await context.store.delete(provider.assetKey);
    for (const [id, upload] of context.state.uploads) {
      if (upload.provider === provider) {
        context.state.uploads.delete(id);
        await context.store.delete(id);
      }
    }
  }
}
