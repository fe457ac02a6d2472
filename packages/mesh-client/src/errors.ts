// Re-exported so users of this package need no direct dependency on core to catch its errors.
export {
  AbortError,
  ApiError,
  BadRequestError,
  ConnectionError,
  InfraSdkError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RedirectError,
  RequestValidationError,
  ResponseValidationError,
  ServerError,
  ServiceUnavailableError,
  TimeoutError,
  UnauthorizedError,
  UnprocessableEntityError,
} from '@infra-sdk/core';
