import { ApiError, type ApiErrorInit, InfraSdkError } from '@infra-sdk/core';

/** Storage refused an upload address (403, 404 or 410): it expired or was already used; the box was not stored there. */
export class UploadAddressError extends ApiError {
  static override readonly kind: string = 'UploadAddressError';
  /** Built by the upload from storage's answer. */
  constructor(init: ApiErrorInit) {
    super(init);
    const reason = (init.errors ?? []).map((item) =>
      typeof item === 'string' ? item : JSON.stringify(item),
    );
    this.message =
      `Storage refused the upload address with status ${init.status}${reason.length > 0 ? ` (${reason.join('; ')})` : ''}: ` +
      'it expired or was already used, and the box was not stored there';
  }
}

/** The same ApiError as an UploadAddressError. */
export function toAddressError(error: ApiError): UploadAddressError {
  return new UploadAddressError({
    status: error.status,
    method: error.method,
    url: error.url,
    errors: error.errors,
    ...(error.requestId === undefined ? {} : { requestId: error.requestId }),
    ...(error.body === undefined ? {} : { body: error.body }),
  });
}

/** A stream source whose length differs from the `size` option; storage did not keep the partial box. */
export function sizeMismatch(size: number, loaded: number, ended: boolean): InfraSdkError {
  return new InfraSdkError(
    ended
      ? `The source ended after ${loaded} bytes, but the size option said ${size}: the upload was stopped and the box was not stored. Pass the source's real size, or leave size out`
      : `The source gave more bytes than the size option said (${size}): the upload was stopped after ${size} bytes and the box was not stored. Pass the source's real size, or leave size out`,
  );
}

/** Reading a stream source failed mid-way; storage did not keep the partial box. */
export function sourceFailed(cause: unknown, sent: number): InfraSdkError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new InfraSdkError(
    `Reading the upload source failed after ${sent} bytes (${reason}): the upload was stopped and the box was not stored`,
    { cause },
  );
}

/** The box reached storage, but a step after it failed: the direct form's callback, or setting the checksum. */
export class UploadIncompleteError extends InfraSdkError {
  static override readonly kind: string = 'UploadIncompleteError';
  /** `callback`: storage has the box but the registry was not told; `checksum`: the box is hosted, its checksum not set. */
  readonly stage: 'callback' | 'checksum';
  /** Bytes storage accepted. */
  readonly bytes: number;
  /** The direct form's callback, to finish the upload with `completeDirect` (stage `callback`). */
  readonly callback: string | undefined;
  /** The checksum computed while streaming, to set with `providers.update`, when one was. */
  readonly checksum: string | undefined;

  /** Built by the upload; `cause` is the error of the failed step. */
  constructor(
    init: {
      readonly stage: 'callback' | 'checksum';
      readonly bytes: number;
      readonly callback?: string | undefined;
      readonly checksum?: string | undefined;
    },
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      init.stage === 'callback'
        ? `Storage accepted all ${init.bytes} bytes of the box, but the callback that finalises the direct upload failed, so the registry does not host it yet: ${reason}. Call completeDirect with this error's callback to finish it, or upload again`
        : `The box was uploaded (${init.bytes} bytes) and the registry hosts it, but setting its checksum failed: ${reason}. Set checksum ${init.checksum} with providers.update`,
      { cause },
    );
    this.stage = init.stage;
    this.bytes = init.bytes;
    this.callback = init.callback;
    this.checksum = init.checksum;
  }
}
