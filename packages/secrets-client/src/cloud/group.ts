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
export interface CloudGroup extends ReturnType<typeof cloudGroup> {}

/** Builds `client.cloud`. */
export function cloudGroup(core: SecretsCore) {
  return {
    /** GET /v1/{cloud_mount}?help=1 — help text and OpenAPI document of the engine's mount. */
    help: bindOperation(core, readCloudHelp),
    /** The engine configuration. */
    config: bindOperations(core, {
      /** POST /v1/{cloud_mount}/config — {@link writeCloudConfig} with this client's core. */
      write: writeCloudConfig,
      /** GET /v1/{cloud_mount}/config — {@link readCloudConfig} with this client's core. */
      read: readCloudConfig,
      /** POST /v1/{cloud_mount}/config/rotate-root — {@link rotateCloudRoot} with this client's core. */
      rotateRoot: rotateCloudRoot,
    }),
    /** Rolesets: service accounts the engine creates and owns, with their bindings. */
    rolesets: bindOperations(core, {
      /** POST /v1/{cloud_mount}/roleset/:name — {@link writeRoleset} with this client's core. */
      write: writeRoleset,
      /** GET /v1/{cloud_mount}/roleset/:name — {@link readRoleset} with this client's core. */
      read: readRoleset,
      /** LIST /v1/{cloud_mount}/rolesets — {@link listRolesets} with this client's core. */
      list: listRolesets,
      /** DELETE /v1/{cloud_mount}/roleset/:name — {@link deleteRoleset} with this client's core. */
      delete: deleteRoleset,
      /** POST /v1/{cloud_mount}/roleset/:name/rotate — {@link rotateRoleset} with this client's core. */
      rotate: rotateRoleset,
      /** POST /v1/{cloud_mount}/roleset/:name/rotate-key — {@link rotateRolesetKey} with this client's core. */
      rotateKey: rotateRolesetKey,
      /** GET /v1/{cloud_mount}/roleset/:roleset/token — {@link generateRolesetToken} with this client's core. */
      token: generateRolesetToken,
      /** GET or POST /v1/{cloud_mount}/roleset/:roleset/key — {@link generateRolesetKey} with this client's core. */
      key: generateRolesetKey,
    }),
    /** Static accounts: existing service accounts the engine manages. */
    staticAccounts: bindOperations(core, {
      /** POST /v1/{cloud_mount}/static-account/:name — {@link writeStaticAccount} with this client's core. */
      write: writeStaticAccount,
      /** GET /v1/{cloud_mount}/static-account/:name — {@link readStaticAccount} with this client's core. */
      read: readStaticAccount,
      /** LIST /v1/{cloud_mount}/static-accounts — {@link listStaticAccounts} with this client's core. */
      list: listStaticAccounts,
      /** DELETE /v1/{cloud_mount}/static-account/:name — {@link deleteStaticAccount} with this client's core. */
      delete: deleteStaticAccount,
      /** POST /v1/{cloud_mount}/static-account/:name/rotate-key — {@link rotateStaticAccountKey} with this client's core. */
      rotateKey: rotateStaticAccountKey,
      /** GET /v1/{cloud_mount}/static-account/:name/token — {@link generateStaticAccountToken} with this client's core. */
      token: generateStaticAccountToken,
      /** GET or POST /v1/{cloud_mount}/static-account/:name/key — {@link generateStaticAccountKey} with this client's core. */
      key: generateStaticAccountKey,
    }),
    /** Impersonated accounts: existing service accounts whose tokens the engine generates by impersonation. */
    impersonatedAccounts: bindOperations(core, {
      /** POST /v1/{cloud_mount}/impersonated-account/:name — {@link writeImpersonatedAccount} with this client's core. */
      write: writeImpersonatedAccount,
      /** GET /v1/{cloud_mount}/impersonated-account/:name — {@link readImpersonatedAccount} with this client's core. */
      read: readImpersonatedAccount,
      /** LIST /v1/{cloud_mount}/impersonated-accounts — {@link listImpersonatedAccounts} with this client's core. */
      list: listImpersonatedAccounts,
      /** DELETE /v1/{cloud_mount}/impersonated-account/:name — {@link deleteImpersonatedAccount} with this client's core. */
      delete: deleteImpersonatedAccount,
      /** GET /v1/{cloud_mount}/impersonated-account/:name/token — {@link generateImpersonatedAccountToken} with this client's core. */
      token: generateImpersonatedAccountToken,
    }),
  };
}
