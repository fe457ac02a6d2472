import { InfraSdkError, optionsFromEnv, readEnv } from '@infra-sdk/core';
import { isConsistency } from './blocking.js';
import { createMeshClient, type MeshClient } from './client.js';
import { type MeshClientOptions, meshClientOptionKeys } from './core.js';

/**
 * Creates a client from the environment: `MESH_ADDR` (the server's address; `host:port` without a
 * scheme means `http://`), `MESH_TOKEN`, `MESH_CONSISTENCY` (`default`, `stale` or `consistent`),
 * `INFRA_SDK_DEBUG` (`1` logs each request, `bodies` adds masked bodies), and in Node `HTTP_PROXY`,
 * `HTTPS_PROXY` and `NO_PROXY`. Under the prefix `MESH` (what each takes: core's README, "Environment
 * variables"): in Node the TLS variables `MESH_CACERT`, `MESH_CAPATH`, `MESH_CLIENT_CERT`,
 * `MESH_CLIENT_KEY`, `MESH_TLS_SERVER_NAME` and `MESH_SKIP_VERIFY` (the files are read now), and everywhere
 * `MESH_CLIENT_TIMEOUT` (`timeout`), `MESH_MAX_RETRIES` (`retry`) and `MESH_RATE_LIMIT` (`rateLimit`).
 * Options given in `overrides` win over the environment; a `fetch` there replaces the proxy and TLS
 * variables.
 *
 * @example
 * ```ts
 * import { fromEnv } from '@infra-sdk/mesh-client';
 *
 * const client = fromEnv({ timeout: 5_000 }); // MESH_ADDR=http://127.0.0.1:8500
 * console.log((await client.namespaces.list()).length);
 * ```
 * @throws {InfraSdkError} when `MESH_ADDR` is not set (and no `baseUrl` is given), `MESH_CONSISTENCY` or
 *   `INFRA_SDK_DEBUG` has an unknown value, or a proxy variable is not an `http(s)` address.
 * @throws {InfraSdkError} naming the variable, when a `MESH_*` TLS file cannot be read or holds no PEM,
 *   `MESH_CLIENT_CERT` is set without `MESH_CLIENT_KEY` (or the reverse), `MESH_SKIP_VERIFY` is not
 *   `1`, `true`, `0` or `false`, a TLS variable is set outside Node, or `MESH_CLIENT_TIMEOUT`,
 *   `MESH_MAX_RETRIES` or `MESH_RATE_LIMIT` is no number of its kind.
 * @throws {RequestValidationError} when `MESH_TOKEN` is set but empty, or cannot be sent in a header, or
 *   `overrides` holds a key that is not a client option (before any variable is read).
 */
export function fromEnv(overrides: Partial<MeshClientOptions> = {}): MeshClient {
  const options = optionsFromEnv(
    { address: 'MESH_ADDR', token: 'MESH_TOKEN', service: 'mesh server', example: 'http://127.0.0.1:8500' },
    overrides,
    meshClientOptionKeys,
  );
  const consistency = options.consistency ?? readEnv('MESH_CONSISTENCY');
  if (consistency !== undefined && !isConsistency(consistency)) {
    throw new InfraSdkError(
      `MESH_CONSISTENCY must be default, stale or consistent, not "${consistency}"; fix or unset it`,
    );
  }
  return createMeshClient({ ...options, ...(consistency === undefined ? {} : { consistency }) });
}
