import { ReplyError, type TestRequest } from '@infra-sdk/core/testing';
import * as v from 'valibot';
import type { NamespaceBody } from './types.generated.js';

// The server reads bodies leniently, as upstream does: unknown fields are ignored, null lists are empty.
const LinkSchema = v.looseObject({ ID: v.optional(v.string()), Name: v.optional(v.string()) });
/** A namespace body as the server understood it. */
export const BodySchema = v.looseObject({
  Name: v.optional(v.string()),
  Partition: v.nullish(v.string()),
  Description: v.nullish(v.string()),
  ACLs: v.nullish(
    v.looseObject({
      PolicyDefaults: v.nullish(v.array(LinkSchema)),
      RoleDefaults: v.nullish(v.array(LinkSchema)),
    }),
  ),
  Meta: v.nullish(v.record(v.string(), v.string())),
});

/** Parses a namespace body; anything but a JSON object of the right field types is a 400. */
export function readNamespaceBody(req: TestRequest): NamespaceBody {
  if (req.text.trim() === '') throw new ReplyError(400, 'Request decode failed: the body is empty');
  return parseNamespaceBody(req.json());
}

/** Checks a decoded namespace body; a wrong field type is a 400. */
export function parseNamespaceBody(value: unknown): NamespaceBody {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ReplyError(400, 'Request decode failed: body: must be a JSON object');
  }
  const result = v.safeParse(BodySchema, value);
  if (!result.success) {
    const issue = result.issues[0];
    const field = issue.path?.map((item) => String(item.key)).join('.') ?? 'body';
    throw new ReplyError(400, `Request decode failed: ${field}: ${issue.message}`);
  }
  return result.output;
}
