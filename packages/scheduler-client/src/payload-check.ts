// A fast yes for event payloads and responses. `v.safeParse` of a job or a node costs about what
// `JSON.parse` of its line costs, because valibot builds a new object for every object it checks. The
// check made here from the same schema, once per schema, walks the parsed value in place and answers only
// "valibot accepts this and would return it unchanged"; on any other answer the caller runs valibot,
// whose output and issues stay the reference. So a check that is too strict costs time, never a wrong
// result: kinds it does not know (transforms, lazy schemas, ...) answer no.
//
// Each schema becomes a node of one shape, and one function walks value and nodes together: the common
// kinds (strings, numbers, booleans, objects, arrays, records, maybe null or absent) are tested inline,
// without a call per field, and every node is read through the same hidden class. Only the rare kinds
// (validations, custom checks, instances) keep a function of their own.
// Written here because no library compiles valibot schemas into such checks.
import type * as v from 'valibot';

/** True only when valibot accepts `value` and its output equals `value`. */
type Check = (value: unknown) => boolean;

// The parts of a valibot schema or action this reads; valibot's own types name them per kind.
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

// What a node tests besides the empty values its wrappers take.
const NOTHING = 0; // only the empty values (`v.null()`, or a kind this cannot check: nothing at all)
const ANYTHING = 1;
const STRING = 2;
const NUMBER = 3;
const BOOLEAN = 4;
const LITERAL = 5;
const OBJECT = 6;
const RECORD = 7;
const ARRAY = 8;
const UNION = 9;
const CALL = 10;

/** One schema, ready to walk. Every node has every field, so all of them share one hidden class. */
interface Node {
  kind: number;
  /** `null` passes as it is (a nullable or nullish wrapper, or the kind itself). */
  orNull: boolean;
  /** `undefined` passes as it is. */
  orUndefined: boolean;
  /** In an object: the key may be absent, and valibot then leaves it out as well. */
  absentOk: boolean;
  /** False where valibot rejects exactly: what a union needs of its earlier options. */
  exact: boolean;
  /** LITERAL: the value. */
  literal: unknown;
  /** CALL: the test of the rare kinds. */
  call: Check | undefined;
  /** ARRAY: the item; RECORD: the value. */
  item: Node | undefined;
  /** RECORD: the key's test, when the key is more than any string. */
  key: Node | undefined;
  /** UNION: the options that may answer, in order. */
  options: readonly Node[];
  /** OBJECT: the node of each declared key. */
  fields: Map<string, Node> | undefined;
  /** OBJECT: how many declared keys must be present. */
  required: number;
  /**
   * OBJECT: for each position, the last two keys met there, each followed by its node. A service writes
   * the objects of one kind with their keys in one order (or two: a job's tasks, the networks of a job
   * and of a node), so the n-th key of this object is most often one met there before: compared by
   * identity, that spares the lookup.
   */
  memo: (string | Node | undefined)[];
}

function node(kind: number, exact: boolean): Node {
  return {
    kind,
    orNull: false,
    orUndefined: false,
    absentOk: false,
    exact,
    literal: undefined,
    call: undefined,
    item: undefined,
    key: undefined,
    options: [],
    fields: undefined,
    required: 0,
    memo: [],
  };
}

/** A node that never says yes. */
const NO: Node = node(NOTHING, false);
const compiled = new WeakMap<object, Node>();

/** Keys valibot leaves out of the objects it builds, so a value holding one is not returned unchanged. */
const guarded = (key: string): boolean => key === '__proto__' || key === 'prototype' || key === 'constructor';

const checks = new WeakMap<object, Check>();

/** The check of `schema`, built once per schema object. */
export function payloadCheck(schema: v.GenericSchema): Check {
  let check = checks.get(schema);
  if (check === undefined) {
    const root = compile(schema as unknown as SchemaLike);
    check = (value) => test(root, value);
    checks.set(schema, check);
  }
  return check;
}

function compile(schema: SchemaLike): Node {
  let result = compiled.get(schema);
  if (result === undefined) {
    result = schema.async ? NO : schema.pipe ? compilePipe(schema.pipe) : compileSchema(schema);
    compiled.set(schema, result);
  }
  return result;
}

/** A pipe of a schema, validations (which never change the value) and metadata; any transformation: no. */
function compilePipe(pipe: readonly SchemaLike[]): Node {
  const [head, ...actions] = pipe;
  if (head === undefined) return NO;
  const base = compile(head);
  const checks: Check[] = [];
  let exact = base.exact;
  for (const action of actions) {
    if (action.kind === 'metadata') continue;
    if (action.kind === 'schema') {
      const inner = compile(action);
      checks.push((value) => test(inner, value));
      exact &&= inner.exact;
    } else if (action.kind === 'validation') {
      checks.push((value) => action['~run']({ typed: true, value }, {}).issues === undefined);
    } else {
      return NO;
    }
  }
  if (checks.length === 0) return base;
  return call((value) => {
    if (!test(base, value)) return false;
    for (const check of checks) if (!check(value)) return false;
    return true;
  }, exact);
}

function call(check: Check, exact: boolean): Node {
  const result = node(CALL, exact);
  result.call = check;
  return result;
}

function compileSchema(schema: SchemaLike): Node {
  switch (schema.type) {
    case 'string':
      return node(STRING, true);
    case 'number':
      return node(NUMBER, true);
    case 'boolean':
      return node(BOOLEAN, true);
    case 'bigint':
      return call((value) => typeof value === 'bigint', true);
    case 'unknown':
    case 'any': {
      const result = node(ANYTHING, true);
      result.orNull = true;
      result.orUndefined = true;
      return result;
    }
    case 'null': {
      const result = node(NOTHING, true);
      result.orNull = true;
      return result;
    }
    case 'literal': {
      const result = node(LITERAL, true);
      result.literal = schema.literal;
      result.orNull = schema.literal === null;
      result.orUndefined = schema.literal === undefined;
      return result;
    }
    case 'instance': {
      const type = schema.class;
      return type ? call((value) => value instanceof type, true) : NO;
    }
    case 'custom': {
      const check = schema.check;
      return check ? call((value) => Boolean(check(value)), true) : NO;
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
function compileWrapper(schema: SchemaLike): Node {
  if (schema.default !== undefined || schema.wrapped === undefined) return NO;
  const inner = compile(schema.wrapped);
  if (inner === NO) return NO;
  // A copy of the wrapped node with the wrapper's empty values added: one test, no call in between.
  // (V8 gives a spread copy the hidden class of its source; an object's key-order memory is shared.)
  const result: Node = { ...inner };
  if (schema.type !== 'nullable') result.orUndefined = true;
  if (schema.type !== 'optional') result.orNull = true;
  // Valibot lets a key be absent only when its schema is optional by kind (`v.unknown()` takes
  // `undefined` as a value, yet its key must be there).
  result.absentOk = schema.type !== 'nullable';
  return result;
}

function compileArray(schema: SchemaLike): Node {
  if (schema.item === undefined) return NO;
  const item = compile(schema.item);
  if (item === NO) return NO;
  // A hole reads as undefined, yet valibot's copy holds a real undefined: an array that takes
  // undefined items is refused where it has a hole, so it is no longer exact.
  const result = node(ARRAY, item.exact && !item.orUndefined);
  result.item = item;
  return result;
}

/**
 * The entries of a loose object. The value's own keys are walked (`for...in` reads them fast) rather
 * than every entry of the schema; an absent entry passes when its schema is optional by kind, as valibot
 * has it.
 */
function compileLooseObject(schema: SchemaLike): Node {
  const entries = Object.entries(schema.entries ?? {});
  // Valibot looks keys up with `in`, which sees inherited members too; such keys are left to it.
  if (entries.some(([key, entry]) => key in Object.prototype || entry.fallback !== undefined)) return NO;
  const result = node(OBJECT, false);
  const fields = new Map<string, Node>();
  for (const [key, entry] of entries) {
    const field = compile(entry);
    fields.set(key, field);
    if (!field.absentOk) result.required += 1;
  }
  result.fields = fields;
  return result;
}

function compileRecord(schema: SchemaLike): Node {
  if (schema.key === undefined || schema.value === undefined) return NO;
  const item = compile(schema.value);
  if (item === NO) return NO;
  const result = node(RECORD, false);
  result.item = item;
  if (schema.key.type !== 'string' || schema.key.pipe) result.key = compile(schema.key);
  return result;
}

/**
 * Valibot returns the first option that succeeds; a later option may answer for the value only when
 * every earlier one is known to fail on it.
 */
function compileUnion(schema: SchemaLike): Node {
  const options = (schema.options ?? []) as readonly SchemaLike[];
  const usable: Node[] = [];
  let exact = true;
  for (const option of options) {
    if (typeof option !== 'object' || option === null) return NO;
    const inner = compile(option);
    usable.push(inner);
    if (!inner.exact) {
      exact = false;
      break;
    }
  }
  const result = node(UNION, exact && usable.length === options.length);
  result.options = usable;
  return result;
}

/** Whether `value` passes `node` as it is. */
function test(node: Node, value: unknown): boolean {
  if (value === null || value === undefined) {
    if (value === null ? node.orNull : node.orUndefined) return true;
    // The rare kinds may take an empty value of their own (a custom check, a union holding `v.null()`).
    if (node.kind === CALL) return (node.call as Check)(value);
    return node.kind === UNION && someOption(node, value);
  }
  switch (node.kind) {
    case STRING:
      return typeof value === 'string';
    case NUMBER:
      return typeof value === 'number' && !Number.isNaN(value);
    case BOOLEAN:
      return typeof value === 'boolean';
    case ANYTHING:
      return true;
    case LITERAL:
      return value === node.literal;
    case OBJECT:
      return testObject(node, value);
    case ARRAY:
      return testArray(node, value);
    case RECORD:
      return testRecord(node, value);
    case UNION:
      return someOption(node, value);
    case CALL:
      return (node.call as Check)(value);
    default:
      return false;
  }
}

/**
 * `test`, with the common leaves decided here: small enough to be inlined into the loops over an
 * object's keys and an array's items, so a string field costs no call.
 */
function passes(node: Node, value: unknown): boolean {
  const kind = node.kind;
  if (kind === STRING) {
    if (typeof value === 'string') return true;
  } else if (kind === NUMBER) {
    if (typeof value === 'number') return !Number.isNaN(value);
  } else if (kind === BOOLEAN) {
    if (typeof value === 'boolean') return true;
  }
  return test(node, value);
}

function someOption(node: Node, value: unknown): boolean {
  for (const option of node.options) if (test(option, value)) return true;
  return false;
}

// Valibot builds a plain object for every object and record it checks: a class instance or an array
// (both of which it takes) does not come back as it was.
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

function testObject(node: Node, value: unknown): boolean {
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  const record = value as Record<string, unknown>;
  const fields = node.fields as Map<string, Node>;
  const memo = node.memo;
  let present = 0;
  let n = 0;
  for (const key in record) {
    let field: Node | undefined;
    if (memo[n] === key) {
      field = memo[n + 1] as Node | undefined;
    } else if (memo[n + 2] === key) {
      field = memo[n + 3] as Node | undefined;
    } else {
      field = fields.get(key);
      memo[n + 2] = memo[n];
      memo[n + 3] = memo[n + 1];
      memo[n] = key;
      memo[n + 1] = field;
    }
    n += 4;
    if (field === undefined) {
      if (guarded(key)) return false;
      continue;
    }
    if (!passes(field, record[key])) return false;
    if (!field.absentOk) present += 1;
  }
  return present === node.required;
}

function testArray(node: Node, value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  const item = node.item as Node;
  for (let i = 0; i < value.length; i++) {
    const entry: unknown = value[i];
    if (!passes(item, entry)) return false;
    if (entry === undefined && !(i in value)) return false;
  }
  return true;
}

function testRecord(node: Node, value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  const item = node.item as Node;
  const key = node.key;
  for (const name in value) {
    if (guarded(name) || (key !== undefined && !test(key, name))) return false;
    if (!passes(item, value[name])) return false;
  }
  return true;
}
