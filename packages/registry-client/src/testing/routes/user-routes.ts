// GET /user/:username and GET /search.
import { identify, visibleVersions } from '../access.js';
import { API, type FakeContext, type Routes } from '../context.js';
import type { BoxRecord } from '../records.js';
import { fail } from '../reply.js';
import { accountToWire, boxToWire } from '../wire.js';

const SORT_FIELDS = ['downloads', 'created', 'updated'] as const;
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;

function positiveInteger(text: string | null, name: string, fallback: number): number {
  if (text === null || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) fail(403, `${name} must be a whole number of at least 1`);
  return value;
}

function sortKey(box: BoxRecord, sort: (typeof SORT_FIELDS)[number]): number {
  if (sort === 'downloads') return box.downloads;
  return Date.parse(sort === 'created' ? box.createdAt : box.updatedAt);
}

export function addUserRoutes(routes: Routes, { state, addresses }: FakeContext): void {
  routes.route('GET', `${API}/user/:username`, (req, res) => {
    const caller = identify(state, req);
    const account = state.accounts.get((req.params.username ?? '').toLowerCase());
    if (account === undefined) fail(404, `user ${req.params.username} not found`);
    const boxes = state.boxes
      .filter((box) => box.username === account.username)
      .filter((box) => !box.private || state.administers(caller.username, box.username))
      .map((box) => boxToWire(addresses, box, undefined));
    res.json(200, accountToWire(account, boxes));
  });

  routes.route('GET', `${API}/search`, (req, res) => {
    const caller = identify(state, req);
    const q = req.query.get('q')?.toLowerCase() ?? '';
    const provider = req.query.get('provider') ?? '';
    const sort = req.query.get('sort') ?? 'downloads';
    const order = req.query.get('order') ?? 'desc';
    if (!(SORT_FIELDS as readonly string[]).includes(sort))
      fail(403, 'sort must be downloads, created or updated');
    if (order !== 'desc' && order !== 'asc') fail(403, 'order must be desc or asc');
    const limit = positiveInteger(req.query.get('limit'), 'limit', DEFAULT_LIMIT);
    if (limit > MAX_LIMIT) fail(403, `limit must be at most ${MAX_LIMIT}`);
    const page = positiveInteger(req.query.get('page'), 'page', 1);
    const field = sort as (typeof SORT_FIELDS)[number];
    const direction = order === 'asc' ? 1 : -1;
    const matches = state.boxes
      .filter((box) => !box.private || state.administers(caller.username, box.username))
      .filter(
        (box) =>
          q === '' ||
          [box.username, box.name, box.shortDescription ?? ''].some((text) => text.toLowerCase().includes(q)),
      )
      .filter(
        (box) =>
          provider === '' ||
          visibleVersions(state, caller, box).some((version) =>
            version.providers.some((candidate) => candidate.name === provider),
          ),
      )
      .sort(
        (a, b) =>
          direction * (sortKey(a, field) - sortKey(b, field)) ||
          `${a.username}/${a.name}`.localeCompare(`${b.username}/${b.name}`),
      );
    const boxes = matches
      .slice((page - 1) * limit, page * limit)
      .map((box) => boxToWire(addresses, box, undefined));
    res.json(200, { boxes });
  });
}
