import { extendMeta, type ResponseMeta } from '@infra-sdk/core';

/** Adds the `Warnings` text of a job response to the metadata's warnings. */
export function withWarnings(body: unknown, meta: ResponseMeta): { data: unknown; meta: ResponseMeta } {
  const text = (body as { Warnings?: unknown } | null | undefined)?.Warnings;
  if (typeof text !== 'string' || text.trim() === '') return { data: body, meta };
  return { data: body, meta: extendMeta(meta, { warnings: [...meta.warnings, text.trim()] }) };
}
