import { describe, expect, it } from 'vitest';
import { AbortError, iterateBoxes, RequestValidationError, searchBoxes } from '../src/index.js';
import type { FakeBoxSeed } from '../src/testing/index.js';
import { apiCalls, isA, type SetupOptions, setup } from './support.js';

/** 25 public boxes of alice, box-01 with 1 download up to box-25 with 25; odd ones have a docker provider. */
function catalogue(): SetupOptions {
  const boxes: FakeBoxSeed[] = Array.from({ length: 25 }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    return {
      tag: `alice/box-${n}`,
      private: false,
      downloads: i + 1,
      short_description: i === 6 ? 'The lucky one' : `Box number ${n}`,
      versions: [
        {
          version: '1.0.0',
          status: 'active',
          providers: [{ name: i % 2 === 0 ? 'docker' : 'virtualbox', url: 'https://example.com/x.box' }],
        },
      ],
    };
  });
  return {
    boxes: [
      ...boxes,
      { tag: 'alice/hidden', private: true, downloads: 1000, short_description: 'lucky too' },
    ],
  };
}

describe('search', () => {
  it('sends q, provider, sort, order, limit and page as given, and none it was not given', async () => {
    const { registry, anonymous } = await setup(catalogue());
    await anonymous.search.boxes({
      q: 'ubuntu',
      provider: 'virtualbox',
      sort: 'downloads',
      order: 'desc',
      limit: 10,
      page: 1,
    });
    expect(registry.requests.at(-1)?.query.toString()).toBe(
      'q=ubuntu&provider=virtualbox&sort=downloads&order=desc&limit=10&page=1',
    );
    await anonymous.search.boxes();
    expect(registry.requests.at(-1)?.query.toString()).toBe('');
  });

  it('returns the top boxes by downloads without a query, and matches username, name or short description', async () => {
    const { anonymous, alice } = await setup(catalogue());
    const top = await anonymous.search.boxes({ limit: 3 });
    expect(top.boxes.map((box) => box.tag)).toEqual(['alice/box-25', 'alice/box-24', 'alice/box-23']);
    expect(top.boxes[0]).not.toHaveProperty('versions');
    expect(top.boxes[0]?.current_version?.version).toBe('1.0.0');

    expect((await anonymous.search.boxes({ q: 'LUCKY' })).boxes.map((box) => box.tag)).toEqual([
      'alice/box-07',
    ]);
    expect((await alice.search.boxes({ q: 'lucky' })).boxes.map((box) => box.tag)).toEqual([
      'alice/hidden',
      'alice/box-07',
    ]);
    expect((await anonymous.search.boxes({ q: 'box-1', order: 'asc' })).boxes).toHaveLength(10);
  });

  it('filters by provider and sorts by creation or update time in either order', async () => {
    const { anonymous } = await setup(catalogue());
    const docker = await anonymous.search.boxes({ provider: 'docker', limit: 100 });
    expect(docker.boxes).toHaveLength(13);
    const ascending = await anonymous.search.boxes({ sort: 'downloads', order: 'asc', limit: 2 });
    expect(ascending.boxes.map((box) => box.downloads)).toEqual([1, 2]);
    const created = await anonymous.search.boxes({ sort: 'created', order: 'asc', limit: 100 });
    expect(created.boxes).toHaveLength(25);
    const updated = await anonymous.search.boxes({ sort: 'updated', limit: 100, page: 2 });
    expect(updated.boxes).toEqual([]);
  });

  it('pages through every match as an AsyncIterable, stopping after a short page', async () => {
    const { registry, anonymous } = await setup(catalogue());
    const tags: string[] = [];
    for await (const box of anonymous.search.iterate({ order: 'asc' })) tags.push(box.tag);
    expect(tags).toEqual(Array.from({ length: 25 }, (_, i) => `alice/box-${String(i + 1).padStart(2, '0')}`));
    expect(registry.requests.map((request) => request.query.get('page'))).toEqual(['1', '2', '3']);
  });

  it('iterates whole pages, from a given page and with a given limit', async () => {
    const { registry, anonymous } = await setup(catalogue());
    const sizes: number[] = [];
    for await (const page of anonymous.search.iterate({ limit: 5, page: 3 }).pages())
      sizes.push(page.items.length);
    expect(sizes).toEqual([5, 5, 5, 0]);
    expect(registry.requests.map((request) => request.query.get('page'))).toEqual(['3', '4', '5', '6']);
    expect(await anonymous.search.iterate({ limit: 100 }).toArray()).toHaveLength(25);
  });

  it('stops paging when the loop is left early or the signal aborts', async () => {
    const { anonymous } = await setup(catalogue());
    let seen = 0;
    for await (const _box of anonymous.search.iterate({ limit: 2 })) {
      seen += 1;
      if (seen === 3) break;
    }
    expect(seen).toBe(3);
    const controller = new AbortController();
    controller.abort();
    await expect(anonymous.search.iterate({ signal: controller.signal }).toArray()).rejects.toSatisfy(
      isA(AbortError),
    );
  });

  it('sends the same request from the façade and from the standalone functions', async () => {
    const { registry, anonymous } = await setup(catalogue());
    const query = { q: 'box', provider: 'docker', sort: 'created', order: 'asc', limit: 3, page: 2 } as const;
    await anonymous.search.boxes(query);
    await searchBoxes(anonymous.core, query);
    const [facade, standalone] = registry.requests.slice(-2);
    expect(standalone?.method).toBe(facade?.method);
    expect(standalone?.path).toBe(facade?.path);
    expect(standalone?.query.toString()).toBe(facade?.query.toString());
    expect(standalone?.query.toString()).toBe('q=box&provider=docker&sort=created&order=asc&limit=3&page=2');

    const first = await anonymous.search.iterate({ limit: 10 }).toArray();
    const again = await iterateBoxes(anonymous.core, { limit: 10 }).toArray();
    expect(again).toEqual(first);
    expect(registry.requests.slice(-6).map((request) => request.query.toString())).toEqual([
      'limit=10&page=1',
      'limit=10&page=2',
      'limit=10&page=3',
      'limit=10&page=1',
      'limit=10&page=2',
      'limit=10&page=3',
    ]);
  });

  it('checks the query, limit at most 100, before sending anything', async () => {
    const { registry, anonymous } = await setup();
    const invalid = [
      { limit: 101 },
      { limit: 0 },
      { limit: 2.5 },
      { page: 0 },
      { sort: 'name' },
      { order: 'up' },
      { q: 5 },
    ];
    for (const query of invalid) {
      await expect(anonymous.search.boxes(query as never)).rejects.toBeInstanceOf(RequestValidationError);
    }
    await expect(anonymous.search.iterate({ limit: 500 }).toArray()).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    expect(apiCalls(registry)).toEqual([]);
  });

  it('lets the fake refuse a limit above 100 and other bad values with 403', async () => {
    const { anonymous } = await setup();
    await expect(
      anonymous.request({ method: 'GET', path: '/search', query: { limit: 101 } }),
    ).rejects.toMatchObject({
      status: 403,
      errors: ['limit must be at most 100'],
    });
    await expect(
      anonymous.request({ method: 'GET', path: '/search', query: { page: 0 } }),
    ).rejects.toMatchObject({
      status: 403,
    });
    await expect(
      anonymous.request({ method: 'GET', path: '/search', query: { sort: 'x' } }),
    ).rejects.toMatchObject({
      status: 403,
    });
    await expect(
      anonymous.request({ method: 'GET', path: '/search', query: { order: 'x' } }),
    ).rejects.toMatchObject({
      status: 403,
    });
  });
});
