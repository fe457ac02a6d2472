// POST/GET/DELETE /authenticate and POST /two-factor/request-code.
import { type Caller, identify, requireUser } from '../access.js';
import { API, type FakeContext, type Routes } from '../context.js';
import type { AccountRecord } from '../records.js';
import { fail } from '../reply.js';
import { optionalString, optionalWrapped, readBody, requiredString, wrapped } from '../request-fields.js';
import type { RegistryState } from '../state.js';
import { accountToWire } from '../wire.js';

/** Checks a login and password; the same 401 for an unknown login and a wrong password. */
function authenticate(state: RegistryState, login: string, password: string): AccountRecord {
  const account = state.findAccount(login);
  if (account === undefined || account.kind !== 'user' || account.password !== password) {
    fail(401, 'invalid login or password');
  }
  return account;
}

function requireToken(caller: Caller) {
  requireUser(caller);
  if (caller.token === undefined) fail(401, 'authentication required: send a token');
  return caller.token;
}

export function addAuthRoutes(routes: Routes, { state }: FakeContext): void {
  routes.route('POST', `${API}/authenticate`, (req, res) => {
    const body = readBody(req);
    const user = wrapped(body, 'user');
    const login = requiredString(user, 'login', 'user.login');
    const password = requiredString(user, 'password', 'user.password');
    const description = optionalString(optionalWrapped(body, 'token'), 'description', 'token.description');
    const code = optionalString(optionalWrapped(body, 'two_factor'), 'code', 'two_factor.code');
    const account = authenticate(state, login, password);
    if (account.twoFactor) {
      if (code === undefined)
        fail(401, 'two-factor authentication is enabled: a two_factor.code is required');
      if (!state.redeemCode(account, code)) fail(401, 'the two-factor code is invalid or expired');
    }
    const token = state.issueToken(account.username, description ?? null);
    res.json(201, {
      description: token.description,
      token: token.token,
      token_hash: token.tokenHash,
      created_at: token.createdAt,
    });
  });

  // The spec only says 200; HashiCorp's client reads the token's user from the answer, so it gets one.
  routes.route('GET', `${API}/authenticate`, (req, res) => {
    const token = requireToken(identify(state, req));
    const account = state.accounts.get(token.username.toLowerCase());
    if (account === undefined) fail(401, 'the token belongs to no user');
    const { boxes: _boxes, ...user } = accountToWire(account, []);
    res.json(200, { user });
  });

  routes.route('DELETE', `${API}/authenticate`, (req, res) => {
    const token = requireToken(identify(state, req));
    state.tokens.delete(token.token);
    res.empty(204);
  });

  routes.route('POST', `${API}/two-factor/request-code`, (req, res) => {
    const body = readBody(req);
    const method = requiredString(
      wrapped(body, 'two_factor'),
      'delivery_method',
      'two_factor.delivery_method',
    );
    if (method !== 'sms') fail(403, `delivery method ${method} is not supported; use sms`);
    const user = wrapped(body, 'user');
    const account = authenticate(
      state,
      requiredString(user, 'login', 'user.login'),
      requiredString(user, 'password', 'user.password'),
    );
    if (!account.twoFactor || account.phone === undefined) {
      fail(422, 'two-factor authentication is not enabled for this user');
    }
    const sent = state.sendCode(account, account.phone);
    res.json(200, {
      two_factor: { obfuscated_destination: `SMS number ending in ${sent.destination.slice(-4)}` },
    });
  });
}
