// Paging and filtering of the fake's lists, as the service does them: `filter` (an expression over each
// item as answered), `per_page` and `next_token` (the position of the first item of the next page,
// answered in `X-Scheduler-NextToken`), and `reverse`.
import type { TestRequest } from '@infra-sdk/core/testing';
import { badRequest } from './fault.js';
import { compileFilter } from './filter-expression.js';
import { flag } from './http.js';

/** Where an item sits in a list: a number (a create index, or 0 when unused) and a text (its id). */
export type Position = readonly [number, string];

function compare(a: Position, b: Position): number {
  return a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);
}

/**
 * How a list orders its items: by `numbered` (`<number>.<text>` tokens, e.g. a create index and an id)
 * or by text alone (the token is the text).
 */
export interface Ordering<T> {
  readonly position: (item: T) => Position;
  readonly numbered: boolean;
}

function tokenOf(position: Position, numbered: boolean): string {
  return numbered ? `${position[0]}.${position[1]}` : position[1];
}

function parseToken(token: string, numbered: boolean): Position {
  if (!numbered) return [0, token];
  const match = /^(\d+)\.(.+)$/.exec(token);
  if (match === null) throw badRequest(`invalid next_token "${token}"`);
  return [Number(match[1]), match[2] ?? ''];
}

/** The list's paging options, checked before the list waits or reads anything. */
export function pagingOf(req: TestRequest): {
  readonly perPage: number;
  readonly filter: ((item: unknown) => boolean) | undefined;
  readonly reverse: boolean;
} {
  const perPageText = req.query.get('per_page') ?? '';
  const perPage = perPageText === '' ? 0 : Number(perPageText);
  if (!Number.isInteger(perPage) || perPage < 0) throw badRequest('per_page must be a non-negative integer');
  const filterText = req.query.get('filter') ?? '';
  return {
    perPage,
    filter: filterText === '' ? undefined : compileFilter(filterText),
    reverse: flag(req, 'reverse'),
  };
}

/**
 * One page of `items` (the whole list as answered): ordered, filtered, cut at `next_token` and
 * `per_page`, with the headers that name the next page.
 */
export function pageOf<T>(
  req: TestRequest,
  items: readonly T[],
  ordering: Ordering<T>,
): { readonly page: T[]; readonly headers: Record<string, string> } {
  const { perPage, filter, reverse } = pagingOf(req);
  let list = [...items].sort((a, b) => compare(ordering.position(a), ordering.position(b)));
  if (reverse) list.reverse();
  if (filter) list = list.filter(filter);
  const headers: Record<string, string> = {};
  if (perPage === 0) return { page: list, headers };
  const token = req.query.get('next_token') ?? '';
  let start = 0;
  if (token !== '') {
    // A token names a position, not an item: when its item left the list (stopped, filtered out,
    // garbage collected), the page starts at the next one after where it was.
    const at = parseToken(token, ordering.numbered);
    const direction = reverse ? -1 : 1;
    start = list.findIndex((item) => compare(ordering.position(item), at) * direction >= 0);
    if (start === -1) start = list.length;
  }
  const next = list[start + perPage];
  if (next !== undefined)
    headers['X-Scheduler-NextToken'] = tokenOf(ordering.position(next), ordering.numbered);
  return { page: list.slice(start, start + perPage), headers };
}
