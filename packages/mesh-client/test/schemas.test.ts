import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  NamespaceCreateSchema,
  NamespaceNameSchema,
  NamespaceSchema,
  NamespaceUpdateSchema,
} from '../src/schemas.js';

const alnum = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
const labelChar = fc.oneof(alnum, fc.constant('-'));

/** Labels by construction: an alphanumeric at each end, letters, digits and hyphens between, 63 at most. */
const label = fc
  .tuple(alnum, fc.array(labelChar, { maxLength: 61 }), alnum, fc.boolean())
  .map(([first, middle, last, single]) => (single ? first : `${first}${middle.join('')}${last}`));

describe('NamespaceNameSchema', () => {
  it('accepts every DNS hostname label', () => {
    fc.assert(fc.property(label, (name) => v.is(NamespaceNameSchema, name)));
  });

  it('refuses a label with any other character in it', () => {
    const other = fc.string({ minLength: 1, maxLength: 1 }).filter((char) => !/[a-z0-9-]/i.test(char));
    fc.assert(
      fc.property(label, other, fc.nat(), (name, char, at) => {
        const cut = at % (name.length + 1);
        return !v.is(NamespaceNameSchema, `${name.slice(0, cut)}${char}${name.slice(cut)}`);
      }),
    );
  });

  it('refuses a hyphen at either end, and more than 63 characters', () => {
    fc.assert(
      fc.property(
        label,
        (name) => !v.is(NamespaceNameSchema, `-${name}`) && !v.is(NamespaceNameSchema, `${name}-`),
      ),
    );
    fc.assert(
      fc.property(
        fc.array(alnum, { minLength: 64, maxLength: 80 }),
        (chars) => !v.is(NamespaceNameSchema, chars.join('')),
      ),
    );
  });
});

const reserved = ['__proto__', 'prototype', 'constructor'];
const meta = fc.dictionary(
  fc.string().filter((key) => !reserved.includes(key)),
  fc.string(),
  { maxKeys: 4 },
);
const link = fc.oneof(
  fc.record({ ID: fc.string({ minLength: 1 }) }),
  fc.record({ Name: fc.string({ minLength: 1 }) }),
  fc.record({ ID: fc.string({ minLength: 1 }), Name: fc.string({ minLength: 1 }) }),
);
const body = fc.record(
  {
    Name: label,
    Description: fc.string(),
    ACLs: fc.option(
      fc.record(
        { PolicyDefaults: fc.option(fc.array(link)), RoleDefaults: fc.option(fc.array(link)) },
        {
          requiredKeys: [],
        },
      ),
    ),
    Meta: fc.option(meta),
  },
  { requiredKeys: ['Name'] },
);

const known = new Set(['Name', 'Description', 'ACLs', 'Meta', 'DeletedAt', 'CreateIndex', 'ModifyIndex']);
const unknownField = fc.stringMatching(/^[A-Z][a-zA-Z]{2,10}$/).filter((key) => !known.has(key));

describe('request and response schemas', () => {
  it('refuses Meta keys that a record would drop, instead of losing them', () => {
    for (const key of reserved) {
      const value = JSON.parse(`{"Name":"aa","Meta":{"${key}":"x"}}`) as unknown;
      expect(v.safeParse(NamespaceCreateSchema, value).success).toBe(false);
      expect(v.safeParse(NamespaceUpdateSchema, value).success).toBe(false);
    }
  });

  it('a valid body passes unchanged, as create and as update', () => {
    fc.assert(
      fc.property(body, (value) => {
        expect(v.parse(NamespaceCreateSchema, value)).toEqual(value);
        expect(v.parse(NamespaceUpdateSchema, value)).toEqual(value);
      }),
    );
  });

  it('a namespace as read passes as an update body, the server-managed fields dropped', () => {
    fc.assert(
      fc.property(body, fc.nat(), fc.date({ noInvalidDate: true }), (value, index, date) => {
        const read = { ...value, CreateIndex: index, ModifyIndex: index + 1, DeletedAt: date.toISOString() };
        expect(v.parse(NamespaceUpdateSchema, read)).toEqual(value);
      }),
    );
  });

  it('a response keeps fields this version does not know', () => {
    fc.assert(
      fc.property(fc.dictionary(unknownField, fc.jsonValue()), (extra) => {
        const response = { ...extra, Name: 'team-1', CreateIndex: 1, ModifyIndex: 1 };
        expect(v.parse(NamespaceSchema, response)).toEqual(response);
      }),
    );
  });
});
