// `?help=1` on any path returns its help text and a small OpenAPI document for it and the paths below.
import { type ApiPromise, RequestValidationError } from '@infra-sdk/core';
import * as v from 'valibot';
import type { SecretsCore } from './core.js';
import type { SecretsMeta } from './envelope.js';
import type { SecretsRequestOptions } from './options.js';
import { send } from './send.js';

/** What `?help=1` returns. */
export const HelpSchema = /* @__PURE__ */ v.looseObject({
  /** Markdown help of the path. */
  help: v.string(),
  /** OpenAPI 3 document of the path and those below it, paths relative to the queried one. */
  openapi: v.optional(v.looseObject({})),
});

/** Help text and OpenAPI document of a path. */
export type Help = v.InferOutput<typeof HelpSchema>;

function checkHelpPath(path: string): string {
  const problem = !path.startsWith('/')
    ? 'must start with "/"'
    : /[?#]/.test(path)
      ? 'must not contain "?" or "#"'
      : path.split('/').some((segment) => segment === '.' || segment === '..' || /%2e/i.test(segment))
        ? 'must not contain "." or ".." segments'
        : undefined;
  if (problem) throw new RequestValidationError('help path', [{ path: 'path', message: problem }]);
  return path;
}

/** GET /v1/:path?help=1 — reads the help text and OpenAPI document of any path (`/gcp/config`, `/sys/sync`). */
export function readHelp(
  core: SecretsCore,
  path: string,
  options?: SecretsRequestOptions,
): ApiPromise<Help, SecretsMeta> {
  return send(core, options, () => ({
    method: 'GET',
    path: checkHelpPath(path),
    query: { help: 1 },
    response: HelpSchema,
    // The help answer is the body itself, without the usual envelope.
    envelope: false,
  }));
}
