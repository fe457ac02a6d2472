// The field walk behind the field-exact reference tests (test-support/schema-keys.ts), on small
// schemas: which sample keys count as undeclared, which declared keys as unsampled, and how the
// allowlist and its stale entries are reported.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { checkFields, declaredKeys, newWalk, walkSample } from '../../../test-support/schema-keys.js';
import { NamespaceSchema } from '../src/schemas.js';

const walk = (schema: v.GenericSchema, sample: unknown) => {
  const result = newWalk();
  walkSample(schema, sample, '', result);
  return { undeclared: [...result.undeclared], seen: [...result.seen].sort() };
};

describe('the field walk', () => {
  it('names undeclared keys at any depth, through arrays, wrappers and pipes', () => {
    const schema = v.looseObject({
      Name: v.string(),
      Items: v.nullish(
        v.array(
          v.pipe(
            v.looseObject({ ID: v.string() }),
            v.check(() => true),
          ),
        ),
      ),
    });
    expect(walk(schema, { Name: 'a', Items: [{ ID: 'x', Idd: 'y' }], Extra: 1 })).toEqual({
      undeclared: ['Items[].Idd', 'Extra'],
      seen: ['ID', 'Items', 'Name'],
    });
  });

  it('reads record keys as data, and free-form values as opaque', () => {
    const schema = v.looseObject({
      Meta: v.record(v.string(), v.looseObject({ Value: v.string() })),
      Config: v.record(v.string(), v.unknown()),
      Piped: v.pipe(v.unknown(), v.record(v.string(), v.string())),
    });
    const sample = {
      Meta: { team: { Value: 'a', Valeu: 'b' } },
      Config: { deep: { any: 1 } },
      Piped: { k: 'v' },
    };
    expect(walk(schema, sample).undeclared).toEqual(['Meta{}.Valeu']);
  });

  it('takes a key as declared when any option of a union or variant declares it, and follows lazy schemas', () => {
    const node: v.GenericSchema = v.looseObject({
      Kind: v.string(),
      Children: v.optional(v.array(v.lazy(() => node))),
    });
    const schema = v.union([v.looseObject({ A: v.string() }), v.looseObject({ B: node })]);
    expect(
      walk(schema, { A: 'x', B: { Kind: 'k', Children: [{ Kind: 'j', Kidn: 'typo' }] } }).undeclared,
    ).toEqual(['B.Children[].Kidn']);
  });

  it('lists every declared key with its first place, recursion included', () => {
    const node: v.GenericSchema = v.looseObject({ Name: v.string(), Next: v.optional(v.lazy(() => node)) });
    expect([...declaredKeys(v.array(v.looseObject({ Head: node })))]).toEqual([
      ['Head', '[].Head'],
      ['Name', '[].Head.Name'],
      ['Next', '[].Head.Next'],
    ]);
  });

  it('reports a misspelt declared field both ways: the sample key undeclared, the declared key unsampled', () => {
    const { DeletedAt, ...entries } = NamespaceSchema.entries;
    const misspelt = v.looseObject({ ...entries, DeletdAt: DeletedAt });
    const sample = { Name: 'team-1', DeletedAt: '2019-12-02T23:00:00Z', CreateIndex: 1, ModifyIndex: 2 };
    expect(checkFields([{ name: 'Namespace', schema: misspelt, samples: [sample] }], new Set(), {})).toEqual({
      undeclared: ['Namespace: DeletedAt'],
      unsampled: expect.arrayContaining(['DeletdAt (declared at Namespace: DeletdAt)']),
      unusedAllowlist: [],
    });
  });

  it('applies the allowlist by name and path patterns, and reports entries that matched nothing', () => {
    const schema = v.looseObject({
      Items: v.array(v.looseObject({ ID: v.string(), Spare: v.optional(v.string()) })),
    });
    const report = checkFields(
      [{ name: 'List', schema, samples: [{ Items: [{ ID: 'a', Upstream: { x: 1 } }], Other: true }] }],
      new Set(['ID']),
      {
        '*: **Upstream.*': 'an upstream object',
        'List: Other': 'an upstream flag',
        Spare: 'declared for a later version',
        'List: Never': 'stale',
      },
    );
    expect(report).toEqual({ undeclared: [], unsampled: [], unusedAllowlist: ['List: Never'] });
  });
});
