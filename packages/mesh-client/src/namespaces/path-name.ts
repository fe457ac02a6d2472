import { encodePathSegment, validateRequest } from '@infra-sdk/core';
import * as v from 'valibot';
import { NamespaceNameSchema } from './schemas.js';

const PathNameSchema = v.object({ name: NamespaceNameSchema });

/** Checks the namespace name of a path (a DNS hostname label) and returns it as one encoded segment. */
export async function namespacePathSegment(name: string): Promise<string> {
  const checked = await validateRequest(PathNameSchema, { name }, 'namespace name');
  return encodePathSegment(checked.name, 'name');
}
