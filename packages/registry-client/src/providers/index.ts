export { createProvider } from './create-provider.js';
export { deleteProvider } from './delete-provider.js';
export { readProvider } from './read-provider.js';
export {
  type CreateProviderRequest,
  CreateProviderRequestSchema,
  type Provider,
  ProviderSchema,
  type UpdateProviderRequest,
  UpdateProviderRequestSchema,
} from './schemas.js';
export { updateProvider } from './update-provider.js';
