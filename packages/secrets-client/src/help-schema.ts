import * as v from 'valibot';

/** What `?help=1` returns. */
export const HelpSchema = /* @__PURE__ */ v.looseObject({
  /** Markdown help of the path. */
  help: v.string(),
  /** OpenAPI 3 document of the path and those below it, paths relative to the queried one. */
  openapi: v.optional(v.looseObject({})),
});
