import { readClientEnv } from '@infra-sdk/core';
import { createSecretsClient, type SecretsClient } from './client.js';
import type { SecretsClientOptions } from './core.js';

/**
 * Creates a client from the environment: `SECRETS_ADDR` (the service's address; `host:port` without a
 * scheme means `http://`), `SECRETS_TOKEN` and `SECRETS_NAMESPACE`; `overrides` win over the environment.
 */
export function fromEnv(overrides: Partial<SecretsClientOptions> = {}): SecretsClient {
  // An override given as `undefined` is one not given: the variable is read.
  const { namespace, ...given } = overrides;
  const env = readClientEnv(
    {
      address: 'SECRETS_ADDR',
      token: 'SECRETS_TOKEN',
      namespace: 'SECRETS_NAMESPACE',
      service: 'secrets service',
      example: 'https://secrets.example:8200',
    },
    namespace === undefined ? given : { ...given, namespace },
  );
  return createSecretsClient({ ...overrides, ...env });
}
