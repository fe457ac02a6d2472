// Field checks of the fake: what the registry refuses as "missing or invalid request parameters" (403).
import type { TestRequest } from '@infra-sdk/core/testing';
import { fail } from './reply.js';

/** Request fields, as sent inside their wrapper object. */
export type Fields = Readonly<Record<string, unknown>>;

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON body as an object (empty when there is no body). */
export function readBody(req: TestRequest): Fields {
  if (req.text.trim() === '') return {};
  const body = req.json<unknown>();
  if (!isObject(body)) fail(400, 'the request body must be a JSON object');
  return body;
}

/** The object under `key` (`user`, `two_factor`); a missing wrapper is refused. */
export function wrapped(body: Fields, key: string): Fields {
  const value = body[key];
  if (!isObject(value)) fail(403, `${key} is missing: send the fields inside {"${key}": {...}}`);
  return value;
}

/**
 * The fields of a box, version or provider: inside `{"<key>": {...}}` as the spec shows, or flat at the
 * top level as HashiCorp's own client sends them. `keyIsField` says that the flat form has a field named
 * like the wrapper (a version's `version`), so a string there means the flat form.
 */
export function wrappedOrFlat(body: Fields, key: string, keyIsField = false): Fields {
  const value = body[key];
  if (isObject(value)) return value;
  if (value === undefined || (keyIsField && typeof value === 'string')) return body;
  fail(403, `${key} must be an object: send the fields inside {"${key}": {...}}, or flat`);
}

/** The object under `key`, or an empty one. */
export function optionalWrapped(body: Fields, key: string): Fields {
  const value = body[key];
  if (value === undefined) return {};
  if (!isObject(value)) fail(403, `${key} must be an object`);
  return value;
}

export function optionalString(fields: Fields, name: string, label = name): string | undefined {
  const value = fields[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') fail(403, `${label} must be a string`);
  return value;
}

export function requiredString(fields: Fields, name: string, label = name): string {
  const value = optionalString(fields, name, label);
  if (value === undefined || value.trim() === '') fail(403, `${label} is required`);
  return value;
}

/** A boolean; `"true"` and `"false"` count too, as the registry's own clients have sent them as text. */
export function optionalBoolean(fields: Fields, name: string, label = name): boolean | undefined {
  const value = fields[name];
  if (value === undefined || value === null) return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  if (typeof value !== 'boolean') fail(403, `${label} must be true or false`);
  return value;
}
