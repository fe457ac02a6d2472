import { optionsFromEnv, readEnv } from '@infra-sdk/core';
import { createSchedulerClient, type SchedulerClient } from './client.js';
import type { SchedulerClientOptions } from './core.js';

/**
 * Creates a client from the environment: `SCHEDULER_ADDR` (required; `host:port` means `http://`),
 * `SCHEDULER_TOKEN`, `SCHEDULER_NAMESPACE`, `SCHEDULER_REGION` and `INFRA_SDK_DEBUG` (`1` or `true`:
 * the debug log; `bodies`: with masked bodies). A given override wins over its variable; an
 * `undefined` one leaves the variable in charge.
 *
 * @example
 * ```ts
 * import { fromEnv } from '@infra-sdk/scheduler-client';
 *
 * // SCHEDULER_ADDR=https://scheduler.example:4646
 * const client = fromEnv({ namespace: 'default' });
 * console.log(await client.nodes.list());
 * ```
 * @throws {InfraSdkError} when `SCHEDULER_ADDR` is unset (and no `baseUrl` override is given), or
 *   `INFRA_SDK_DEBUG` holds another value than `1`, `true`, `bodies`, `0` or `false`.
 * @throws {RequestValidationError} when `SCHEDULER_TOKEN` is set but empty, or cannot be sent in a header.
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
