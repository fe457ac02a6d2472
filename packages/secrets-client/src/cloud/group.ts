// The `cloud` group of the client, built from the standalone operations.
import { bindOperation, bindOperations } from '@infra-sdk/core';
import type { SecretsCore } from '../core.js';
import { readCloudHelp } from '../help.js';
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
  generateRolesetToken,
  listRolesets,
  readRoleset,
  rotateRoleset,
  rotateRolesetKey,
  writeRoleset,
} from './rolesets.js';
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
export interface CloudGroup extends ReturnType<typeof buildCloudGroup> {}

/** Builds `client.cloud`. */
export function cloudGroup(core: SecretsCore): CloudGroup {
  return buildCloudGroup(core);
}

// The group's members, nested groups included; the builder above gives them the group's name.
function buildCloudGroup(core: SecretsCore) {
  return {
    help: bindOperation(core, readCloudHelp),
    /** The engine configuration. */
    config: bindOperations(core, {
      write: writeCloudConfig,
      read: readCloudConfig,
      rotateRoot: rotateCloudRoot,
    }),
    /** Rolesets: service accounts the engine creates and owns, with their bindings. */
    rolesets: bindOperations(core, {
      write: writeRoleset,
      read: readRoleset,
      list: listRolesets,
      delete: deleteRoleset,
      rotate: rotateRoleset,
      rotateKey: rotateRolesetKey,
      token: generateRolesetToken,
      key: generateRolesetKey,
    }),
    /** Static accounts: existing service accounts the engine manages. */
    staticAccounts: bindOperations(core, {
      write: writeStaticAccount,
      read: readStaticAccount,
      list: listStaticAccounts,
      delete: deleteStaticAccount,
      rotateKey: rotateStaticAccountKey,
      token: generateStaticAccountToken,
      key: generateStaticAccountKey,
    }),
    /** Impersonated accounts: existing service accounts whose tokens the engine generates by impersonation. */
    impersonatedAccounts: bindOperations(core, {
      write: writeImpersonatedAccount,
      read: readImpersonatedAccount,
      list: listImpersonatedAccounts,
      delete: deleteImpersonatedAccount,
      token: generateImpersonatedAccountToken,
    }),
  };
}
