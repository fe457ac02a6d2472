export { readUser } from './read-user.js';
export { type User, UserSchema } from './schemas.js';
