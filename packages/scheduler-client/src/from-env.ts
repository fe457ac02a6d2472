import { optionsFromEnv, readEnv } from '@infra-sdk/core';
import { createSchedulerClient, type SchedulerClient } from './client.js';
import { type SchedulerClientOptions, schedulerClientOptionKeys } from './core.js';

/**
 * Creates a client from the environment: `SCHEDULER_ADDR` (required; `host:port` means `http://`),
 * `SCHEDULER_TOKEN`, `SCHEDULER_NAMESPACE`, `SCHEDULER_REGION` and `INFRA_SDK_DEBUG` (`1` or `true`:
 * the debug log; `bodies`: with masked bodies), and in Node the proxy variables. Under the prefix
 * `SCHEDULER` (core's README lists what each takes): in Node the TLS variables `SCHEDULER_CACERT`,
 * `SCHEDULER_CAPATH`, `SCHEDULER_CLIENT_CERT`, `SCHEDULER_CLIENT_KEY`, `SCHEDULER_TLS_SERVER_NAME` and
 * `SCHEDULER_SKIP_VERIFY` (the files are read now; exec sessions take the client's `webSocket`
 * instead), and everywhere `SCHEDULER_CLIENT_TIMEOUT` (`timeout`), `SCHEDULER_MAX_RETRIES` (`retry`),
 * `SCHEDULER_RATE_LIMIT` (`rateLimit`) and `SCHEDULER_LOG_LEVEL` (`logLevel`; `silent` for no
 * lines). A given override wins over its variable; an `undefined` one leaves the variable in charge; a
 * `fetch` there replaces the proxy and TLS variables.
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
 * @throws {InfraSdkError} naming the variable, when a `SCHEDULER_*` TLS file cannot be read or holds no
 *   PEM, `SCHEDULER_CLIENT_CERT` is set without `SCHEDULER_CLIENT_KEY` (or the reverse),
 *   `SCHEDULER_SKIP_VERIFY` is not `1`, `true`, `0` or `false`, a TLS variable is set outside Node, or
 *   `SCHEDULER_CLIENT_TIMEOUT`, `SCHEDULER_MAX_RETRIES` or `SCHEDULER_RATE_LIMIT` is no number of its kind.
 * @throws {RequestValidationError} when `SCHEDULER_TOKEN` is set but empty, or cannot be sent in a header,
 *   or `overrides` holds a key that is not a client option (before any variable is read).
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
    schedulerClientOptionKeys,
  );
  const region = options.region ?? readEnv('SCHEDULER_REGION');
  return createSchedulerClient({ ...options, ...(region === undefined ? {} : { region }) });
}
