import { InfraSdkError, readEnv, readTokenEnv } from '@infra-sdk/core';
import * as v from 'valibot';
import { createMeshClient, type MeshClient, type MeshClientOptions } from './client.js';
import { ConsistencySchema } from './consistency.js';

/**
 * Creates a client from the environment: `MESH_ADDR` (the server's address; `host:port` without a
 * scheme means `http://`), `MESH_TOKEN`, and `MESH_CONSISTENCY` (`default`, `stale` or `consistent`).
 * Options given in `overrides` win over the environment.
 */
export function fromEnv(overrides: Partial<MeshClientOptions> = {}): MeshClient {
  const address = overrides.baseUrl ?? readEnv('MESH_ADDR');
  if (address === undefined) {
    throw new InfraSdkError(
      'No mesh server address: set MESH_ADDR (for example http://127.0.0.1:8500) or pass baseUrl',
    );
  }
  const token = overrides.token ?? readTokenEnv('MESH_TOKEN');
  const consistency = overrides.consistency ?? readEnv('MESH_CONSISTENCY');
  if (consistency !== undefined && !v.is(ConsistencySchema, consistency)) {
    throw new InfraSdkError(
      `MESH_CONSISTENCY must be default, stale or consistent, not "${consistency}"; fix or unset it`,
    );
  }
  return createMeshClient({
    ...overrides,
    baseUrl: /^[a-z][a-z0-9+.-]*:\/\//i.test(address) ? address : `http://${address}`,
    ...(token === undefined ? {} : { token }),
    ...(consistency === undefined ? {} : { consistency }),
  });
}
