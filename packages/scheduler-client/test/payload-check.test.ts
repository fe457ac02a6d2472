// The event stream's fast payload check may only ever say "valibot accepts this and returns it
// unchanged"; everything else goes to valibot. These tests hold it to that on the documented payloads
// and on any change to them, and show that it does say yes to real payloads (else it saves nothing).
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { OtherPayload, payloadSchemas } from '../src/events/schemas.js';
import { payloadCheck } from '../src/payload-check.js';
import { parseExactJson, UnixNanos } from '../src/unix-nanos.js';

interface Section {
  readonly section: string;
  readonly sample_response?: readonly { readonly json?: unknown }[];
}
const docs = JSON.parse(
  readFileSync(new URL('fixtures/nomad-docs-samples.json', import.meta.url), 'utf8'),
) as { sections: Section[] };
const sample = (name: string): unknown =>
  docs.sections.find((s) => s.section === name)?.sample_response?.[0]?.json;

// One payload text per topic, from the documented objects; parsed as the stream parses each line.
const PAYLOADS: readonly (readonly [string, string])[] = [
  ['Job', JSON.stringify({ Job: sample('Read Job') })],
  ['Allocation', JSON.stringify({ Allocation: sample('Read Allocation') })],
  ['Evaluation', JSON.stringify({ Evaluation: (sample('List Job Evaluations') as unknown[])[0] })],
  ['Deployment', JSON.stringify({ Deployment: sample("Read Job's Most Recent Deployment") })],
  [
    'Node',
    JSON.stringify({
      Node: { ID: 'n1', Name: 'node-1', Attributes: { 'kernel.name': 'linux' }, Meta: null, Status: 'ready' },
    }),
  ],
  [
    'ACLToken',
    JSON.stringify({ ACLToken: { AccessorID: 'a', Policies: ['p'], Global: false, CreateIndex: 3 } }),
  ],
  ['ACLPolicy', JSON.stringify({ ACLPolicy: { Name: 'p', Rules: '', ModifyIndex: 4 } })],
  ['SomethingNew', JSON.stringify({ Anything: [1, { Time: 2 }] })],
];

// Node's strict deep equality: holes, absent keys and prototypes count, as in valibot's copies. Not
// `toStrictEqual`, which compares objects' `constructor` properties, so an object whose own
// `constructor` key holds NaN (a payload the property tests build) is not equal even to itself.
const unchanged = (output: unknown, input: unknown): boolean => isDeepStrictEqual(output, input);

const schemaOf = (topic: string): v.GenericSchema => payloadSchemas.get(topic) ?? OtherPayload;

/** Every path to a value inside `value`, the empty path included. */
function pathsOf(value: unknown, at: readonly (string | number)[] = []): (string | number)[][] {
  const paths: (string | number)[][] = [[...at]];
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) paths.push(...pathsOf(item, [...at, i]));
  } else if (typeof value === 'object' && value !== null && !(value instanceof UnixNanos)) {
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...at, key]));
  }
  return paths;
}

/** `root` with the value at `path` replaced (or, for `undefined`, removed). */
function replaced(root: unknown, path: readonly (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const container = path
    .slice(0, -1)
    .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], root);
  const last = path[path.length - 1] as string | number;
  if (next === undefined && !Array.isArray(container)) delete (container as Record<string, unknown>)[last];
  else (container as Record<string | number, unknown>)[last] = next;
  return root;
}

// Values the check must see through: wrong types, arrays for objects, the keys valibot leaves out,
// numbers where times belong, objects and records of every kind. Each is made afresh for every use, as
// the changes write into what they insert.
const replacement: fc.Arbitrary<() => unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }).map((value) => () => JSON.parse(JSON.stringify(value) ?? 'null')),
  fc.constantFrom<() => unknown>(
    () => undefined,
    () => null,
    () => [],
    () => ({}),
    () => Number.NaN,
    () => 1.5,
    () => 2n,
    () => '',
    () => new UnixNanos(5n),
    () => ({ nanoseconds: 5n }),
    () => JSON.parse('{"__proto__":{"x":1}}'),
    () => JSON.parse('{"constructor":"x","Name":"n"}'),
    () => JSON.parse('{"prototype":1}'),
    () => ['...'],
  ),
);

describe('event payload check', () => {
  it('says yes to the documented payload of every topic, which valibot returns unchanged', () => {
    for (const [topic, text] of PAYLOADS) {
      const payload = parseExactJson(text);
      expect(payloadCheck(schemaOf(topic))(payload), topic).toBe(true);
      const result = v.safeParse(schemaOf(topic), payload);
      expect(result.success, topic).toBe(true);
      expect(result.output, topic).toStrictEqual(payload);
    }
  });

  it('says no where valibot would change the value: a plain number for a time, an array for an object, a dropped key', () => {
    const check = payloadCheck(schemaOf('Allocation'));
    expect(check({ Allocation: { ID: 'a', CreateTime: new UnixNanos(1n) } })).toBe(true);
    expect(check({ Allocation: { ID: 'a', CreateTime: 1 } })).toBe(false);
    expect(check({ Allocation: [] })).toBe(false);
    expect(check(JSON.parse('{"Allocation":{"ID":"a","constructor":1}}'))).toBe(false);
    expect(check(JSON.parse('{"__proto__":1}'))).toBe(false);
    expect(check({ Allocation: { ID: 7 } })).toBe(false);
  });

  it('says no to an absent key whose schema takes undefined but is not optional, as valibot does', () => {
    for (const schema of [
      v.looseObject({ a: v.unknown() }),
      v.looseObject({ a: v.any() }),
      v.looseObject({ a: v.undefined() }),
      v.looseObject({ a: v.nullable(v.string()) }),
      v.looseObject({ a: v.nullable(v.optional(v.string())) }),
    ]) {
      expect(v.safeParse(schema, {}).success).toBe(false);
      expect(payloadCheck(schema)({})).toBe(false);
      // Stricter than valibot is allowed (valibot then decides); a yes valibot refuses is not.
      if (payloadCheck(schema)({ a: undefined }))
        expect(v.safeParse(schema, { a: undefined }).success).toBe(true);
    }
    const optional = v.looseObject({ a: v.optional(v.string()), b: v.nullish(v.number()) });
    expect(payloadCheck(optional)({})).toBe(true);
    expect(v.safeParse(optional, {}).success).toBe(true);
    // A default fills the absent key in: valibot's output is not the input.
    const defaulted = v.looseObject({ a: v.optional(v.string(), 'x') });
    expect(v.parse(defaulted, {})).toStrictEqual({ a: 'x' });
    expect(payloadCheck(defaulted)({})).toBe(false);
  });

  it('property: on pipes, unions, literals, records and wrappers it agrees with valibot', () => {
    const schemas: v.GenericSchema[] = [
      v.looseObject({
        a: v.pipe(v.number(), v.integer(), v.minValue(0)),
        b: v.optional(v.pipe(v.string(), v.regex(/^x/))),
        c: v.nullable(v.union([v.literal('p'), v.number(), v.array(v.boolean())])),
      }),
      v.record(v.pipe(v.string(), v.minLength(2)), v.nullish(v.looseObject({ n: v.number() }))),
      v.union([v.looseObject({ k: v.string() }), v.string()]),
      v.array(
        v.union([
          v.string(),
          v.pipe(
            v.number(),
            v.transform((n) => n + 1),
          ),
        ]),
      ),
      v.optional(v.string(), 'default'),
    ];
    const value = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.record({
        a: fc.oneof(fc.integer(), fc.double()),
        b: fc.oneof(fc.string(), fc.constant('xy')),
        c: fc.oneof(fc.constant('p'), fc.integer(), fc.array(fc.boolean()), fc.constant(null)),
      }),
    );
    let yes = 0;
    fc.assert(
      fc.property(fc.nat(schemas.length - 1), value, (pick, input) => {
        const schema = schemas[pick] as v.GenericSchema;
        const result = v.safeParse(schema, input);
        if (!payloadCheck(schema)(input)) return;
        yes += 1;
        expect(result.success).toBe(true);
        expect(unchanged(result.output, input)).toBe(true);
      }),
      { numRuns: 3000 },
    );
    expect(yes).toBeGreaterThan(20);
  });

  it('property: whenever the check says yes, valibot accepts the payload and returns it unchanged', () => {
    const topics = PAYLOADS.map(([topic]) => topic);
    fc.assert(
      fc.property(
        fc.constantFrom(...topics),
        fc.array(fc.tuple(fc.nat(), replacement), { minLength: 1, maxLength: 3 }),
        (topic, changes) => {
          const text = PAYLOADS.find(([name]) => name === topic)?.[1] as string;
          let payload = parseExactJson(text);
          for (const [pick, next] of changes) {
            const paths = pathsOf(payload);
            payload = replaced(payload, paths[pick % paths.length] as (string | number)[], next());
          }
          if (!payloadCheck(schemaOf(topic))(payload)) return;
          const result = v.safeParse(schemaOf(topic), payload);
          expect(result.success).toBe(true);
          expect(unchanged(result.output, payload)).toBe(true);
        },
      ),
      { numRuns: 1500 },
    );
  });
});

// Random schemas of the kinds the check knows (and some it does not), with random values shaped like
// them or not: wherever the check says yes, valibot must accept the value and return it unchanged.
type SchemaTree = { readonly schema: v.GenericSchema; readonly sample: fc.Arbitrary<unknown> };

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom<unknown>(undefined, null, Number.NaN, 1.5, 2n, '', 'xy', [], {}),
  fc.constant(null).map(() => JSON.parse('{"__proto__":{"x":1}}') as unknown),
  fc.constant(null).map(() => JSON.parse('{"constructor":"x","a":"n"}') as unknown),
  // A hole: it reads as undefined, yet valibot's copy holds a real undefined.
  fc.constant(null).map(() => {
    const holes: unknown[] = ['a'];
    holes.length = 3;
    return holes;
  }),
);

const leafTrees: fc.Arbitrary<SchemaTree>[] = [
  fc.constant({ schema: v.string(), sample: fc.oneof(fc.string(), anyValue) }),
  fc.constant({ schema: v.number(), sample: fc.oneof(fc.double(), anyValue) }),
  fc.constant({ schema: v.boolean(), sample: fc.oneof(fc.boolean(), anyValue) }),
  fc.constant({ schema: v.unknown(), sample: anyValue }),
  fc.constant({ schema: v.null(), sample: fc.oneof(fc.constant(null), anyValue) }),
  fc.constant({ schema: v.literal('p'), sample: fc.oneof(fc.constant('p'), anyValue) }),
  fc.constant({
    schema: v.custom<unknown>((x) => x === null || typeof x === 'number'),
    sample: fc.oneof(fc.constant(null), fc.integer(), anyValue),
  }),
  fc.constant({
    schema: v.pipe(v.number(), v.integer()),
    sample: fc.oneof(fc.integer(), fc.double(), anyValue),
  }),
  fc.constant({
    schema: v.pipe(
      v.string(),
      v.transform((s) => s.length),
    ),
    sample: fc.oneof(fc.string(), anyValue),
  }),
];

const trees: fc.Arbitrary<SchemaTree> = fc.letrec<{ tree: SchemaTree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    ...leafTrees,
    tie('tree').chain((inner) =>
      fc.constantFrom('optional', 'nullable', 'nullish', 'default').map((wrapper) => ({
        schema:
          wrapper === 'optional'
            ? v.optional(inner.schema)
            : wrapper === 'nullable'
              ? v.nullable(inner.schema)
              : wrapper === 'nullish'
                ? v.nullish(inner.schema)
                : v.optional(inner.schema, 'x'),
        sample: fc.oneof(inner.sample, fc.constantFrom(undefined, null)),
      })),
    ),
    tie('tree').map((inner) => ({
      schema: v.array(inner.schema),
      sample: fc.oneof(
        fc.array(inner.sample, { maxLength: 3 }),
        // Sparse: some items left out.
        fc.array(inner.sample, { maxLength: 3 }).map((items) => {
          const sparse = [...items];
          sparse.length += 1;
          return sparse;
        }),
        anyValue,
      ),
    })),
    tie('tree').map((inner) => ({
      schema: v.record(v.string(), inner.schema),
      sample: fc.oneof(fc.dictionary(fc.constantFrom('a', 'b', 'constructor'), inner.sample), anyValue),
    })),
    fc.tuple(tie('tree'), tie('tree')).map(([a, b]) => ({
      schema: v.union([a.schema, b.schema]),
      sample: fc.oneof(a.sample, b.sample),
    })),
    fc.tuple(tie('tree'), tie('tree')).map(([a, b]) => ({
      schema: v.looseObject({ a: a.schema, b: b.schema }),
      sample: fc.oneof(
        fc.record({ a: a.sample, b: b.sample, c: anyValue, prototype: anyValue }, { requiredKeys: [] }),
        // Keys in the other order, so the memory of key positions meets both.
        fc.record({ b: b.sample, a: a.sample }, { requiredKeys: [] }),
        anyValue,
      ),
    })),
  ),
})).tree;

describe('event payload check on any schema', () => {
  it('property: a yes means valibot accepts the value and returns it unchanged', () => {
    let yes = 0;
    fc.assert(
      fc.property(
        trees.chain((tree) =>
          fc.tuple(fc.constant(tree.schema), fc.array(tree.sample, { minLength: 1, maxLength: 4 })),
        ),
        ([schema, values]) => {
          // Several values through one check: its memory of the last objects must never leak into a yes.
          const check = payloadCheck(schema);
          for (const value of values) {
            if (!check(value)) continue;
            yes += 1;
            const result = v.safeParse(schema, value);
            expect(result.success).toBe(true);
            expect(unchanged(result.output, value)).toBe(true);
          }
        },
      ),
      { numRuns: 3000 },
    );
    expect(yes).toBeGreaterThan(500);
  });
});
