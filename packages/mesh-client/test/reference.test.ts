// Every sample of the namespace API in test/fixtures decodes with this package's
// schemas. Upstream names map to ours as the reference README says; for this API that is only the token
// header (X-Consul-Token → X-Mesh-Token), which no body carries, so the bodies are used unchanged.
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { checkFields } from '../../../test-support/schema-keys.js';
import { isMarkedForDeletion } from '../src/index.js';
import {
  NamespaceCreateSchema,
  NamespaceListSchema,
  NamespaceSchema,
  NamespaceUpdateSchema,
} from '../src/schemas.js';
import { clientOf, trackFakes } from './support.js';

const REFERENCE = new URL('./fixtures/', import.meta.url);

function load(name: string): unknown {
  return JSON.parse(readFileSync(new URL(name, REFERENCE), 'utf8'));
}

interface Sample {
  readonly section: string;
  readonly method: string;
  readonly path: string;
  readonly payload?: unknown;
  readonly response: unknown;
  readonly read_after_delete?: unknown;
}

const docs = (load('consul-docs-samples-namespaces.json') as { samples: Sample[] }).samples;
const section = (name: string): Sample => {
  const found = docs.find((sample) => sample.section === name);
  if (found === undefined) throw new Error(`no sample "${name}"`);
  return found;
};

/** Parses strictly: the test fails with the schema's issues when a sample does not decode. */
function decode<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (!result.success) throw new Error(JSON.stringify(v.flatten(result.issues)));
  return result.output;
}

describe('reference samples: API docs', () => {
  it('covers all five operations', () => {
    expect(docs.map((sample) => `${sample.method} ${sample.path}`)).toEqual([
      'PUT /v1/namespace',
      'GET /v1/namespace/team-1',
      'PUT /v1/namespace/team-1',
      'DELETE /v1/namespace/team-1',
      'GET /v1/namespaces',
    ]);
  });

  it('the create and update request bodies pass the request schemas', () => {
    expect(decode(NamespaceCreateSchema, section('Create a Namespace').payload)).toEqual(
      section('Create a Namespace').payload,
    );
    expect(decode(NamespaceUpdateSchema, section('Update a Namespace').payload)).toEqual(
      section('Update a Namespace').payload,
    );
  });

  it('the create, read and update responses decode as a namespace, unchanged', () => {
    for (const name of ['Create a Namespace', 'Read a Namespace', 'Update a Namespace']) {
      const response = section(name).response;
      const namespace = decode(NamespaceSchema, response);
      expect(namespace).toEqual(response);
      expect(isMarkedForDeletion(namespace)).toBe(false);
    }
  });

  it('the delete has no body, and the read after it shows DeletedAt', () => {
    const sample = section('Delete a Namespace');
    expect(sample.response).toBeNull();
    const marked = decode(NamespaceSchema, sample.read_after_delete);
    expect(marked.DeletedAt).toBe('2019-12-02T23:00:00Z');
    expect(isMarkedForDeletion(marked)).toBe(true);
  });

  it('the list decodes, the default namespace without ACLs or Meta included', () => {
    const list = decode(NamespaceListSchema, section('List all Namespaces').response);
    expect(list.map((namespace) => namespace.Name)).toEqual(['default', 'team-1']);
    expect(list[0]?.ACLs).toBeUndefined();
  });

  it('a read keeps fields this version does not know', () => {
    const namespace = decode(NamespaceSchema, {
      ...(section('Read a Namespace').response as object),
      Partition: 'p',
    });
    expect(namespace.Partition).toBe('p');
  });
});

describe('reference samples: the upstream UI API double', () => {
  // The *.tpl files are the double's templates (JavaScript expressions, not JSON); their rendered
  // forms are the *.rendered.json files decoded here.
  it('a rendered namespace decodes', () => {
    const response = load('consul-api-double.v1.namespace_team-1.rendered.json');
    expect(decode(NamespaceSchema, response)).toEqual(response);
  });

  it('a rendered list decodes, entries without Description or indexes included', () => {
    const response = load('consul-api-double.v1.namespaces.rendered.json');
    const list = decode(NamespaceListSchema, response);
    expect(list).toEqual(response);
    expect(list.some((namespace) => namespace.Description === undefined)).toBe(true);
    expect(list.some((namespace) => namespace.CreateIndex === undefined)).toBe(true);
  });
});

describe('reference samples, field for field', () => {
  it('every sample key is declared by its schema, and every declared key is sampled or in the spec', () => {
    const specWords = new Set((load('spec-words.json') as { words: string[] }).words);
    const response = (name: string) => section(name).response;
    const report = checkFields(
      [
        {
          name: 'NamespaceCreateSchema',
          schema: NamespaceCreateSchema,
          samples: [section('Create a Namespace').payload],
        },
        {
          name: 'NamespaceUpdateSchema',
          schema: NamespaceUpdateSchema,
          samples: [section('Update a Namespace').payload],
        },
        {
          name: 'NamespaceSchema',
          schema: NamespaceSchema,
          samples: [
            response('Create a Namespace'),
            response('Read a Namespace'),
            response('Update a Namespace'),
            section('Delete a Namespace').read_after_delete,
            load('consul-api-double.v1.namespace_team-1.rendered.json'),
          ],
        },
        {
          name: 'NamespaceListSchema',
          schema: NamespaceListSchema,
          samples: [response('List all Namespaces'), load('consul-api-double.v1.namespaces.rendered.json')],
        },
      ],
      specWords,
      {
        Partition:
          'the admin partition of a namespace (issue #45): the docs samples come from a server without partitions',
      },
    );
    expect(report).toEqual({ undeclared: [], unsampled: [], unusedAllowlist: [] });
  });
});

describe('reference samples replayed against the fake', () => {
  const start = trackFakes();

  it('the documented create answers as documented', async () => {
    const fake = await start({
      policies: [
        { id: '77117cf6-d976-79b0-d63b-5a36ac69c8f1', name: 'service-read' },
        { id: 'af937401-9950-fcae-8396-610ce047649a', name: 'node-read' },
      ],
      roles: [
        { id: '69748856-ae69-d620-3ec4-07844b3c6be7', name: 'service-discovery' },
        { id: 'ae4b3542-d824-eb5f-7799-3fd657847e4e', name: 'ns-team-2-read' },
      ],
    });
    const mesh = clientOf(fake);
    const create = section('Create a Namespace');
    const created = await mesh.namespaces.create(decode(NamespaceCreateSchema, create.payload));
    const withoutIndexes = ({ CreateIndex, ModifyIndex, ...rest }: Record<string, unknown>) => rest;
    expect(withoutIndexes(created)).toEqual(withoutIndexes(create.response as Record<string, unknown>));
    const update = section('Update a Namespace');
    const updated = await mesh.namespaces.update('team-1', decode(NamespaceUpdateSchema, update.payload));
    expect(withoutIndexes(updated)).toEqual(withoutIndexes(update.response as Record<string, unknown>));
    expect((await mesh.namespaces.list()).map((namespace) => namespace.Name)).toEqual(['default', 'team-1']);
  });
});
