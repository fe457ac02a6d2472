// The `search` group of the client, built from the standalone operations.
import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { RegistryCore } from '../core.js';
import { iterateBoxes } from './iterate-boxes.js';
import { searchBoxes } from './search-boxes.js';

/** The operations of `client.search`: one page of boxes, or every page. */
export const searchOperations = {
  /**
   * `GET /api/v1/search`: one page of the boxes the caller may see that match the query. See
   * {@link searchBoxes}; `search.iterate` reads every page.
   *
   * Options: `q` matches username, name or short description; `provider` keeps boxes with that provider;
   * `sort` (`downloads`, `created`, `updated`) and `order` (`desc`, `asc`); `limit` (1 to 100, the
   * registry's default 10) and `page` (from 1); the request options (`signal`, `timeout`, ...) beside them.
   *
   * @example
   * ```ts
   * await registry.boxes.create({ username: 'myorg', name: 'ubuntu-tools', is_private: false });
   * const { boxes } = await registry.search.boxes({ q: 'ubuntu', provider: 'virtualbox', limit: 20 });
   * console.log(boxes.length); // 0: no version of it has a virtualbox provider yet
   * ```
   * @throws {RequestValidationError} before sending, when `limit` is over 100 or below 1, `page` below 1, `sort`
   *   or `order` not one of their values, or a field is unknown.
   * @throws {DisallowedUseError} when the registry refuses a parameter; its `errors` say why.
   * @throws {UnauthorizedError} when the client's token is not one the registry knows.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  boxes: searchBoxes,
  /**
   * `GET /api/v1/search`, page after page: every box the caller may see that matches the query, as an
   * `AsyncIterable` (a `Paginator`). See {@link iterateBoxes}.
   *
   * Options: those of `searchBoxes` (`q`, `provider`, `sort`, `order`, `limit`, `page` to start at,
   * default 1), and `signal`. The next page is requested while you work through the current one; it
   * stops after the first page with fewer than `limit` boxes, and leaving the loop (or aborting `signal`)
   * aborts the request in flight. `pages()` gives whole pages, `toArray()` collects every box. Errors
   * come from the loop (or `toArray()`), at the page that failed.
   *
   * @example
   * ```ts
   * await registry.boxes.create({ username: 'myorg', name: 'ubuntu-tools' });
   * for await (const box of registry.search.iterate({ q: 'ubuntu', limit: 100 })) console.log(box.tag);
   * const all = await registry.search.iterate({ q: 'ubuntu' }).toArray();
   * console.log(all.length); // 1
   * ```
   * @throws {RequestValidationError} when the query breaks its rules (as `searchBoxes`), at the first page.
   * @throws {DisallowedUseError} when the registry refuses a parameter.
   * @throws {UnauthorizedError} when the client's token is not one the registry knows.
   * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
   */
  iterate: iterateBoxes,
} as const;

/** `client.search`: each search operation bound to the client's core. */
export interface SearchGroup extends BoundGroup<RegistryCore, typeof searchOperations> {}

/** Builds `client.search`. */
export function searchGroup(core: RegistryCore): SearchGroup {
  return bindOperations(core, searchOperations);
}
