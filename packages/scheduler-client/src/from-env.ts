import { readClientEnv, readEnv } from '@infra-sdk/core';
import { createSchedulerClient, type SchedulerClient } from './client.js';
import type { SchedulerClientOptions } from './core.js';

/**
 * Creates a client from the environment: `SCHEDULER_ADDR` (required), `SCHEDULER_TOKEN`,
 * `SCHEDULER_NAMESPACE` and `SCHEDULER_REGION`; `overrides` win over the variables.
 */
export function fromEnv(overrides: Partial<SchedulerClientOptions> = {}): SchedulerClient {
  // An override given as `undefined` (a value read from an unset variable) leaves the variable in charge.
  const { baseUrl, token, namespace } = overrides;
  const env = readClientEnv(
    {
      address: 'SCHEDULER_ADDR',
      token: 'SCHEDULER_TOKEN',
      namespace: 'SCHEDULER_NAMESPACE',
      service: 'scheduler',
      example: 'http://127.0.0.1:4646',
    },
    {
      ...(baseUrl === undefined ? {} : { baseUrl }),
      ...(token === undefined ? {} : { token }),
      ...(namespace === undefined ? {} : { namespace }),
    },
  );
  const region = overrides.region ?? readEnv('SCHEDULER_REGION');
  return createSchedulerClient({ ...overrides, ...env, ...(region === undefined ? {} : { region }) });
}
