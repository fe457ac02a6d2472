import { optionsFromEnv } from '@infra-sdk/core';
import { createSecretsClient, type SecretsClient } from './client.js';
import type { SecretsClientOptions } from './core.js';

/**
 * Creates a client from the environment: `SECRETS_ADDR` (the service's address; `host:port` without a
 * scheme means `http://`), `SECRETS_TOKEN` and `SECRETS_NAMESPACE`; `overrides` win over the environment.
 */
export function fromEnv(overrides: Partial<SecretsClientOptions> = {}): SecretsClient {
  return createSecretsClient(
    optionsFromEnv(
      {
        address: 'SECRETS_ADDR',
        token: 'SECRETS_TOKEN',
        namespace: 'SECRETS_NAMESPACE',
        service: 'secrets service',
        example: 'https://secrets.example:8200',
      },
      overrides,
    ),
  );
}
