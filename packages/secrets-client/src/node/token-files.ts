// Credentials kept in files: a pod's service-account token, a secret id a deployment writes, the token
// the service's command-line tool keeps. Read at each use, since each may be replaced while the
// process runs.
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where Kubernetes mounts a pod's service-account token. */
export const SERVICE_ACCOUNT_TOKEN_PATH = '/var/run/secrets/kubernetes.io/serviceaccount/token';

/** The file in the home folder where the service's command-line tool keeps the token of its last login. */
export const TOKEN_FILE_NAME = '.secrets-token';

/**
 * A function that reads the text of the file at `path` each time it is called, without surrounding
 * white space: give it as a login's `jwt` (or read a secret id with it), and a file that is replaced
 * is read anew at each login.
 *
 * @example
 * ```ts compile-only
 * import { readTokenFile } from '@infra-sdk/secrets-client/node';
 *
 * const secretId = readTokenFile('/run/secrets/secret-id');
 * console.log((await secretId()).length > 0);
 * ```
 * @throws {Error} from the returned function, when the file cannot be read (Node's `ENOENT`, `EACCES`).
 */
export function readTokenFile(path: string): () => Promise<string> {
  return async () => (await readFile(path, 'utf8')).trim();
}

/**
 * A function that reads the pod's service-account token from its file (default
 * `/var/run/secrets/kubernetes.io/serviceaccount/token`) at each call: the `jwt` of a Kubernetes login.
 *
 * @example
 * ```ts compile-only
 * import { serviceAccountToken } from '@infra-sdk/secrets-client/node';
 *
 * const auth = await secrets.auth.loginKubernetes({ role: 'orders', jwt: serviceAccountToken() });
 * console.log(auth.policies);
 * ```
 * @throws {Error} from the returned function, when the file cannot be read.
 */
export function serviceAccountToken(path: string = SERVICE_ACCOUNT_TOKEN_PATH): () => Promise<string> {
  return readTokenFile(path);
}

/** The token the command-line tool keeps in `~/.secrets-token` (or `home`), or undefined without one. */
export async function tokenFromHelperFile(home: string = homedir()): Promise<string | undefined> {
  try {
    const token = (await readFile(join(home, TOKEN_FILE_NAME), 'utf8')).trim();
    return token === '' ? undefined : token;
  } catch {
    return undefined;
  }
}
