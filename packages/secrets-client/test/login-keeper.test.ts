// The login keeper against the fake over HTTP, both on one test clock: a service logged in with AppRole
// stays logged in across ten maximum lives of its token, each new login with a fresh secret id. The
// measure is the service's own record: at the moment each request leaves, its token must be live in
// the fake; and each new token must reach the caller before the old one is revoked.
import { inspect } from 'node:util';
import { createTestClock } from '@infra-sdk/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestError, createSecretsClient, type KeeperEvent, keepLogin } from '../src/index.js';
import { type FakeSecrets, startFakeSecrets } from '../src/testing/index.js';
import { clientOf, rejectionOf, runUntilSettled } from './support.js';

const TTL_SECONDS = 100;
const MAX_TTL_SECONDS = 300;
const LIVES = 10;

const clock = createTestClock();
let fake: FakeSecrets;
let roleId: string;
beforeAll(async () => {
  fake = await startFakeSecrets({ clock });
  roleId = fake.approle().addRole('app', { ttl: TTL_SECONDS, maxTtl: MAX_TTL_SECONDS });
});
afterAll(() => fake.close());

/** A fetch the clock waits for, which records every token that leaves while the fake no longer has it. */
function checkedFetch(deadTokens: string[]): typeof fetch {
  const base = clock.fetch();
  return (input, init) => {
    const token = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)).get(
      'x-secrets-token',
    );
    if (token !== null && fake.token(token) === undefined) deadTokens.push(token);
    return base(input, init);
  };
}

describe('a service kept logged in with AppRole', () => {
  it(`crosses ${LIVES} maximum lives of its token: no request with a token the service no longer has, each new token seen before the old one is revoked`, async () => {
    const deadTokens: string[] = [];
    const fetch = checkedFetch(deadTokens);
    const log: string[] = [];
    const events: KeeperEvent[] = [];
    const secretIds: string[] = [];
    // One client: its token is the session's; its logins send none.
    const app = createSecretsClient({ baseUrl: fake.url, token: () => session.token(), fetch, retry: false });
    const session = app.auth.keepLogin(
      ({ signal }) => {
        // Fresh credentials each time, as a file rewritten by the deployment would hold: one use each.
        const secretId = fake.approle().secretId('app', 1);
        secretIds.push(secretId);
        return app.auth.loginAppRole({ role_id: roleId, secret_id: secretId }, { signal });
      },
      {
        clock,
        revokeAfterMs: 5_000,
        revokeOnStop: true,
        onCredential: (credential) => {
          log.push(`seen ${credential.generation}`);
        },
        onEvent: (event) => {
          events.push(event);
          if (event.type === 'revoked') log.push(`revoked ${event.generation}`);
        },
      },
    );
    const tokens = new Set<string>();
    const first = await runUntilSettled(clock, session.ready);
    expect(first.data.lease_duration).toBe(TTL_SECONDS);
    // The application works all along: a call every minute of the clock, each with the token of the moment.
    while ((session.current?.generation ?? 0) <= LIVES) {
      const tick = clock.sleep(60_000);
      let ticked = false;
      void tick.then(() => {
        ticked = true;
      });
      await clock.runUntil(() => ticked, { maxSteps: 200 });
      const info = await app.token.lookupSelf();
      expect(info.ttl).toBeGreaterThan(0);
      tokens.add(info.accessor);
    }
    // Let the last replaced token's grace run out.
    await clock.advance(6_000);
    const end = await session.stop();
    expect(end.reason).toBe('stopped');
    expect(deadTokens).toEqual([]);
    expect(events.filter((event) => event.type === 'error' || event.type === 'retry')).toEqual([]);
    expect(events.filter((event) => event.type === 'max-ttl').length).toBeGreaterThanOrEqual(LIVES);
    expect(end.generation).toBeGreaterThan(LIVES);
    expect(tokens.size).toBeGreaterThan(LIVES);
    expect(new Set(secretIds).size).toBe(end.generation);
    // Each token was revoked only once its successor had been handed over; the last one on stop.
    for (let generation = 1; generation <= end.generation; generation += 1) {
      const revoked = log.indexOf(`revoked ${generation}`);
      expect(revoked, `generation ${generation} revoked`).toBeGreaterThan(-1);
      if (generation < end.generation) expect(log.indexOf(`seen ${generation + 1}`)).toBeLessThan(revoked);
    }
    const revokes = fake.requests.filter((request) => request.path === '/v1/auth/token/revoke-self');
    expect(revokes.length).toBe(end.generation);
    expect(session.current && fake.token(session.current.data.client_token)).toBeUndefined();
    // Tokens and secret ids stay out of events and descriptions.
    const said = `${JSON.stringify(events)} ${inspect(session)} ${JSON.stringify(session)} ${inspect(app)}`;
    for (const secret of [...secretIds, session.current?.data.client_token ?? 'missing']) {
      expect(said).not.toContain(secret);
    }
  });

  it('replaces a token that cannot be renewed where it would have renewed it, and renews a periodic one for ever', async () => {
    const fixed = fake
      .approle()
      .addRole('fixed', { ttl: TTL_SECONDS, renewable: false, bindSecretId: false });
    const periodic = fake.approle().addRole('periodic', { period: TTL_SECONDS, bindSecretId: false });
    const deadTokens: string[] = [];
    const login = clientOf(fake, { token: undefined, fetch: checkedFetch(deadTokens) });
    const keep = (role: string) =>
      keepLogin(login.core, ({ signal }) => login.auth.loginAppRole({ role_id: role }, { signal }), {
        clock,
        revokeAfterMs: 0,
      });
    await using once = keep(fixed);
    await using forever = keep(periodic);
    await clock.runUntil(
      () => (once.current?.generation ?? 0) >= 3 && (forever.current?.renewals ?? 0) >= 3,
      { maxSteps: 500 },
    );
    // Each replacement went out before the token it replaced ran out; the periodic one is never replaced.
    expect(deadTokens).toEqual([]);
    expect(once.current?.renewals).toBe(0);
    expect(forever.current?.generation).toBe(1);
    expect(fake.token(forever.current?.data.client_token ?? '')).toBeDefined();
  });

  it('a login that fails ends the keeper and rejects its token', async () => {
    const login = clientOf(fake, { token: undefined, fetch: clock.fetch() });
    const session = keepLogin(
      login.core,
      ({ signal }) => login.auth.loginAppRole({ role_id: roleId, secret_id: 'wrong-secret-id' }, { signal }),
      { clock, maxFailures: 1 },
    );
    // A refused login is not retried: it fails without the clock moving.
    const failure = await rejectionOf(session.token());
    expect(BadRequestError.isInstance(failure)).toBe(true);
    expect((await session.done).reason).toBe('error');
    expect(JSON.stringify(await session.done)).not.toContain('wrong-secret-id');
  });
});
