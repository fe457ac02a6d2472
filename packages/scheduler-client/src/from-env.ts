import { optionsFromEnv, readEnv } from '@infra-sdk/core';
import { createSchedulerClient, type SchedulerClient } from './client.js';
import type { SchedulerClientOptions } from './core.js';

/**
 * Creates a client from the environment: `SCHEDULER_ADDR` (required), `SCHEDULER_TOKEN`,
 * `SCHEDULER_NAMESPACE` and `SCHEDULER_REGION`; `overrides` win over the variables.
 */
export function fromEnv(overrides: Partial<SchedulerClientOptions> = {}): SchedulerClient {
  const options = optionsFromEnv(
    {
      address: 'SCHEDULER_ADDR',
      token: 'SCHEDULER_TOKEN',
      namespace: 'SCHEDULER_NAMESPACE',
      service: 'scheduler',
      example: 'http://127.0.0.1:4646',
    },
    overrides,
  );
  const region = options.region ?? readEnv('SCHEDULER_REGION');
  return createSchedulerClient({ ...options, ...(region === undefined ? {} : { region }) });
}
