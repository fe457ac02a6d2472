// Who is calling, and what they may see: private boxes are invisible (404) to others, managing a box
// needs its owner or a member of the owning organization (401 otherwise), and a box whose owner is
// behind on billing answers 402.
import type { TestRequest } from '@infra-sdk/core/testing';
import type { BoxRecord, ProviderRecord, TokenRecord, VersionRecord } from './records.js';
import { fail } from './reply.js';
import { findProvider, findVersion, type RegistryState } from './state.js';

/** The caller of one request. */
export interface Caller {
  readonly username: string | undefined;
  readonly token: TokenRecord | undefined;
}

/** The token of a request, in whichever of the three forms it came. */
export function presentedToken(req: TestRequest): string | undefined {
  const authorization = req.header('authorization');
  if (authorization !== undefined) {
    const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
    return match?.[1];
  }
  return req.header('x-registry-token') ?? req.query.get('access_token') ?? undefined;
}

/** Identifies the caller; a token the registry does not know is a 401. */
export function identify(state: RegistryState, req: TestRequest): Caller {
  const token = presentedToken(req);
  if (token === undefined) return { username: undefined, token: undefined };
  const record = state.tokens.get(token);
  if (record === undefined) fail(401, 'the token is invalid or was deleted');
  return { username: record.username, token: record };
}

/** The caller's username; anonymous callers get a 401. */
export function requireUser(caller: Caller): string {
  if (caller.username === undefined) fail(401, 'authentication required: send a token');
  return caller.username;
}

function refuseDelinquent(state: RegistryState, box: BoxRecord): void {
  if (state.accounts.get(box.username.toLowerCase())?.delinquent) {
    fail(402, `${box.username} is delinquent on billing; contact the owner`);
  }
}

/** A box the caller may see. */
export function visibleBox(state: RegistryState, caller: Caller, username: string, name: string): BoxRecord {
  const box = state.findBox(username, name);
  if (box === undefined || (box.private && !state.administers(caller.username, box.username))) {
    fail(404, `box ${username}/${name} not found`);
  }
  refuseDelinquent(state, box);
  return box;
}

/** A box the caller may change. */
export function managedBox(state: RegistryState, caller: Caller, username: string, name: string): BoxRecord {
  const box = visibleBox(state, caller, username, name);
  const user = requireUser(caller);
  if (!state.administers(user, box.username))
    fail(401, `${user} is not authorized to change ${username}/${name}`);
  return box;
}

/** The versions of a box the caller may see: all of them for its managers, the released ones for others. */
export function visibleVersions(state: RegistryState, caller: Caller, box: BoxRecord): VersionRecord[] {
  return state.administers(caller.username, box.username)
    ? box.versions
    : box.versions.filter((version) => version.status === 'active');
}

/** A version the caller may see. */
export function visibleVersion(
  state: RegistryState,
  caller: Caller,
  box: BoxRecord,
  number: string,
): VersionRecord {
  const version = findVersion(box, number);
  if (version === undefined || !visibleVersions(state, caller, box).includes(version)) {
    fail(404, `version ${number} of ${box.username}/${box.name} not found`);
  }
  return version;
}

/** A provider of a version. */
export function existingProvider(
  box: BoxRecord,
  version: VersionRecord,
  name: string,
  architecture?: string,
): ProviderRecord {
  const provider = findProvider(version, name, architecture);
  if (provider === undefined) {
    const which = architecture === undefined ? name : `${name} (${architecture})`;
    fail(404, `provider ${which} of ${box.username}/${box.name} version ${version.version} not found`);
  }
  return provider;
}
