import {
  type ApiError,
  type ApiErrorInit,
  PermissionDeniedError,
  type ServiceErrorItem,
} from '@infra-sdk/core';

function describe(item: ServiceErrorItem): string {
  return typeof item === 'string' ? item : JSON.stringify(item);
}

/**
 * 403 from the registry: the spec's "disallowed use". The token may be fine; the registry's `errors`
 * (in the message and in `errors`) say what was refused, e.g. a private box on a free plan.
 */
export class DisallowedUseError extends PermissionDeniedError {
  static override readonly kind: string = 'DisallowedUseError';
  /** Usually built by the client from a 403 the registry answered. */
  constructor(init: ApiErrorInit) {
    super(init);
    const errors = (init.errors ?? []).map(describe).join('; ') || init.body || 'no reason given';
    let path = init.url;
    try {
      path = new URL(init.url).pathname;
    } catch {
      // Keep the url as given.
    }
    this.message =
      `${init.method} ${path} failed with status 403: ${errors}. ` +
      'The registry refused this as a disallowed use; the errors it sent (above, and in `errors`) say why';
  }
}

/** A registry 403 as a DisallowedUseError; any other error unchanged. */
export function asDisallowedUse(error: unknown): unknown {
  if (!PermissionDeniedError.isInstance(error) || DisallowedUseError.isInstance(error)) return error;
  const denied = error as ApiError;
  if (denied.status !== 403) return error;
  return new DisallowedUseError({
    status: denied.status,
    method: denied.method,
    url: denied.url,
    errors: denied.errors,
    ...(denied.requestId === undefined ? {} : { requestId: denied.requestId }),
    ...(denied.body === undefined ? {} : { body: denied.body }),
  });
}
