// A body field refused by a strict object schema says what was most likely meant: the nearest known
// field, or the nested object where a field of that name belongs (`Canary` given at the top of a job
// belongs in `Update`). The schemas are valibot's, read through their public parts (`entries`, `item`,
// `value`, `wrapped`, `options`), the way a schema describes itself.
import { RequestValidationError } from './errors.js';
import { nearestName } from './nearest-name.js';
import { type StandardSchemaV1, toIssues } from './schema.js';

/** The parts of a valibot schema that lead to the schemas inside it. */
interface SchemaParts {
  readonly type?: string;
  readonly entries?: Readonly<Record<string, SchemaParts>>;
  readonly item?: SchemaParts;
  readonly value?: SchemaParts;
  readonly wrapped?: SchemaParts;
  readonly options?: readonly SchemaParts[];
}

const MAX_DEPTH = 8;

/** The schemas directly inside `schema`, each with the step of the path that leads there (`[]` for an item). */
function inside(schema: SchemaParts): [string, SchemaParts][] {
  if (schema.wrapped) return inside(schema.wrapped);
  if (schema.entries) return Object.entries(schema.entries);
  if (schema.type === 'array' && schema.item) return [['[]', schema.item]];
  if (schema.type === 'record' && schema.value) return [['{}', schema.value]];
  return (Array.isArray(schema.options) ? schema.options : []).flatMap(inside);
}

/** The paths (`Update`, `TaskGroups[].Update`) of the objects in `schema` that declare `field`, shallowest first. */
function placesOf(schema: SchemaParts, field: string): string[] {
  const found: string[] = [];
  let level: [string, SchemaParts][] = [['', schema]];
  for (let depth = 0; depth < MAX_DEPTH && level.length > 0 && found.length < 2; depth++) {
    const next: [string, SchemaParts][] = [];
    for (const [at, each] of level) {
      if (at !== '' && entriesOf(each)?.includes(field)) found.push(at);
      for (const [step, inner] of inside(each)) {
        const path = step === '[]' || step === '{}' ? `${at}${step}` : at ? `${at}.${step}` : step;
        next.push([path, inner]);
      }
    }
    level = next;
  }
  return found;
}

/** The field names of an object schema (through `optional` and the like), or undefined for another schema. */
function entriesOf(schema: SchemaParts): string[] | undefined {
  if (schema.wrapped) return entriesOf(schema.wrapped);
  return schema.entries ? Object.keys(schema.entries) : undefined;
}

/**
 * The message that refuses `field`, a key the object it was given in does not declare (`known` are the
 * keys it does): where a field of that name belongs when another object of `schema` (the request's whole
 * schema) declares it, else the known field nearest to it, else the known fields. For a valibot
 * `strictObject`'s message function, or any check of a body's keys.
 *
 * @example
 * ```ts
 * import { unknownFieldMessage } from '@infra-sdk/core';
 * import * as v from 'valibot';
 *
 * const Job = v.strictObject({ ID: v.string(), Update: v.optional(v.strictObject({ Canary: v.number() })) });
 * console.log(unknownFieldMessage('Canary', ['ID', 'Update'], Job)); // is not a field here; `Canary` belongs in `Update`
 * console.log(unknownFieldMessage('Id', ['ID', 'Update'])); // is not a field; did you mean `ID`? (names are case-sensitive)
 * ```
 */
export function unknownFieldMessage(field: string, known: readonly string[], schema?: unknown): string {
  const places = typeof schema === 'object' && schema !== null ? placesOf(schema, field) : [];
  if (places.length > 0) {
    const where = places.map((place) => `\`${place}\``).join(' or ');
    return `is not a field here; \`${field}\` belongs in ${where}`;
  }
  const nearest = nearestName(field, known);
  if (nearest?.close) return `is not a field; did you mean \`${nearest.name}\`? (names are case-sensitive)`;
  return `is not a field; the fields are ${known.join(', ')}`;
}

/**
 * The known keys of the object schema at `path` inside `schema` (array items and record values passed
 * through), or undefined when the path does not lead to one.
 */
export function fieldsAt(schema: unknown, path: readonly PropertyKey[]): string[] | undefined {
  let at = schema as SchemaParts | undefined;
  for (const step of path) {
    if (at === undefined) return undefined;
    at = inside(at).find(([name]) => name === String(step) || name === '[]' || name === '{}')?.[1];
  }
  return at === undefined ? undefined : entriesOf(at);
}

/**
 * Validates a request body like `validateRequest`, and names where each field a valibot strict object
 * refused with valibot's own message belongs, or the known field nearest to it (`unknownFieldMessage`);
 * a schema's own message is kept as it is. Apart from `validateRequest` so that a read, which checks a
 * name or two, does not carry the schema walk.
 *
 * @example
 * ```ts
 * import { validateRequestBody } from '@infra-sdk/core';
 * import * as v from 'valibot';
 *
 * const Job = v.strictObject({ ID: v.string(), Update: v.optional(v.strictObject({ Canary: v.number() })) });
 * await validateRequestBody(Job, { ID: 'web', Canary: 1 }, 'job').catch((error) => console.log(error.message));
 * // Invalid job (nothing was sent): Canary: is not a field here; `Canary` belongs in `Update`
 * ```
 * @throws {RequestValidationError} when `value` fails `schema`; nothing is sent.
 */
export async function validateRequestBody<T>(
  schema: StandardSchemaV1<unknown, T>,
  value: unknown,
  what: string,
): Promise<T> {
  const result = await schema['~standard'].validate(value);
  if (!result.issues) return result.value;
  const issues = toIssues(result.issues);
  result.issues.forEach((raw, i) => {
    const hint = unknownFieldHint(schema, raw);
    if (hint !== undefined) issues[i] = { path: issues[i]?.path ?? '', message: hint };
  });
  throw new RequestValidationError(what, issues);
}

/** The better message for valibot's refusal of an unknown key (`Invalid key: Expected never ...`). */
function unknownFieldHint(schema: unknown, issue: StandardSchemaV1.Issue): string | undefined {
  const { type, expected } = issue as { type?: unknown; expected?: unknown };
  if (type !== 'strict_object' || expected !== 'never' || !issue.message.startsWith('Invalid key')) {
    return undefined;
  }
  const path = (issue.path ?? []).map((part) =>
    typeof part === 'object' && part !== null ? part.key : part,
  );
  const known = fieldsAt(schema, path.slice(0, -1));
  return known === undefined ? undefined : unknownFieldMessage(String(path.at(-1)), known, schema);
}
