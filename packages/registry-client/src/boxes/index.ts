export { createBox } from './create-box.js';
export { deleteBox } from './delete-box.js';
export { type BoxesGroup, boxOperations } from './group.js';
export { readBox } from './read-box.js';
export {
  type CreateBoxRequest,
  CreateBoxRequestSchema,
  type UpdateBoxRequest,
  UpdateBoxRequestSchema,
} from './request-schemas.js';
export { type Box, BoxSchema } from './schemas.js';
export { updateBox } from './update-box.js';
