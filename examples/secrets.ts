// @infra-sdk/secrets-client in a few calls: database credentials from a role, their lease renewed and
// revoked, credentials kept alive by one object, an answer wrapped and unwrapped, a versioned key-value
// secret, the client's own token, and the two kinds of refusal: input checked before sending, and a
// missing resource.
//
//   node secrets.ts                                      against a fake secrets service started here
//   SECRETS_ADDR=https://… SECRETS_TOKEN=… DEMO_DB_URL=… DEMO_DB_USERNAME=… DEMO_DB_PASSWORD=… node secrets.ts
import {
  createSecretsClient,
  fromEnv,
  NotFoundError,
  RequestValidationError,
} from '@infra-sdk/secrets-client';
import { startFakeSecrets } from '@infra-sdk/secrets-client/testing';

// Without SECRETS_ADDR, a fake service plays the part, with the database engine mounted at `database`.
await using fake = process.env.SECRETS_ADDR ? undefined : await startFakeSecrets();
const secrets = fake ? createSecretsClient({ baseUrl: fake.url, token: fake.rootToken }) : fromEnv();

await secrets.database.connections.write('orders-db', {
  plugin_name: 'postgresql-database-plugin',
  connection_url: process.env.DEMO_DB_URL ?? 'postgresql://{{username}}:{{password}}@db.internal:5432/orders',
  username: process.env.DEMO_DB_USERNAME ?? 'admin',
  password: process.env.DEMO_DB_PASSWORD ?? 'admin-password',
  allowed_roles: ['orders-reader'],
});
await secrets.database.roles.write('orders-reader', {
  db_name: 'orders-db',
  creation_statements: [
    `CREATE ROLE "{{name}}" WITH LOGIN PASSWORD '{{password}}' VALID UNTIL '{{expiration}}'`,
    'GRANT SELECT ON ALL TABLES IN SCHEMA public TO "{{name}}"',
  ],
  default_ttl: '1h', // durations: seconds, or text with s, m or h
  max_ttl: '4h',
});

// `.withMeta()` gives the envelope's lease next to the payload, from the same request.
const { data: credentials, meta } = await secrets.database.roles
  .generateCredentials('orders-reader')
  .withMeta();
console.log(`database user ${credentials.username}, lease for ${meta.leaseDuration} s`);

const renewed = await secrets.leases.renew(meta.leaseId, { increment: '2h' });
console.log(`lease renewed: ${renewed.lease_duration} s left`);

// Credentials that stay alive: one object renews them, issues new ones before their max TTL, hands them
// over and revokes the old ones. Leaving the block stops it (and, asked to, revokes what it holds).
{
  await using kept = secrets.keep(
    ({ signal }) => secrets.database.roles.generateCredentials('orders-reader', { signal }),
    { revokeOnStop: true, revokeAfterMs: 60_000 },
  );
  const first = await kept.ready;
  console.log(
    `kept: database user ${first.data.username}, generation ${first.generation}, lease ${first.leaseId !== ''}`,
  );
}
console.log('keeper stopped, its credentials revoked');

// Response wrapping: the credentials go to a single-use token that another process can unwrap, once.
const wrapped = await secrets.wrapped('5m').database.roles.generateCredentials('orders-reader');
console.log(`wrapped for ${wrapped.ttl} s, made at ${wrapped.creation_path}`);
const { data: unwrapped, meta: unwrappedMeta } = await secrets.wrapping.unwrap(wrapped).withMeta();
console.log(`unwrapped: database user ${unwrapped.username}`);
await secrets.leases.revoke(unwrappedMeta.leaseId);

// A versioned key-value secret, written with check-and-set.
await secrets.kv.write('orders/api', { key: 'k-1' }, { cas: 0 });
const second = await secrets.kv.write('orders/api', { key: 'k-2' }, { cas: 1 });
const { data: current } = await secrets.kv.read('orders/api');
console.log(`orders/api: version ${second.version}, key ${String(current.key)}`);
await secrets.kv.deleteMetadata('orders/api');

// The client's own token.
const token = await secrets.token.lookupSelf();
console.log(
  `token: policies ${token.policies.join(', ')}, ${token.ttl === 0 ? 'never expires' : `${token.ttl} s left`}`,
);

// Rules of the service are checked before sending: a static role rotates at most every 5 seconds.
try {
  await secrets.database.staticRoles.write('too-eager', {
    db_name: 'orders-db',
    username: 'app',
    rotation_period: 1,
  });
} catch (error) {
  if (!RequestValidationError.isInstance(error)) throw error;
  console.log(
    `refused before sending: ${error.issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`,
  );
}

try {
  await secrets.database.roles.read('no-such-role');
} catch (error) {
  if (!NotFoundError.isInstance(error)) throw error;
  console.log(`no-such-role: ${error.status}, not found`);
}

await secrets.leases.revoke(meta.leaseId);
await secrets.database.roles.delete('orders-reader');
await secrets.database.connections.delete('orders-db');
console.log('lease revoked, role and connection deleted');
