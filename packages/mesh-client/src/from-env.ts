import { InfraSdkError, optionsFromEnv, readEnv } from '@infra-sdk/core';
import { isConsistency } from './blocking.js';
import { createMeshClient, type MeshClient } from './client.js';
import type { MeshClientOptions } from './core.js';

/**
 * Creates a client from the environment: `MESH_ADDR` (the server's address; `host:port` without a
 * scheme means `http://`), `MESH_TOKEN`, and `MESH_CONSISTENCY` (`default`, `stale` or `consistent`).
 * Options given in `overrides` win over the environment.
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
