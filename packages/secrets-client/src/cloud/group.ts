// The `cloud` group of the client, built from the standalone operations.
import type { SecretsCore } from '../core.js';
import { readHelp } from '../help.js';
import type { EngineListOptions, EngineRequestOptions } from '../options.js';
import { mountOf } from '../send.js';
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

/** Builds `client.cloud`. */
export function cloudGroup(core: SecretsCore) {
  return {
    /** Help text and OpenAPI document of the engine's mount. */
    help: (options?: EngineRequestOptions) =>
      readHelp(core, `/${mountOf(core.cloudMount, options)}`, options),
    config: {
      write: (config: CloudConfigInput, options?: EngineRequestOptions) =>
        writeCloudConfig(core, config, options),
      read: (options?: EngineRequestOptions) => readCloudConfig(core, options),
      rotateRoot: (options?: EngineRequestOptions) => rotateCloudRoot(core, options),
    },
    rolesets: {
      write: (name: string, roleset: RolesetInput, options?: EngineRequestOptions) =>
        writeRoleset(core, name, roleset, options),
      read: (name: string, options?: EngineRequestOptions) => readRoleset(core, name, options),
      list: (options?: EngineListOptions) => listRolesets(core, options),
      delete: (name: string, options?: EngineRequestOptions) => deleteRoleset(core, name, options),
      rotate: (name: string, options?: EngineRequestOptions) => rotateRoleset(core, name, options),
      rotateKey: (name: string, options?: EngineRequestOptions) => rotateRolesetKey(core, name, options),
      token: (name: string, options?: EngineRequestOptions) => generateRolesetToken(core, name, options),
      key: (name: string, key?: KeyRequestInput, options?: EngineRequestOptions) =>
        generateRolesetKey(core, name, key, options),
      /** @deprecated The service's old alias path; use `token`. */
      tokenByAlias: (name: string, options?: EngineRequestOptions) =>
        generateRolesetTokenByAlias(core, name, options),
      /** @deprecated The service's old alias path; use `key`. */
      keyByAlias: (name: string, key?: KeyRequestInput, options?: EngineRequestOptions) =>
        generateRolesetKeyByAlias(core, name, key, options),
    },
    staticAccounts: {
      write: (name: string, account: StaticAccountInput, options?: EngineRequestOptions) =>
        writeStaticAccount(core, name, account, options),
      read: (name: string, options?: EngineRequestOptions) => readStaticAccount(core, name, options),
      list: (options?: EngineListOptions) => listStaticAccounts(core, options),
      delete: (name: string, options?: EngineRequestOptions) => deleteStaticAccount(core, name, options),
      rotateKey: (name: string, options?: EngineRequestOptions) =>
        rotateStaticAccountKey(core, name, options),
      token: (name: string, options?: EngineRequestOptions) =>
        generateStaticAccountToken(core, name, options),
      key: (name: string, key?: KeyRequestInput, options?: EngineRequestOptions) =>
        generateStaticAccountKey(core, name, key, options),
    },
    impersonatedAccounts: {
      write: (name: string, account: ImpersonatedAccountInput, options?: EngineRequestOptions) =>
        writeImpersonatedAccount(core, name, account, options),
      read: (name: string, options?: EngineRequestOptions) => readImpersonatedAccount(core, name, options),
      list: (options?: EngineListOptions) => listImpersonatedAccounts(core, options),
      delete: (name: string, options?: EngineRequestOptions) =>
        deleteImpersonatedAccount(core, name, options),
      token: (name: string, options?: EngineRequestOptions) =>
        generateImpersonatedAccountToken(core, name, options),
    },
  };
}
