// Exact times only where a schema declares them. A JS number holds whole numbers exactly only up to
// 2^53, so `JSON.parse` changes the last digits of a Unix-nanosecond time (19 digits). The places of
// the times come from the schema itself (wherever `UnixNanosSchema` stands in it). For a body holding a
// number at one of them, each such number's text is read off the body by its key; where that cannot be
// sure (a key written with escapes, two texts under one key that parse alike), the body is parsed again
// with a reviver that is given each number's source text (the JSON.parse source text access of
// Node >= 21, Deno, Bun, Chromium >= 114, Firefox >= 135), five times the cost of a plain parse. Only
// those places change. Every other number (a user's `Meta`, a driver's `Config`, a topic this version
// does not know) is what `JSON.parse` gives. No library is needed for this: the runtime parses,
// valibot's schema says where.
import { UnixNanos } from './unix-nanos.js';
import { UnixNanosSchema } from './unix-nanos-schema.js';

/** Calls `at` for each place of `value` where a time is declared: the object that holds it, and its key. */
export type TimeFields = (value: unknown, at: (holder: Record<string, unknown>, key: string) => void) => void;

/** Where a schema declares times: here, in some of an object's fields, or in every item or value. */
interface Plan {
  readonly time?: true;
  readonly fields?: ReadonlyMap<string, Plan>;
  readonly each?: Plan;
}

// The public properties of valibot's schemas that lead to the schemas inside them. A union, a lazy
// schema or any other kind is not followed: a time inside one reaches UnixNanosSchema as a plain number,
// which it refuses beyond 2^53, so nothing is ever shifted silently.
interface SchemaParts {
  readonly type?: string;
  readonly entries?: Readonly<Record<string, SchemaParts>>;
  readonly item?: SchemaParts;
  readonly value?: SchemaParts;
  readonly wrapped?: SchemaParts;
}

function planOf(schema: SchemaParts): Plan | undefined {
  if (schema === UnixNanosSchema) return { time: true };
  if (schema.entries !== undefined) {
    const fields = new Map<string, Plan>();
    for (const key in schema.entries) {
      const inner = planOf(schema.entries[key] as SchemaParts);
      if (inner !== undefined) fields.set(key, inner);
    }
    return fields.size === 0 ? undefined : { fields };
  }
  const inner =
    schema.type === 'array' ? schema.item : schema.type === 'record' ? schema.value : schema.wrapped;
  if (inner === undefined) return undefined;
  const plan = planOf(inner);
  return plan === undefined || schema.wrapped !== undefined ? plan : { each: plan };
}

function visit(value: unknown, plan: Plan, at: Parameters<TimeFields>[1]): void {
  if (typeof value !== 'object' || value === null) return;
  const holder = value as Record<string, unknown>;
  if (plan.fields !== undefined) {
    for (const [key, inner] of plan.fields) if (Object.hasOwn(holder, key)) place(holder, key, inner, at);
  } else if (plan.each !== undefined) {
    for (const key of Object.keys(holder)) place(holder, key, plan.each, at);
  }
}

function place(
  holder: Record<string, unknown>,
  key: string,
  plan: Plan,
  at: Parameters<TimeFields>[1],
): void {
  if (plan.time) at(holder, key);
  else visit(holder[key], plan, at);
}

const found = new WeakMap<object, TimeFields | null>();

/** The time fields `schema` declares, found once per schema; undefined when it declares none. */
export function timeFields(schema: object): TimeFields | undefined {
  let fields = found.get(schema);
  if (fields === undefined) {
    const plan = planOf(schema as SchemaParts);
    fields = plan === undefined ? null : (value, at) => visit(value, plan, at);
    found.set(schema, fields);
  }
  return fields ?? undefined;
}

/**
 * The time of a declared field: every digit of a whole number, from its source text. Any other number
 * (a fraction, an exponent) is left as its source text, which UnixNanosSchema refuses with the text in
 * its message. Without source text (an older runtime) a number within 2^53 is still exact; a larger one
 * stays as parsed, and UnixNanosSchema refuses it.
 */
function timeOf(parsed: number, source: string | undefined): unknown {
  if (source === undefined || Number(source) !== parsed) {
    return Number.isSafeInteger(parsed) ? new UnixNanos(BigInt(parsed)) : parsed;
  }
  return /^-?\d+$/.test(source) ? new UnixNanos(BigInt(source)) : source;
}

// A key spelled with an escaped letter (`"\u0054ime"`) is the one case where a declared key is not
// written as itself; such a text takes the reviver's way.
const LETTER_ESCAPE = /\\u00(?:4[1-9a-f]|5[0-9a]|6[1-9a-f]|7[0-9a])/i;
const LETTERS = /^[A-Za-z]+$/;
const keyPatterns = new Map<string, RegExp>();

/** Finds `"key": number` for each of `keys` (letters only), capturing the key and the number's text. */
function keyPattern(keys: readonly string[]): RegExp {
  const id = keys.join('|');
  let pattern = keyPatterns.get(id);
  if (pattern === undefined) {
    pattern = new RegExp(`"(${id})"\\s*:\\s*(-?\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?)`, 'g');
    keyPatterns.set(id, pattern);
  }
  return pattern;
}

/**
 * The source text of each place's number, read off the text without a second parse: every number
 * written under one of the places' keys, by key and value. A place's source is the one text under its
 * key that parses to its value; two different texts that parse to it (or none) give undefined, and the
 * caller parses again with a reviver. Without letter escapes every declared key is written as itself,
 * so the place's own text is always among those found (a match inside another key, `"x\"Time": 1`,
 * only adds a text, which at worst makes a value ambiguous).
 */
function sourcesInText(text: string, places: readonly Place[]): string[] | undefined {
  const keys = [...new Set(places.map((place) => place[1]))];
  if (!keys.every((key) => LETTERS.test(key)) || LETTER_ESCAPE.test(text)) return undefined;
  const written = new Map<string, Map<number, string | null>>();
  for (const match of text.matchAll(keyPattern(keys))) {
    const key = match[1] as string;
    const source = match[2] as string;
    const value = Number(source);
    let byValue = written.get(key);
    if (byValue === undefined) {
      byValue = new Map();
      written.set(key, byValue);
    }
    const known = byValue.get(value);
    byValue.set(value, known === undefined || known === source ? source : null);
  }
  const sources: string[] = [];
  for (const [holder, key] of places) {
    const source = written.get(key)?.get(holder[key] as number);
    if (source == null) return undefined;
    sources.push(source);
  }
  return sources;
}

type Place = readonly [holder: Record<string, unknown>, key: string];

/** `JSON.parse(text)`, with each number at a place `fields` names turned into a UnixNanos with every digit. */
export function parseWithTimes(text: string, fields: TimeFields): unknown {
  const plain: unknown = JSON.parse(text);
  const places: Place[] = [];
  fields(plain, (holder, key) => {
    if (typeof holder[key] === 'number') places.push([holder, key]);
  });
  if (places.length === 0) return plain;
  const sources = sourcesInText(text, places);
  if (sources !== undefined) {
    places.forEach(([holder, key], index) => {
      holder[key] = timeOf(holder[key] as number, sources[index]);
    });
    return plain;
  }
  // The reviver leaves every value as it is and keeps each number's source aside, by the object that
  // holds it (for duplicate keys, the last one's, which is also the value JSON.parse keeps).
  const sourcesByHolder = new Map<object, Map<string, string>>();
  const exact: unknown = JSON.parse(text, function (this: object, key, value, context?: { source?: string }) {
    const source = context?.source;
    if (typeof value === 'number' && source !== undefined) {
      const keys = sourcesByHolder.get(this);
      if (keys === undefined) sourcesByHolder.set(this, new Map([[key, source]]));
      else keys.set(key, source);
    }
    return value;
  });
  fields(exact, (holder, key) => {
    const value = holder[key];
    if (typeof value === 'number') holder[key] = timeOf(value, sourcesByHolder.get(holder)?.get(key));
  });
  return exact;
}
