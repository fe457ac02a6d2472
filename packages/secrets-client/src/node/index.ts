/**
 * Node-only helpers of the secrets client: credentials read from files (a pod's service-account token,
 * the command-line tool's token file) and a `fromEnv` that reads that file.
 *
 * @module @infra-sdk/secrets-client/node
 */
export { fromEnv } from './from-env.js';
export {
  readTokenFile,
  SERVICE_ACCOUNT_TOKEN_PATH,
  serviceAccountToken,
  TOKEN_FILE_NAME,
  tokenFromHelperFile,
} from './token-files.js';
