// The `cloud` group of the client, built from the standalone operations.
import type { SecretsCore } from '../core.js';
import { readMountHelp } from '../help.js';
import type { EngineListOptions, EngineRequestOptions } from '../options.js';
import { readCloudConfig, rotateCloudRoot, writeCloudConfig } from './config.js';
import {
  deleteImpersonatedAccount,
  generateImpersonatedAccountToken,
  listImpersonatedAccounts,
  readImpersonatedAccount,
  writeImpersonatedAccount,
} from './impersonated-accounts.js';
import {
  deleteRoleset,
  generateRolesetKey,
  generateRolesetKeyByAlias,
  generateRolesetToken,
  generateRolesetTokenByAlias,
  listRolesets,
  readRoleset,
  rotateRoleset,
  rotateRolesetKey,
  writeRoleset,
} from './rolesets.js';
import type {
  CloudConfigInput,
  ImpersonatedAccountInput,
  KeyRequestInput,
  RolesetInput,
  StaticAccountInput,
} from './schemas.js';
import {
  deleteStaticAccount,
  generateStaticAccountKey,
  generateStaticAccountToken,
  listStaticAccounts,
  readStaticAccount,
  rotateStaticAccountKey,
  writeStaticAccount,
} from './static-accounts.js';

/** `client.cloud`: the cloud-credentials engine, each operation bound to the client's core. */
export interface CloudGroup extends ReturnType<typeof cloudGroup> {}

/** Builds `client.cloud`. */
export function cloudGroup(core: SecretsCore) {
  return {
    /** Help text and OpenAPI document of the engine's mount. */
    help: (options?: EngineRequestOptions) => readMountHelp(core, core.cloudMount, options),
    /** The engine configuration. */
    config: {
      /** Calls {@link writeCloudConfig} with this client's core: POST /v1/{cloud_mount}/config. */
      write: (config: CloudConfigInput, options?: EngineRequestOptions) =>
        writeCloudConfig(core, config, options),
      /** Calls {@link readCloudConfig} with this client's core: GET /v1/{cloud_mount}/config. */
      read: (options?: EngineRequestOptions) => readCloudConfig(core, options),
      /** Calls {@link rotateCloudRoot} with this client's core: POST /v1/{cloud_mount}/config/rotate-root. */
      rotateRoot: (options?: EngineRequestOptions) => rotateCloudRoot(core, options),
    },
    /** Rolesets: service accounts the engine creates and owns, with their bindings. */
    rolesets: {
      /** Calls {@link writeRoleset} with this client's core: POST /v1/{cloud_mount}/roleset/:name. */
      write: (name: string, roleset: RolesetInput, options?: EngineRequestOptions) =>
        writeRoleset(core, name, roleset, options),
      /** Calls {@link readRoleset} with this client's core: GET /v1/{cloud_mount}/roleset/:name. */
      read: (name: string, options?: EngineRequestOptions) => readRoleset(core, name, options),
      /** Calls {@link listRolesets} with this client's core: LIST /v1/{cloud_mount}/rolesets. */
      list: (options?: EngineListOptions) => listRolesets(core, options),
      /** Calls {@link deleteRoleset} with this client's core: DELETE /v1/{cloud_mount}/roleset/:name. */
      delete: (name: string, options?: EngineRequestOptions) => deleteRoleset(core, name, options),
      /** Calls {@link rotateRoleset} with this client's core: POST /v1/{cloud_mount}/roleset/:name/rotate. */
      rotate: (name: string, options?: EngineRequestOptions) => rotateRoleset(core, name, options),
      /** Calls {@link rotateRolesetKey} with this client's core: POST /v1/{cloud_mount}/roleset/:name/rotate-key. */
      rotateKey: (name: string, options?: EngineRequestOptions) => rotateRolesetKey(core, name, options),
      /** Calls {@link generateRolesetToken} with this client's core: GET /v1/{cloud_mount}/roleset/:roleset/token. */
      token: (name: string, options?: EngineRequestOptions) => generateRolesetToken(core, name, options),
      /** Calls {@link generateRolesetKey} with this client's core: GET or POST /v1/{cloud_mount}/roleset/:roleset/key. */
      key: (name: string, key?: KeyRequestInput, options?: EngineRequestOptions) =>
        generateRolesetKey(core, name, key, options),
      /** @deprecated The service's old alias path; use `token`. */
      tokenByAlias: (name: string, options?: EngineRequestOptions) =>
        generateRolesetTokenByAlias(core, name, options),
      /** @deprecated The service's old alias path; use `key`. */
      keyByAlias: (name: string, key?: KeyRequestInput, options?: EngineRequestOptions) =>
        generateRolesetKeyByAlias(core, name, key, options),
    },
    /** Static accounts: existing service accounts the engine manages. */
    staticAccounts: {
      /** Calls {@link writeStaticAccount} with this client's core: POST /v1/{cloud_mount}/static-account/:name. */
      write: (name: string, account: StaticAccountInput, options?: EngineRequestOptions) =>
        writeStaticAccount(core, name, account, options),
      /** Calls {@link readStaticAccount} with this client's core: GET /v1/{cloud_mount}/static-account/:name. */
      read: (name: string, options?: EngineRequestOptions) => readStaticAccount(core, name, options),
      /** Calls {@link listStaticAccounts} with this client's core: LIST /v1/{cloud_mount}/static-accounts. */
      list: (options?: EngineListOptions) => listStaticAccounts(core, options),
      /** Calls {@link deleteStaticAccount} with this client's core: DELETE /v1/{cloud_mount}/static-account/:name. */
      delete: (name: string, options?: EngineRequestOptions) => deleteStaticAccount(core, name, options),
      /** Calls {@link rotateStaticAccountKey} with this client's core: POST /v1/{cloud_mount}/static-account/:name/rotate-key. */
      rotateKey: (name: string, options?: EngineRequestOptions) =>
        rotateStaticAccountKey(core, name, options),
      /** Calls {@link generateStaticAccountToken} with this client's core: GET /v1/{cloud_mount}/static-account/:name/token. */
      token: (name: string, options?: EngineRequestOptions) =>
        generateStaticAccountToken(core, name, options),
      /** Calls {@link generateStaticAccountKey} with this client's core: GET or POST /v1/{cloud_mount}/static-account/:name/key. */
      key: (name: string, key?: KeyRequestInput, options?: EngineRequestOptions) =>
        generateStaticAccountKey(core, name, key, options),
    },
    /** Impersonated accounts: existing service accounts whose tokens the engine generates by impersonation. */
    impersonatedAccounts: {
      /** Calls {@link writeImpersonatedAccount} with this client's core: POST /v1/{cloud_mount}/impersonated-account/:name. */
      write: (name: string, account: ImpersonatedAccountInput, options?: EngineRequestOptions) =>
        writeImpersonatedAccount(core, name, account, options),
      /** Calls {@link readImpersonatedAccount} with this client's core: GET /v1/{cloud_mount}/impersonated-account/:name. */
      read: (name: string, options?: EngineRequestOptions) => readImpersonatedAccount(core, name, options),
      /** Calls {@link listImpersonatedAccounts} with this client's core: LIST /v1/{cloud_mount}/impersonated-accounts. */
      list: (options?: EngineListOptions) => listImpersonatedAccounts(core, options),
      /** Calls {@link deleteImpersonatedAccount} with this client's core: DELETE /v1/{cloud_mount}/impersonated-account/:name. */
      delete: (name: string, options?: EngineRequestOptions) =>
        deleteImpersonatedAccount(core, name, options),
      /** Calls {@link generateImpersonatedAccountToken} with this client's core: GET /v1/{cloud_mount}/impersonated-account/:name/token. */
      token: (name: string, options?: EngineRequestOptions) =>
        generateImpersonatedAccountToken(core, name, options),
    },
  };
}
