export {
  type ProviderOutcome,
  PublishError,
  type PublishStage,
} from './publish-error.js';
export type {
  ProviderProgress,
  PublishProgress,
  PublishProgressListener,
  PublishState,
} from './publish-progress.js';
export {
  type PublishResult,
  publishVersion,
} from './publish-version.js';
export type {
  PublishedProvider,
  PublishOptions,
  PublishSettings,
  PublishVersionRequest,
} from './types.generated.js';
