// Every options type's key set by the type's name, for code that builds on this client (a wrapper that
// checks its own options the same way) and for the tests that misspell every option of every function.
// Each operation imports only the set it checks, so a bundle carries only those.
import type { KeySets } from '@infra-sdk/core';
import { keepLoginOptionKeys } from './auth/keep-login.js';
import {
  engineListOptionKeys,
  engineRequestOptionKeys,
  listRequestOptionKeys,
  secretsRequestOptionKeys,
} from './call-options.js';
import { readYourWritesOptionKeys } from './consistency/read-your-writes.js';
import { secretsClientOptionKeys } from './core.js';
import { keepCredentialsOptionKeys, keepLeaseOptionKeys } from './keeper/keep-credentials.js';
import { keeperOptionKeys } from './keeper/types.js';
import { kvPatchOptionKeys, kvSubkeysOptionKeys } from './kv/patch.js';
import { kvReadOptionKeys, kvWriteOptionKeys } from './kv/secrets.js';
import { revokePrefixOptionKeys } from './leases/lookup-prefix.js';
import { renewLeaseOptionKeys } from './leases/renew-revoke.js';
import { secretDestinationsOptionKeys } from './sync/associations.js';
import { deleteDestinationOptionKeys } from './sync/destinations.js';
import { waitForSyncStatusOptionKeys } from './sync/wait-for-sync-status.js';
import { createTokenOptionKeys } from './token/create.js';
import { renewSelfOptionKeys } from './token/self.js';
import { unwrapOptionKeys } from './wrapping/unwrap.js';

/**
 * The keys of each options type of this client, by the type's name: what a call checks its options
 * against at run time (an unknown key is a RequestValidationError naming the nearest one, before
 * anything is sent). Give a list to core's `checkOptions` to check options of your own the same way.
 *
 * @example
 * ```ts
 * import { checkOptions } from '@infra-sdk/core';
 * import { secretsOptionKeys } from '@infra-sdk/secrets-client';
 *
 * checkOptions({ mount: 'kv2' }, secretsOptionKeys.EngineRequestOptions, 'read options'); // passes
 * try {
 *   checkOptions({ mont: 'kv2' }, secretsOptionKeys.EngineRequestOptions, 'read options');
 * } catch (error) {
 *   console.log((error as Error).message); // … mont: unknown option; did you mean `mount`?
 * }
 * ```
 */
export const secretsOptionKeys = {
  SecretsClientOptions: secretsClientOptionKeys,
  ReadYourWritesOptions: readYourWritesOptionKeys,
  SecretsRequestOptions: secretsRequestOptionKeys,
  EngineRequestOptions: engineRequestOptionKeys,
  ListRequestOptions: listRequestOptionKeys,
  EngineListOptions: engineListOptionKeys,
  LoginOptions: engineRequestOptionKeys,
  KvReadOptions: kvReadOptionKeys,
  KvWriteOptions: kvWriteOptionKeys,
  KvPatchOptions: kvPatchOptionKeys,
  KvSubkeysOptions: kvSubkeysOptionKeys,
  CreateTokenOptions: createTokenOptionKeys,
  RenewSelfOptions: renewSelfOptionKeys,
  RenewLeaseOptions: renewLeaseOptionKeys,
  RevokePrefixOptions: revokePrefixOptionKeys,
  DeleteDestinationOptions: deleteDestinationOptionKeys,
  SecretDestinationsOptions: secretDestinationsOptionKeys,
  UnwrapOptions: unwrapOptionKeys,
  WaitForSyncStatusOptions: waitForSyncStatusOptionKeys,
  KeeperOptions: keeperOptionKeys,
  KeepCredentialsOptions: keepCredentialsOptionKeys,
  KeepLeaseOptions: keepLeaseOptionKeys,
  KeepLoginOptions: keepLoginOptionKeys,
} as const satisfies Readonly<Record<string, KeySets>>;
