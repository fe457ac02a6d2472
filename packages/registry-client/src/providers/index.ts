export { createProvider } from './create-provider.js';
export { deleteProvider } from './delete-provider.js';
export { type ProvidersGroup, providerOperations, providersGroup } from './group.js';
export { readProvider } from './read-provider.js';
export type {
  CreateProviderRequest,
  Provider,
  UpdateProviderRequest,
} from './types.generated.js';
export { updateProvider } from './update-provider.js';
