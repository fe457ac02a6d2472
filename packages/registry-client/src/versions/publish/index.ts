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
export { type PublishResult, publishVersion } from './publish-version.js';
export {
  type PublishedProvider,
  PublishedProviderSchema,
  type PublishOptions,
  type PublishSettings,
  PublishSettingsSchema,
  type PublishVersionRequest,
  PublishVersionRequestSchema,
} from './schemas.js';
