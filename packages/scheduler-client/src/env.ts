import { InfraSdkError, readEnv, readTokenEnv } from '@infra-sdk/core';
import { createSchedulerClient, type SchedulerClient, type SchedulerClientOptions } from './client.js';

/**
 * Creates a client from the environment: `SCHEDULER_ADDR` (required), `SCHEDULER_TOKEN`,
 * `SCHEDULER_NAMESPACE` and `SCHEDULER_REGION`; `overrides` win over the variables.
 */
export function fromEnv(overrides: Partial<SchedulerClientOptions> = {}): SchedulerClient {
  const baseUrl = overrides.baseUrl ?? readEnv('SCHEDULER_ADDR');
  if (baseUrl === undefined) {
    throw new InfraSdkError(
      'SCHEDULER_ADDR is not set: set it to the scheduler address (e.g. http://127.0.0.1:4646) or pass baseUrl',
    );
  }
  const token = overrides.token ?? readTokenEnv('SCHEDULER_TOKEN');
  const namespace = overrides.namespace ?? readEnv('SCHEDULER_NAMESPACE');
  const region = overrides.region ?? readEnv('SCHEDULER_REGION');
  return createSchedulerClient({
    ...overrides,
    baseUrl,
    ...(token === undefined ? {} : { token }),
    ...(namespace === undefined ? {} : { namespace }),
    ...(region === undefined ? {} : { region }),
  });
}
