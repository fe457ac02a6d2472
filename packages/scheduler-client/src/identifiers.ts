// Identifier rules the scheduler enforces on node and allocation ids, checked before sending so a
// short id or an odd-length prefix fails with a clear message instead of a confusing 404 or 400.
import { RequestValidationError } from '@infra-sdk/core';

const FULL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EVEN_HEX = /^(?:[0-9a-f]{2})*$/;

/** Checks that `id` is a full lower-case UUID (not the 8-character short form) and returns it. */
export function fullUuid(id: string, name: string): string {
  if (typeof id !== 'string' || !FULL_UUID.test(id)) {
    throw new RequestValidationError(name, [
      {
        path: name,
        message: `${JSON.stringify(id)} is not a full UUID: give all 36 characters in lower case, e.g. 0b0e6f5a-1f4e-4d6c-9a53-5c1f3b8e2a10, not the short form`,
      },
    ]);
  }
  return id;
}

/** Checks an id prefix: an even number of lower-case hex characters (0-9a-f). */
export function hexPrefix(prefix: string | undefined, what: string): string | undefined {
  if (prefix === undefined) return undefined;
  if (typeof prefix !== 'string' || !EVEN_HEX.test(prefix)) {
    throw new RequestValidationError(what, [
      {
        path: 'prefix',
        message: `${JSON.stringify(prefix)} is not an id prefix: use an even number of lower-case hex characters (0-9a-f)`,
      },
    ]);
  }
  return prefix;
}
