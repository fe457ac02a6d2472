// A fast yes for event payloads. `v.safeParse` of a job or a node costs about what `JSON.parse` of its
// line costs, because valibot builds a new object for every object it checks. The check made here from
// the same schema, once per schema, walks the parsed value in place and answers only "valibot accepts
// this and would return it unchanged"; on any other answer the caller runs valibot, whose output and
// issues stay the reference. So a check that is too strict costs time, never a wrong result: kinds it
// does not know (transforms, lazy schemas, ...) answer no.
// Written here because no library compiles valibot schemas into such checks.
import type * as v from 'valibot';

/** True only when valibot accepts `value` and its output equals `value`. */
type Check = (value: unknown) => boolean;

interface Compiled {
  readonly check: Check;
  /** True when `check` is also false exactly where valibot rejects: what a union needs of its earlier options. */
  readonly exact: boolean;
}

// The parts of a valibot schema or action this walks; valibot's own types name them per kind.
interface SchemaLike {
  readonly kind: string;
  readonly type: string;
  readonly async?: boolean;
  readonly pipe?: readonly SchemaLike[];
  readonly wrapped?: SchemaLike;
  readonly default?: unknown;
  readonly fallback?: unknown;
  readonly entries?: Readonly<Record<string, SchemaLike>>;
  readonly item?: SchemaLike;
  readonly key?: SchemaLike;
  readonly value?: SchemaLike;
  readonly options?: readonly SchemaLike[] | readonly unknown[];
  readonly literal?: unknown;
  readonly class?: abstract new (...args: never[]) => unknown;
  readonly check?: (input: unknown) => boolean;
  readonly '~run': (dataset: { typed?: boolean; value: unknown }, config: object) => { issues?: unknown };
}

const NO: Compiled = { check: () => false, exact: false };
const compiled = new WeakMap<object, Compiled>();

/** Keys valibot leaves out of the objects it builds, so a value holding one is not returned unchanged. */
const guarded = (key: string): boolean => key === '__proto__' || key === 'prototype' || key === 'constructor';

// Valibot builds a plain object for every object and record it checks: a class instance or an array
// (both of which it takes) does not come back as it was.
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** The check of `schema`, built once per schema object. */
export function payloadCheck(schema: v.GenericSchema): Check {
  return compile(schema as unknown as SchemaLike).check;
}

function compile(schema: SchemaLike): Compiled {
  let result = compiled.get(schema);
  if (result === undefined) {
    result = schema.async ? NO : schema.pipe ? compilePipe(schema.pipe) : compileSchema(schema);
    compiled.set(schema, result);
  }
  return result;
}

/** A pipe of a schema, validations (which never change the value) and metadata; any transformation: no. */
function compilePipe(pipe: readonly SchemaLike[]): Compiled {
  const [head, ...actions] = pipe;
  if (head === undefined) return NO;
  const base = compile(head);
  const checks: Check[] = [];
  let exact = base.exact;
  for (const action of actions) {
    if (action.kind === 'metadata') continue;
    if (action.kind === 'schema') {
      const inner = compile(action);
      checks.push(inner.check);
      exact &&= inner.exact;
    } else if (action.kind === 'validation') {
      checks.push((value) => action['~run']({ typed: true, value }, {}).issues === undefined);
    } else {
      return NO;
    }
  }
  const first = base.check;
  return {
    check: (value) => first(value) && checks.every((check) => check(value)),
    exact,
  };
}

function compileSchema(schema: SchemaLike): Compiled {
  switch (schema.type) {
    case 'string':
      return { check: (value) => typeof value === 'string', exact: true };
    case 'number':
      return { check: (value) => typeof value === 'number' && !Number.isNaN(value), exact: true };
    case 'boolean':
      return { check: (value) => typeof value === 'boolean', exact: true };
    case 'bigint':
      return { check: (value) => typeof value === 'bigint', exact: true };
    case 'unknown':
    case 'any':
      return { check: () => true, exact: true };
    case 'null':
      return { check: (value) => value === null, exact: true };
    case 'literal': {
      const literal = schema.literal;
      return { check: (value) => value === literal, exact: true };
    }
    case 'instance': {
      const type = schema.class;
      return type ? { check: (value) => value instanceof type, exact: true } : NO;
    }
    case 'custom': {
      return schema.check ? { check: (value) => Boolean(schema.check?.(value)), exact: true } : NO;
    }
    case 'optional':
    case 'nullish':
    case 'nullable':
      return compileWrapper(schema);
    case 'array':
      return compileArray(schema);
    case 'loose_object':
      return compileLooseObject(schema);
    case 'record':
      return compileRecord(schema);
    case 'union':
      return compileUnion(schema);
    default:
      return NO;
  }
}

/** optional / nullish / nullable without a default: the empty values pass as they are. */
function compileWrapper(schema: SchemaLike): Compiled {
  if (schema.default !== undefined || schema.wrapped === undefined) return NO;
  const inner = compile(schema.wrapped);
  const check = inner.check;
  const type = schema.type;
  if (type === 'optional')
    return { check: (value) => value === undefined || check(value), exact: inner.exact };
  if (type === 'nullable') return { check: (value) => value === null || check(value), exact: inner.exact };
  return { check: (value) => value === undefined || value === null || check(value), exact: inner.exact };
}

function compileArray(schema: SchemaLike): Compiled {
  if (schema.item === undefined) return NO;
  const inner = compile(schema.item);
  const check = inner.check;
  return {
    check: (value) => {
      if (!Array.isArray(value)) return false;
      for (let i = 0; i < value.length; i++) if (!check(value[i])) return false;
      return true;
    },
    exact: inner.exact,
  };
}

// Most fields are a string, a number or a boolean, maybe null or absent: those are checked inline in
// the loop over an object's keys, without a call per field.
const OTHER = 0;
const STRING = 1;
const NUMBER = 2;
const BOOLEAN = 3;

/** How one field is checked: inline by `type` and what it accepts empty, or by `check`. */
interface Field {
  /** The check of the schema inside the optional / nullable / nullish wrappers. */
  readonly inner: Check;
  readonly type: number;
  /** In an object: whether valibot refuses the entry absent. */
  readonly required?: boolean;
  readonly orNull: boolean;
  readonly orUndefined: boolean;
  readonly check: Check;
}

const PLAIN_TYPES: Readonly<Record<string, number>> = { string: STRING, number: NUMBER, boolean: BOOLEAN };

function field(schema: SchemaLike): Field {
  const check = compile(schema).check;
  let inner = schema;
  let orNull = false;
  let orUndefined = false;
  while (!inner.pipe && inner.default === undefined && inner.wrapped !== undefined) {
    if (inner.type === 'optional' || inner.type === 'nullish') orUndefined = true;
    if (inner.type === 'nullable' || inner.type === 'nullish') orNull = true;
    if (inner.type !== 'optional' && inner.type !== 'nullable' && inner.type !== 'nullish') break;
    inner = inner.wrapped;
  }
  const type = inner.pipe || inner.wrapped !== undefined ? OTHER : (PLAIN_TYPES[inner.type] ?? OTHER);
  return { type, orNull, orUndefined, check, inner: inner === schema ? check : compile(inner).check };
}

/** `field` of `item`, inline for the plain types. */
function passes(entry: Field, item: unknown): boolean {
  switch (entry.type) {
    case STRING:
      return (
        typeof item === 'string' || (item === null ? entry.orNull : item === undefined && entry.orUndefined)
      );
    case NUMBER:
      return typeof item === 'number'
        ? !Number.isNaN(item)
        : item === null
          ? entry.orNull
          : item === undefined && entry.orUndefined;
    case BOOLEAN:
      return (
        typeof item === 'boolean' || (item === null ? entry.orNull : item === undefined && entry.orUndefined)
      );
    default:
      // The empty values the wrappers take are decided here, the rest by the wrapped schema's check.
      if (item === null ? entry.orNull : item === undefined && entry.orUndefined) return true;
      return entry.inner(item);
  }
}

/** Schema kinds whose key valibot lets an object leave out. */
const ABSENT_ALLOWED: ReadonlySet<string> = new Set(['optional', 'nullish', 'exact_optional']);

/**
 * The entries of a loose object. The value's own keys are walked (`for...in` reads them fast) rather
 * than every entry of the schema; an absent entry passes when its schema is optional by kind, as valibot
 * has it.
 */
function compileLooseObject(schema: SchemaLike): Compiled {
  const entries = Object.entries(schema.entries ?? {});
  // Valibot looks keys up with `in`, which sees inherited members too; such keys are left to it.
  if (entries.some(([key, entry]) => key in Object.prototype || entry.fallback !== undefined)) return NO;
  const fields = new Map<string, Field>();
  for (const [key, entry] of entries) {
    // Valibot lets a key be absent only when its schema is optional by kind (`v.unknown()` takes
    // `undefined` as a value, yet its key must be there), and fills in a default, which changes the value.
    const absentAsIs = ABSENT_ALLOWED.has(entry.type) && entry.default === undefined;
    fields.set(key, { ...field(entry), required: !absentAsIs });
  }
  const requiredCount = [...fields.values()].filter((entry) => entry.required).length;
  // A service writes the objects of one kind with their keys in one order, so the n-th key of this
  // object is most often the n-th key of the last one: compared by identity, that spares the lookup.
  // Each slot always holds a key and that key's field.
  const lastKeys: string[] = [];
  const lastFields: (Field | undefined)[] = [];
  return {
    check: (value) => {
      if (!isPlainObject(value)) return false;
      let present = 0;
      let n = 0;
      for (const key in value) {
        let entry: Field | undefined;
        if (lastKeys[n] === key) {
          entry = lastFields[n];
        } else {
          entry = fields.get(key);
          lastKeys[n] = key;
          lastFields[n] = entry;
        }
        n += 1;
        if (entry === undefined) {
          if (guarded(key)) return false;
          continue;
        }
        if (!passes(entry, value[key])) return false;
        if (entry.required) present += 1;
      }
      return present === requiredCount;
    },
    exact: false,
  };
}

function compileRecord(schema: SchemaLike): Compiled {
  if (schema.key === undefined || schema.value === undefined) return NO;
  const keyCheck = schema.key.type === 'string' && !schema.key.pipe ? undefined : compile(schema.key).check;
  const entry = field(schema.value);
  return {
    check: (value) => {
      if (!isPlainObject(value)) return false;
      for (const key in value) {
        if (guarded(key) || (keyCheck !== undefined && !keyCheck(key))) return false;
        if (!passes(entry, value[key])) return false;
      }
      return true;
    },
    exact: false,
  };
}

/**
 * Valibot returns the first option that succeeds; a later option may answer for the value only when
 * every earlier one is known to fail on it.
 */
function compileUnion(schema: SchemaLike): Compiled {
  const options = (schema.options ?? []) as readonly SchemaLike[];
  const usable: Check[] = [];
  let exact = true;
  for (const option of options) {
    if (typeof option !== 'object' || option === null) return NO;
    const inner = compile(option);
    usable.push(inner.check);
    if (!inner.exact) {
      exact = false;
      break;
    }
  }
  return {
    check: (value) => {
      for (const check of usable) if (check(value)) return true;
      return false;
    },
    exact: exact && usable.length === options.length,
  };
}
