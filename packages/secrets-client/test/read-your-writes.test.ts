// Reads that follow the client's own writes, over HTTP against the fake: each write answers its
// consistency index (`X-Secrets-Index`), the client keeps the newest and sends it with later reads,
// and a read the lagging node refuses with 412 is asked again after a back-off on the test clock,
// until the node catches up or the retries run out.
import { createTestClock } from '@infra-sdk/core/testing';
import { describe, expect, it, vi } from 'vitest';
import {
  AbortError,
  ApiError,
  BadRequestError,
  createSecretsClient,
  INDEX_HEADER,
  InconsistentReadError,
  readKvSecret,
  type SecretsClientOptions,
} from '../src/index.js';
import { startFakeSecrets } from '../src/testing/index.js';
import { clientOf, clockedClientOf, rejectionOf, runUntilSettled } from './support.js';

/** A fake and a client of it, both on one test clock; the fake's reading node lags by `lagMs`. */
async function lagging(lagMs: number, readYourWrites: SecretsClientOptions['readYourWrites'] = true) {
  const clock = createTestClock(Date.parse('2030-01-01T00:00:00Z'));
  const fake = await startFakeSecrets({ clock });
  fake.replication.lag(lagMs);
  const secrets = clockedClientOf(fake, clock, { clock, readYourWrites });
  return { clock, fake, secrets };
}

describe('the consistency index', () => {
  it('comes with each write; later reads of the client send the newest, writes and other clients none', async () => {
    await using fake = await startFakeSecrets();
    const secrets = clientOf(fake, { readYourWrites: true });
    const other = clientOf(fake);
    const last = () => fake.requests.at(-1);

    await rejectionOf(secrets.kv.read('app/db'));
    expect(last()?.headers['x-secrets-index']).toBeUndefined();
    const first = await secrets.kv.write('app/db', { password: 'one' }).withMeta();
    const index = first.meta.consistencyIndex ?? '';
    expect(atob(index)).toMatch(/^v1:[0-9a-f-]+:1:0:[0-9a-f]{64}$/);
    expect(first.meta.headers[INDEX_HEADER.toLowerCase()]).toBe(index);
    expect(fake.replication).toMatchObject({ index: 1, applied: 1 });

    const read = await secrets.kv.read('app/db').withMeta();
    expect(last()).toMatchObject({ method: 'GET', path: '/v1/secret/data/app/db' });
    expect(last()?.headers['x-secrets-index']).toBe(index);
    expect(read.meta.consistencyIndex).toBeUndefined();

    const second = await secrets.kv.write('app/db', { password: 'two' }).withMeta();
    expect(last()?.headers['x-secrets-index']).toBeUndefined();
    expect(atob(second.meta.consistencyIndex ?? '')).toMatch(/^v1:[0-9a-f-]+:2:0:/);
    // The newest only, on every read of the client: listings, standalone operations, raw requests.
    await secrets.kv.list('app');
    expect(last()).toMatchObject({
      method: 'LIST',
      headers: { 'x-secrets-index': second.meta.consistencyIndex },
    });
    await readKvSecret(secrets.core, 'app/db');
    expect(last()?.headers['x-secrets-index']).toBe(second.meta.consistencyIndex);
    await secrets.request({ method: 'GET', path: '/secret/metadata/app/db' });
    expect(last()?.headers['x-secrets-index']).toBe(second.meta.consistencyIndex);
    // An older index given to a call adds nothing: the state after the second write includes it.
    await secrets.kv.read('app/db', { consistencyIndex: index });
    expect(last()?.headers['x-secrets-index']).toBe(second.meta.consistencyIndex);

    // An index of another cluster is the service's to judge: the fake has no state of it to wait for.
    const foreign = btoa('v1:another-cluster:7:3:00');
    await secrets.kv.read('app/db', { consistencyIndex: foreign });
    expect(last()?.headers['x-secrets-index']).toBe(foreign);

    await other.kv.read('app/db');
    expect(last()?.headers['x-secrets-index']).toBeUndefined();
    // A refused write moves no index.
    await rejectionOf(secrets.kv.write('app/db', { a: 1 }, { cas: 1 }));
    expect(fake.replication.index).toBe(2);
    // An answer without a body (204) carries it too.
    const settled = await secrets.kv.writeMetadata('app/db', { max_versions: 3 }).withMeta();
    expect(settled.meta.status).toBe(204);
    expect(atob(settled.meta.consistencyIndex ?? '')).toMatch(/^v1:[0-9a-f-]+:3:0:/);
    await secrets.kv.read('app/db');
    expect(last()?.headers['x-secrets-index']).toBe(settled.meta.consistencyIndex);
  });

  it('is asked again after a 412 until the lagging node has caught up, by the clock', async () => {
    const { clock, fake, secrets } = await lagging(700);
    await using _fake = fake;
    const { meta: written } = await secrets.kv.write('app/db', { password: 'new' }).withMeta();
    expect(fake.replication).toMatchObject({ index: 1, applied: 0 });
    const before = fake.requests.length;

    const { data, meta } = await runUntilSettled(clock, secrets.kv.read('app/db').withMeta());
    expect(data.data).toEqual({ password: 'new' });
    const reads = fake.requests.slice(before);
    // Back-off from 100 ms, doubled, with jitter: 2 to 5 answers of 412 before 700 ms have passed.
    expect(reads.length).toBeGreaterThanOrEqual(3);
    expect(reads.length).toBeLessThanOrEqual(6);
    for (const read of reads) expect(read.headers['x-secrets-index']).toBe(written.consistencyIndex);
    expect(meta.attempts).toBe(reads.length);
    expect(meta.durationMs).toBeGreaterThanOrEqual(700);
    expect(fake.replication.applied).toBe(1);
  });

  it('fails with InconsistentReadError once the retries are spent, and reads again once caught up', async () => {
    const { clock, fake, secrets } = await lagging(3_600_000, { retries: 2, backoffMs: 1_000 });
    await using _fake = fake;
    const { meta: written } = await secrets.kv.write('app/db', { password: 'new' }).withMeta();
    const before = fake.requests.length;

    const error = await runUntilSettled(clock, rejectionOf(secrets.kv.read('app/db')));
    expect(InconsistentReadError.isInstance(error)).toBe(true);
    expect(ApiError.isInstance(error)).toBe(true);
    const refused = error as InconsistentReadError;
    expect(refused).toMatchObject({
      status: 412,
      attempts: 3,
      index: written.consistencyIndex,
      method: 'GET',
    });
    expect(refused.errors).toEqual(['required index state not present']);
    expect(refused.message).toContain('after 3 attempts');
    expect(refused.message).toContain("whenBehind: 'forward'");
    expect(fake.requests.length - before).toBe(3);

    fake.replication.catchUp();
    expect((await secrets.kv.read('app/db')).data).toEqual({ password: 'new' });
    expect(fake.requests.length - before).toBe(4);
  });

  it("whenBehind 'forward' has the read forwarded; 'fail' throws at the first 412", async () => {
    const forwarding = await lagging(3_600_000, { whenBehind: 'forward' });
    await using _forwarding = forwarding.fake;
    await forwarding.secrets.kv.write('app/db', { password: 'new' });
    expect(forwarding.fake.requests.at(-1)?.headers['x-secrets-inconsistent']).toBeUndefined();
    expect((await forwarding.secrets.kv.read('app/db')).data).toEqual({ password: 'new' });
    expect(forwarding.fake.requests.at(-1)?.headers['x-secrets-inconsistent']).toBe('forward-active-node');

    const failing = await lagging(3_600_000, { whenBehind: 'fail' });
    await using _failing = failing.fake;
    await failing.secrets.kv.write('app/db', { password: 'new' });
    const before = failing.fake.requests.length;
    const error = await rejectionOf(failing.secrets.kv.read('app/db'));
    expect(error).toMatchObject({ status: 412, attempts: 1 });
    expect(InconsistentReadError.isInstance(error)).toBe(true);
    expect(failing.fake.requests.length - before).toBe(1);
  });

  it("a call waits for an index it is given, another client's write, without readYourWrites", async () => {
    const { clock, fake, secrets: writer } = await lagging(500);
    await using _fake = fake;
    const reader = clockedClientOf(fake, clock, { clock });
    const { meta } = await writer.kv.write('shared/config', { mode: 'blue' }).withMeta();
    const before = fake.requests.length;

    // Without the index, the fake's one copy of the data answers at once.
    await reader.kv.read('shared/config');
    expect(fake.requests.at(-1)?.headers['x-secrets-index']).toBeUndefined();
    const waited = await runUntilSettled(
      clock,
      reader.kv.read('shared/config', { consistencyIndex: meta.consistencyIndex }).withMeta(),
    );
    expect(waited.data.data).toEqual({ mode: 'blue' });
    expect(waited.meta.attempts).toBeGreaterThan(1);
    expect(fake.requests.length - before).toBe(1 + waited.meta.attempts);
  });

  it('a 412 of a request without an index, or an index the service did not issue, is not retried', async () => {
    await using guarded = await startFakeSecrets({ requireRequestHeader: true });
    const secrets = clientOf(guarded, { readYourWrites: true, headers: { 'X-Secrets-Request': undefined } });
    const refused = await rejectionOf(secrets.kv.read('app/db'));
    expect(refused).toMatchObject({ status: 412 });
    expect(InconsistentReadError.isInstance(refused)).toBe(false);
    expect(guarded.requests.length).toBe(1);

    await using fake = await startFakeSecrets();
    const client = clientOf(fake, { readYourWrites: true });
    const { meta } = await client.kv.write('app/db', { a: 1 }).withMeta();
    const [version, cluster, , , hmac] = atob(meta.consistencyIndex ?? '').split(':');
    const before = fake.requests.length;
    for (const forged of ['not-an-index', btoa(`${version}:${cluster}:99:0:${hmac}`)]) {
      const error = await rejectionOf(client.kv.read('app/db', { consistencyIndex: forged }));
      expect(BadRequestError.isInstance(error)).toBe(true);
    }
    expect(fake.requests.length - before).toBe(2);
  });

  it('an abort during the back-off ends the read without another request', async () => {
    const { clock, fake, secrets } = await lagging(3_600_000);
    await using _fake = fake;
    await secrets.kv.write('app/db', { password: 'new' });
    const before = fake.requests.length;
    const controller = new AbortController();
    const reading = rejectionOf(secrets.kv.read('app/db', { signal: controller.signal }));
    await vi.waitFor(() => expect(clock.pending).toBe(1));
    controller.abort();
    expect(AbortError.isInstance(await reading)).toBe(true);
    expect(fake.requests.length - before).toBe(1);
  });

  it('refuses settings it cannot follow before anything is sent', () => {
    const baseUrl = 'http://127.0.0.1:1';
    const make = (readYourWrites: unknown) => () =>
      createSecretsClient({ baseUrl, readYourWrites: readYourWrites as never });
    for (const bad of [
      { whenBehind: 'wait' },
      { retries: -1 },
      { retries: 1.5 },
      { backoffMs: Number.NaN },
      'yes',
      null,
    ]) {
      expect(make(bad)).toThrow(
        /readYourWrites must be true, false or \{ whenBehind: "retry" \| "forward" \| "fail"/,
      );
    }
    expect(make(false)).not.toThrow();
    expect(make({ maxBackoffMs: 0, retries: 0 })).not.toThrow();
  });
});
