// `@infra-sdk/core/schema`: helpers for the valibot schemas of a client. An entry of its own, so the
// main entry's declarations never load valibot's: a program type-checks a client without them.
export { openEnum } from './open-enum.js';
