// What `#env-proxy` (package.json `imports`) is outside Node: browsers decide on proxies themselves,
// from the system's settings, and nothing here can change that.

/** Always undefined: the runtime's own fetch is used as it is. */
export function envProxyFetch(): typeof fetch | undefined {
  return undefined;
}
