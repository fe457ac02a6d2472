import { describe, expect, it } from 'vitest';
import { RequestValidationError, UnauthorizedError, UnprocessableEntityError } from '../src/index.js';
import { isA, setup } from './support.js';

describe('tokens', () => {
  it('creates a token from a login and password, validates it, and deletes it', async () => {
    const { registry, anonymous, client } = await setup();
    const token = await anonymous.tokens.create({
      login: 'alice',
      password: 'alice-password',
      description: 'CI',
    });
    expect(token).toMatchObject({ description: 'CI' });
    expect(token.token_hash).toMatch(/^[0-9a-f]{128}$/);
    expect(Number.isNaN(Date.parse(token.created_at))).toBe(false);
    expect(JSON.parse(registry.requests.at(-1)?.body ?? '')).toEqual({
      token: { description: 'CI' },
      user: { login: 'alice', password: 'alice-password' },
    });

    const holder = client({ token: token.token });
    await expect(holder.tokens.validate()).resolves.toBeUndefined();
    const { meta } = await holder.tokens.delete().withMeta();
    expect(meta.status).toBe(204);
    expect(registry.hasToken(token.token)).toBe(false);
    await expect(holder.tokens.validate()).rejects.toSatisfy(isA(UnauthorizedError));
  });

  it('accepts the e-mail address as the login and leaves out what was not given', async () => {
    const { registry, anonymous } = await setup();
    const token = await anonymous.tokens.create({ login: 'alice@example.com', password: 'alice-password' });
    expect(token.description).toBeNull();
    expect(JSON.parse(registry.requests.at(-1)?.body ?? '')).toEqual({
      user: { login: 'alice@example.com', password: 'alice-password' },
    });
  });

  it('refuses a wrong password and a missing or unknown token with 401', async () => {
    const { anonymous, client } = await setup();
    const wrong = await anonymous.tokens
      .create({ login: 'alice', password: 'nope' })
      .catch((error: unknown) => error);
    expect(UnauthorizedError.isInstance(wrong)).toBe(true);
    expect(wrong).toMatchObject({ status: 401, errors: ['invalid login or password'] });
    await expect(anonymous.tokens.validate()).rejects.toSatisfy(isA(UnauthorizedError));
    await expect(anonymous.tokens.delete()).rejects.toSatisfy(isA(UnauthorizedError));
    await expect(client({ token: 'unknown-token' }).tokens.validate()).rejects.toSatisfy(
      isA(UnauthorizedError),
    );
  });

  it('checks the request before sending anything', async () => {
    const { registry, anonymous } = await setup();
    const invalid = [
      { login: 'alice' },
      { login: '', password: 'x' },
      { login: 'alice', password: 'x', code: '' },
      { login: 'alice', password: 'x', unknown: true },
      { login: 'alice', password: 'x', description: 5 },
    ];
    for (const request of invalid) {
      await expect(anonymous.tokens.create(request as never)).rejects.toBeInstanceOf(RequestValidationError);
    }
    const error = await anonymous.tokens
      .create({ login: 'alice' } as never)
      .catch((caught: unknown) => caught);
    expect((error as RequestValidationError).issues).toEqual([expect.objectContaining({ path: 'password' })]);
    expect(registry.requests).toHaveLength(0);
  });
});

describe('two-factor authentication', () => {
  const twoFactorUser = {
    username: 'carol',
    password: 'carol-password',
    phone: '+1 555 123 7890',
    twoFactor: true,
  };

  it('needs a code sent by SMS to create a token, and each code works once', async () => {
    const { registry, anonymous } = await setup();
    registry.addUser(twoFactorUser);

    const without = await anonymous.tokens
      .create({ login: 'carol', password: 'carol-password' })
      .catch((error: unknown) => error);
    expect(UnauthorizedError.isInstance(without)).toBe(true);
    expect((without as UnauthorizedError).errors[0]).toMatch(/two_factor.code is required/);

    const sent = await anonymous.twoFactor.requestCode({ login: 'carol', password: 'carol-password' });
    expect(sent).toEqual({ two_factor: { obfuscated_destination: 'SMS number ending in 7890' } });
    expect(JSON.parse(registry.requests.at(-1)?.body ?? '')).toEqual({
      two_factor: { delivery_method: 'sms' },
      user: { login: 'carol', password: 'carol-password' },
    });
    expect(registry.outbox).toHaveLength(1);
    expect(registry.outbox[0]).toMatchObject({ username: 'carol', destination: '+1 555 123 7890' });
    const code = registry.lastCode('carol');
    expect(code).toMatch(/^\d{6}$/);

    const wrongCode = code === '000000' ? '111111' : '000000';
    await expect(
      anonymous.tokens.create({ login: 'carol', password: 'carol-password', code: wrongCode }),
    ).rejects.toSatisfy(isA(UnauthorizedError));

    const token = await anonymous.tokens.create({
      login: 'carol',
      password: 'carol-password',
      code: code ?? '',
    });
    expect(registry.hasToken(token.token)).toBe(true);
    expect(JSON.parse(registry.requests.at(-1)?.body ?? '')).toMatchObject({ two_factor: { code } });

    await expect(
      anonymous.tokens.create({ login: 'carol', password: 'carol-password', code: code ?? '' }),
    ).rejects.toSatisfy(isA(UnauthorizedError));
  });

  it('refuses a code request for a user without two-factor authentication, or with a wrong password', async () => {
    const { anonymous } = await setup();
    await expect(
      anonymous.twoFactor.requestCode({ login: 'alice', password: 'alice-password' }),
    ).rejects.toSatisfy(isA(UnprocessableEntityError));
    await expect(anonymous.twoFactor.requestCode({ login: 'alice', password: 'nope' })).rejects.toSatisfy(
      isA(UnauthorizedError),
    );
  });

  it('accepts only the sms delivery method, checked before sending', async () => {
    const { registry, anonymous } = await setup();
    await expect(
      anonymous.twoFactor.requestCode({ login: 'alice', password: 'x', delivery_method: 'email' as never }),
    ).rejects.toBeInstanceOf(RequestValidationError);
    await expect(anonymous.twoFactor.requestCode({ login: '', password: 'x' })).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    expect(registry.requests).toHaveLength(0);
  });

  it('lets the fake refuse a delivery method other than sms with 403', async () => {
    const { anonymous } = await setup();
    const error = await anonymous
      .request({
        method: 'POST',
        path: '/two-factor/request-code',
        body: {
          two_factor: { delivery_method: 'pigeon' },
          user: { login: 'alice', password: 'alice-password' },
        },
      })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      status: 403,
      errors: ['delivery method pigeon is not supported; use sms'],
    });
  });
});
