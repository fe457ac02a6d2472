// Writes whose answer the spec leaves open: the service may answer 204 or 200 with data or warnings.
import * as v from 'valibot';

/** `data` of a write the spec leaves open: whatever the service returned, or undefined for an empty answer. */
export const WriteResultSchema = /* @__PURE__ */ v.optional(v.looseObject({}));
