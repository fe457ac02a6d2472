export { type UsersGroup, userOperations, usersGroup } from './group.js';
export { readUser } from './read-user.js';
export type { User } from './types.generated.js';
