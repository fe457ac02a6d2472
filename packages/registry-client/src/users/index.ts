export {
  type UsersGroup,
  userOperations,
} from './group.js';
export { readUser } from './read-user.js';
export type { User } from './types.generated.js';
