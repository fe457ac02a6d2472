export { createProvider } from './create-provider.js';
export { deleteProvider } from './delete-provider.js';
export { type ProvidersGroup, providerOperations } from './group.js';
export { readProvider } from './read-provider.js';
export {
  type CreateProviderRequest,
  CreateProviderRequestSchema,
  type UpdateProviderRequest,
  UpdateProviderRequestSchema,
} from './request-schemas.js';
export { type Provider, ProviderSchema } from './schemas.js';
export { updateProvider } from './update-provider.js';
