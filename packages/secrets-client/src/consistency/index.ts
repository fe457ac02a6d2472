export {
  InconsistentReadError,
  type InconsistentReadInit,
} from './inconsistent-read-error.js';
export {
  INCONSISTENT_HEADER,
  INDEX_HEADER,
} from './index-states.js';
export type { ReadYourWritesOptions } from './read-your-writes.js';
