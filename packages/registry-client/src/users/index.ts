export { type UsersGroup, userOperations } from './group.js';
export { readUser } from './read-user.js';
export { type User, UserSchema } from './schemas.js';
