// What `#env-proxy` (package.json `imports`) is outside Node: browsers decide on proxies and
// certificates themselves, from the system's settings, and nothing here can change that.
import type { TlsEnv } from '../env-settings.js';
import { InfraSdkError } from '../errors.js';

/** Always undefined: the runtime's own fetch is used as it is. */
export function envProxyFetch(): typeof fetch | undefined {
  return undefined;
}

/** Always throws: a browser's fetch takes no TLS settings, so the variables cannot be honoured. */
export function tlsEnvFetch(tls: TlsEnv): typeof fetch {
  const names = Object.values(tls).map((variable) => variable.name);
  throw new InfraSdkError(
    `${names.join(', ')} cannot be honoured in this runtime: its fetch takes certificates from the system; unset ${names.length === 1 ? 'it' : 'them'}`,
  );
}
