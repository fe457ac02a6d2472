export { createBox } from './create-box.js';
export { deleteBox } from './delete-box.js';
export { type BoxesGroup, boxesGroup, boxOperations } from './group.js';
export { readBox } from './read-box.js';
export type {
  Box,
  CreateBoxRequest,
  UpdateBoxRequest,
} from './types.generated.js';
export { updateBox } from './update-box.js';
