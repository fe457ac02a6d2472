// Type-level checks: tsc runs over this file, and vitest runs it too.
import { describe, expectTypeOf, it } from 'vitest';
import {
  type ApiPromise,
  type Box,
  type BoxDownload,
  type CreateBoxRequest,
  createRegistryClient,
  type iterateBoxes,
  type Paginator,
  type Provider,
  type RegistryClient,
  type RegistryCore,
  type readBox,
  type SearchOptions,
  type Token,
  type UploadResult,
  type User,
  type updateProvider,
  type Version,
} from '../src/index.js';

const client: RegistryClient = createRegistryClient({ baseUrl: 'https://registry.example' });

describe('types', () => {
  it('gives every method its payload type', () => {
    expectTypeOf(client.boxes.read).returns.toEqualTypeOf<ApiPromise<Box>>();
    expectTypeOf(client.versions.release).returns.toEqualTypeOf<ApiPromise<Version>>();
    expectTypeOf(client.providers.read).returns.toEqualTypeOf<ApiPromise<Provider>>();
    expectTypeOf(client.tokens.create).returns.toEqualTypeOf<ApiPromise<Token>>();
    expectTypeOf(client.tokens.validate).returns.toEqualTypeOf<ApiPromise<void>>();
    expectTypeOf(client.users.read).returns.toEqualTypeOf<ApiPromise<User>>();
    expectTypeOf(client.search.iterate).returns.toEqualTypeOf<Paginator<Box>>();
    expectTypeOf(client.uploads.upload).returns.toEqualTypeOf<ApiPromise<UploadResult>>();
    expectTypeOf(client.uploads.download).returns.toEqualTypeOf<ApiPromise<BoxDownload>>();
  });

  it('gives each method the parameters of its standalone function after the core', () => {
    type After<F> = F extends (core: RegistryCore, ...args: infer A) => unknown ? A : never;
    expectTypeOf(client.boxes.read).parameters.toEqualTypeOf<After<typeof readBox>>();
    expectTypeOf(client.providers.update).parameters.toEqualTypeOf<After<typeof updateProvider>>();
    expectTypeOf(client.search.iterate).parameters.toEqualTypeOf<After<typeof iterateBoxes>>();
  });

  it('takes requests flat, with the spec’s fields only', () => {
    expectTypeOf<CreateBoxRequest>().toHaveProperty('is_private').toEqualTypeOf<boolean | undefined>();
    // Never called: only the compiler looks at these.
    const misuses = () => [
      // @ts-expect-error: the wrapper is added by the client, never given
      client.boxes.create({ box: { name: 'x' } }),
      // @ts-expect-error: checksum types are the five the registry knows
      client.providers.create('a/b', '1', { name: 'v', checksum: 'ab', checksum_type: 'crc32' }),
      // @ts-expect-error: sort is downloads, created or updated
      client.search.boxes({ sort: 'name' }),
    ];
    expectTypeOf(misuses).toBeFunction();
    expectTypeOf<SearchOptions>().toHaveProperty('limit').toEqualTypeOf<number | undefined>();
    expectTypeOf<SearchOptions>().toHaveProperty('signal').toEqualTypeOf<AbortSignal | undefined>();
  });
});
