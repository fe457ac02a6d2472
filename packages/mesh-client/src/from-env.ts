import { InfraSdkError, optionsFromEnv, readEnv } from '@infra-sdk/core';
import { isConsistency } from './blocking.js';
import { createMeshClient, type MeshClient } from './client.js';
import type { MeshClientOptions } from './core.js';

/**
 * Creates a client from the environment: `MESH_ADDR` (the server's address; `host:port` without a
 * scheme means `http://`), `MESH_TOKEN`, `MESH_CONSISTENCY` (`default`, `stale` or `consistent`),
 * `INFRA_SDK_DEBUG` (`1` logs each request, `bodies` adds masked bodies), and in Node `HTTP_PROXY`,
 * `HTTPS_PROXY` and `NO_PROXY`. Options given in `overrides` win over the environment.
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
 * @throws {RequestValidationError} when `MESH_TOKEN` is set but empty, or cannot be sent in a header.
 */
export function fromEnv(overrides: Partial<MeshClientOptions> = {}): MeshClient {
  const options = optionsFromEnv(
    { address: 'MESH_ADDR', token: 'MESH_TOKEN', service: 'mesh server', example: 'http://127.0.0.1:8500' },
    overrides,
  );
  const consistency = options.consistency ?? readEnv('MESH_CONSISTENCY');
  if (consistency !== undefined && !isConsistency(consistency)) {
    throw new InfraSdkError(
      `MESH_CONSISTENCY must be default, stale or consistent, not "${consistency}"; fix or unset it`,
    );
  }
  return createMeshClient({ ...options, ...(consistency === undefined ? {} : { consistency }) });
}
