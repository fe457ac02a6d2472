// How the secrets service differs from a plain JSON service, applied by core to every operation: the
// envelope around every payload, the `namespace` option sent as its header, and the body size limit.
import {
  mergeHeaders,
  type RequestOptions,
  RequestValidationError,
  type ServiceRules,
} from '@infra-sdk/core';
import { type SecretsRequestOptions, secretsRequestOwnKeys } from './call-options.js';
import { type SecretsMeta, unwrapEnvelope } from './envelope.js';
import { namespaceHeaders } from './namespace.js';

/** Core's per-call options with the call's `namespace` option turned into its header. */
export function secretsCallOptions(options: SecretsRequestOptions): RequestOptions {
  if (options.namespace === undefined) return options;
  return { ...options, headers: mergeHeaders(options.headers, namespaceHeaders(options.namespace)) };
}

const encoder = /* @__PURE__ */ new TextEncoder();

function checkSize(body: unknown, limit: number, what: string): void {
  const json = JSON.stringify(body);
  // A UTF-16 unit never takes more than 3 bytes in UTF-8, so most bodies need no encoding to be cleared.
  if (json === undefined || json.length * 3 <= limit) return;
  const size = encoder.encode(json).byteLength;
  if (size > limit) {
    throw new RequestValidationError(what, [
      {
        path: '',
        message: `the request body is ${size} bytes, more than the service accepts (${limit} bytes); send less data per request`,
      },
    ]);
  }
}

/** The secrets service's rules, with request bodies limited to `maxRequestBytes`. */
export function secretsRules(maxRequestBytes: number): ServiceRules<SecretsMeta> {
  return {
    prepare: (spec) => {
      if (spec.body !== undefined)
        checkSize(spec.body, maxRequestBytes, `request body of ${spec.method} ${spec.path}`);
      return spec;
    },
    callOptions: secretsCallOptions,
    unwrap: unwrapEnvelope,
    // What `request()` and the help calls check their options against (with core's per-call keys).
    optionKeys: secretsRequestOwnKeys,
  };
}
