import type {
  Cloud1SmDestinationInput,
  Cloud2KvDestinationInput,
  Cloud3SmDestinationInput,
  HostingProjectDestinationInput,
  RepoHostDestinationInput,
} from './types.generated.js';

/** The input of each destination type. */
export interface DestinationInputs {
  readonly 'cloud1-sm': Cloud1SmDestinationInput;
  readonly 'cloud2-kv': Cloud2KvDestinationInput;
  readonly 'cloud3-sm': Cloud3SmDestinationInput;
  readonly 'repo-host': RepoHostDestinationInput;
  readonly 'hosting-project': HostingProjectDestinationInput;
}
