// What `#env-proxy` (package.json `imports`) is under the `node` condition: in Node, `fromEnv()` of
// every client sends through the proxies HTTP_PROXY, HTTPS_PROXY and NO_PROXY name, as the services' Go
// clients do, while Node's own fetch ignores them (unless started with NODE_USE_ENV_PROXY=1). Bun and
// Deno match the `node` condition too, and their fetch reads the variables itself: nothing to do there.
// Elsewhere `#env-proxy` is `env-proxy-none.ts`, so the main entry never brings Node code to a browser.
export { tlsEnvFetch } from './env-tls.js';

import type { NodeFetch } from './node-fetch.js';
import { type ProxyRoutes, readProxyEnv } from './proxy-env.js';

/**
 * A fetch through the proxies the environment names, or undefined when it names none or the runtime's
 * own fetch honours them. The variables are read (and checked) now; undici is loaded at the first request.
 */
export function envProxyFetch(): typeof fetch | undefined {
  const runtime = globalThis as { Bun?: unknown; Deno?: unknown };
  if (runtime.Bun !== undefined || runtime.Deno !== undefined) return undefined;
  const routes = readProxyEnv();
  return routes === undefined ? undefined : lazyProxyFetch(routes);
}

function lazyProxyFetch(routes: ProxyRoutes): typeof fetch {
  let loaded: Promise<NodeFetch> | undefined;
  return async (input, init) => {
    loaded ??= import('./node-fetch.js').then(({ proxyFetch }) => proxyFetch(routes));
    return (await loaded)(input, init);
  };
}
