// The secrets scenario: database credentials with a lease (issue, renew), a static role and its
// rotation, the cloud-credentials engine (configuration, a token, a key), and secret sync (a
// destination, an association PENDING while sync is off and SYNCED once it is back on).
import { readFile } from 'node:fs/promises';
import { createSecretsClient, fromEnv, type SecretsClient } from '@infra-sdk/secrets-client';
import { type FakeSecrets, startFakeSecrets } from '@infra-sdk/secrets-client/testing';
import { env, fakeTarget, nameFor, patience, realTarget, required } from './environment.ts';
import { check, masked, type Section, short } from './output.ts';

interface Settings {
  readonly database: {
    readonly plugin: string;
    readonly url: string;
    readonly username: string;
    readonly password: string;
    /** An existing database user the static role takes over. */
    readonly staticUsername: string;
  };
  readonly cloud: { readonly credentials: string; readonly project: string };
  readonly sync: {
    readonly accessKeyId: string;
    readonly secretAccessKey: string;
    readonly region: string;
    readonly mount: string;
    /** The secret to associate, and whether the demo writes it first. */
    readonly secretName: string | undefined;
  };
}

/** What the fake needs: nothing real, only values shaped like the real ones. */
function fakeSettings(): Settings {
  return {
    database: {
      plugin: 'postgresql-database-plugin',
      url: 'postgresql://{{username}}:{{password}}@db.internal:5432/app',
      username: 'demo-admin',
      password: 'initial-root-password',
      staticUsername: 'app',
    },
    cloud: {
      credentials: JSON.stringify({
        type: 'service_account',
        project_id: 'demo-project',
        client_email: 'secrets-engine@demo-project.iam.gserviceaccount.com',
        private_key_id: 'demo-key-id',
        private_key: '-----BEGIN PRIVATE KEY-----\n(not a real key)\n-----END PRIVATE KEY-----\n',
      }),
      project: 'demo-project',
    },
    sync: {
      // The example keys of the cloud's own documentation: valid in shape, useless for anything.
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
      mount: 'secret',
      // The demo writes the secret it associates (and deletes it at the end).
      secretName: undefined,
    },
  };
}

/** What a real service needs: a database, cloud credentials and a sync target of your own. */
async function realSettings(): Promise<Settings> {
  const credentialsFile = required(
    'DEMO_CLOUD_CREDENTIALS',
    'the path of a service-account key file for the cloud engine',
  );
  return {
    database: {
      plugin: env('DEMO_DB_PLUGIN') ?? 'postgresql-database-plugin',
      url: required(
        'DEMO_DB_URL',
        'the connection URL, e.g. postgresql://{{username}}:{{password}}@db:5432/app',
      ),
      username: required('DEMO_DB_USERNAME', 'the database user the engine manages others with'),
      password: required('DEMO_DB_PASSWORD', "that user's password"),
      staticUsername: required(
        'DEMO_DB_STATIC_USERNAME',
        'an existing database user whose password the demo rotates',
      ),
    },
    cloud: {
      credentials: await readFile(credentialsFile, 'utf8'),
      project: required('DEMO_CLOUD_PROJECT', 'the cloud project of the rolesets'),
    },
    sync: {
      accessKeyId: required('DEMO_SYNC_ACCESS_KEY_ID', 'the access key of the cloud1-sm sync destination'),
      secretAccessKey: required('DEMO_SYNC_SECRET_ACCESS_KEY', 'its secret key'),
      region: env('DEMO_SYNC_REGION') ?? 'us-east-1',
      mount: env('DEMO_SYNC_MOUNT') ?? 'secret',
      secretName: env('DEMO_SYNC_SECRET'),
    },
  };
}

function connect(
  target: { kind: 'fake' | 'real'; url: string },
  fake: FakeSecrets | undefined,
): SecretsClient {
  if (fake) return createSecretsClient({ baseUrl: target.url, token: fake.rootToken });
  const cloudMount = env('DEMO_CLOUD_MOUNT');
  const databaseMount = env('DEMO_DB_MOUNT');
  return fromEnv({
    ...(cloudMount === undefined ? {} : { cloudMount }),
    ...(databaseMount === undefined ? {} : { databaseMount }),
  });
}

export async function runSecrets(section: Section): Promise<void> {
  const real = realTarget('SECRETS_ADDR');
  let fake: FakeSecrets | undefined;
  try {
    if (!real) fake = await startFakeSecrets();
    const target = real ?? fakeTarget('SECRETS_ADDR', fake?.url ?? '');
    section.target(target, 'Secrets service');
    const settings = real ? await realSettings() : fakeSettings();
    const secrets = connect(target, fake);
    const names = {
      connection: nameFor('demo-db', target),
      role: nameFor('demo-readonly', target),
      staticRole: nameFor('demo-app', target),
      tokenRoleset: nameFor('demo-deploy', target),
      keyRoleset: nameFor('demo-ci-keys', target),
      destination: nameFor('demo-aws', target),
      secret: settings.sync.secretName ?? `${nameFor('infra-sdk-demo', target)}/api-key`,
    };
    const { database, cloud, sync } = settings;

    await section.step(`Configure the database connection ${names.connection}`, async (log) => {
      await secrets.database.connections.write(names.connection, {
        plugin_name: database.plugin,
        connection_url: database.url,
        username: database.username,
        password: database.password,
        allowed_roles: [names.role, names.staticRole],
      });
      const connection = await secrets.database.connections.read(names.connection);
      log.info(`${connection.plugin_name} at ${connection.connection_details.connection_url}`);
      log.info(
        `as ${connection.connection_details.username}; roles allowed: ${connection.allowed_roles?.join(', ')}`,
      );
      check(!('password' in connection.connection_details), 'the connection read returned the password');
      log.info('the password is write-only: the read does not return it');
    });

    await section.step(
      `Create the role ${names.role} (credentials for one hour, renewable to a day)`,
      async (log) => {
        await secrets.database.roles.write(names.role, {
          db_name: names.connection,
          creation_statements: [
            `CREATE ROLE "{{name}}" WITH LOGIN PASSWORD '{{password}}' VALID UNTIL '{{expiration}}'`,
            'GRANT SELECT ON ALL TABLES IN SCHEMA public TO "{{name}}"',
          ],
          default_ttl: '1h',
          max_ttl: '24h',
        });
        const role = await secrets.database.roles.read(names.role);
        log.info(
          `default_ttl ${role.default_ttl} s, max_ttl ${role.max_ttl} s, ${role.creation_statements.length} statements`,
        );
        check(
          role.default_ttl === 3600 && role.max_ttl === 86_400,
          'the role does not have the TTLs written',
        );
      },
    );

    const credentials = await section.step('Issue database credentials', async (log) => {
      const { data, meta } = await secrets.database.roles.generateCredentials(names.role).withMeta();
      log.info(`user ${data.username}, password ${masked(data.password)}`);
      log.info(`lease ${meta.leaseId}: ${meta.leaseDuration} s, renewable: ${meta.renewable}`);
      check(meta.leaseId !== '' && meta.renewable, 'the credentials came without a renewable lease');
      if (fake) {
        check(fake.database().users(names.connection).has(data.username), 'the database has no such user');
        log.info("the fake's database now has this user");
      }
      return { username: data.username, leaseId: meta.leaseId, duration: meta.leaseDuration };
    });

    await section.step('Renew the lease for two more hours', async (log) => {
      const { data, meta } = await secrets.leases.renew(credentials.leaseId, { increment: '2h' }).withMeta();
      log.info(
        `lease ${short(data.lease_id.split('/').at(-1))}…: ${credentials.duration} s → ${data.lease_duration} s`,
      );
      for (const warning of meta.warnings) log.note(warning);
      check(data.lease_id === credentials.leaseId, 'the renewal answered for another lease');
      check(data.lease_duration > 0 && data.renewable, 'the lease was not extended');
    });

    const firstPassword = await section.step(
      `Create the static role ${names.staticRole} for user ${database.staticUsername}`,
      async (log) => {
        await secrets.database.staticRoles.write(names.staticRole, {
          db_name: names.connection,
          username: database.staticUsername,
          rotation_period: '24h',
        });
        const current = await secrets.database.staticRoles.readCredentials(names.staticRole);
        log.info(`user ${current.username}, password ${masked(current.password)}`);
        log.info(`last rotated ${current.last_service_rotation}, next rotation in ${current.ttl} s`);
        return current.password;
      },
    );

    await section.step('Rotate the static role now', async (log) => {
      await secrets.database.staticRoles.rotate(names.staticRole);
      const rotated = await secrets.database.staticRoles.readCredentials(names.staticRole);
      log.info(`password ${masked(rotated.password)}, rotated ${rotated.last_service_rotation}`);
      check(
        rotated.password !== undefined && rotated.password !== firstPassword,
        'the password did not change',
      );
      log.info(`the password changed; the next rotation is again in ${rotated.ttl} s`);
    });

    await section.step('Configure the cloud-credentials engine', async (log) => {
      await secrets.cloud.config.write({ credentials: cloud.credentials, ttl: '1h', max_ttl: '4h' });
      const config = await secrets.cloud.config.read();
      log.info(`key TTL ${config.ttl}, max ${config.max_ttl}`);
      check('credentials' in config === false, 'the configuration read returned the credentials');
      log.info('the credentials are write-only: the read does not return them');
    });

    await section.step(`Create the roleset ${names.tokenRoleset} and issue an access token`, async (log) => {
      const resource = `//cloudresourcemanager.googleapis.com/projects/${cloud.project}`;
      await secrets.cloud.rolesets.write(names.tokenRoleset, {
        project: cloud.project,
        secret_type: 'access_token',
        bindings: { [resource]: ['roles/viewer'] },
        token_scopes: ['https://www.googleapis.com/auth/cloud-platform'],
      });
      const roleset = await secrets.cloud.rolesets.read(names.tokenRoleset);
      log.info(`service account ${roleset.service_account_email}`);
      log.info(`bindings: ${JSON.stringify(roleset.bindings)}`);
      const token = await secrets.cloud.rolesets.token(names.tokenRoleset);
      const expires = new Date(token.expires_at_seconds * 1000).toISOString();
      log.info(`token ${masked(token.token, 8)}, valid ${token.token_ttl} s (until ${expires})`);
      if (fake) check(fake.cloud().isTokenValid(token.token), 'the fake does not know the token');
    });

    const keyLease = await section.step(
      `Create the roleset ${names.keyRoleset} and issue a service-account key`,
      async (log) => {
        await secrets.cloud.rolesets.write(names.keyRoleset, {
          project: cloud.project,
          secret_type: 'service_account_key',
          bindings: { [`//cloudresourcemanager.googleapis.com/projects/${cloud.project}`]: ['roles/viewer'] },
        });
        const { data, meta } = await secrets.cloud.rolesets
          .key(names.keyRoleset, { key_algorithm: 'KEY_ALG_RSA_2048', ttl: '2h' })
          .withMeta();
        const file = JSON.parse(atob(data.private_key_data)) as {
          client_email?: string;
          private_key_id?: string;
        };
        log.info(`${data.key_algorithm}, ${data.key_type}: a key file for ${file.client_email}`);
        log.info(
          `key id ${short(file.private_key_id)}…, lease ${meta.leaseDuration} s, renewable: ${meta.renewable}`,
        );
        check(meta.leaseId !== '', 'the key came without a lease');
        return meta.leaseId;
      },
    );

    await section.step(`Create the sync destination ${names.destination} (cloud1-sm)`, async (log) => {
      const destination = await secrets.sync.destinations.write('cloud1-sm', names.destination, {
        access_key_id: sync.accessKeyId,
        secret_access_key: sync.secretAccessKey,
        region: sync.region,
      });
      const stored = destination ?? (await secrets.sync.destinations.read('cloud1-sm', names.destination));
      log.info(`${stored.type}/${stored.name}: ${JSON.stringify(stored.connection_details)}`);
      log.info(`secrets are synced as ${stored.options?.secret_name_template ?? '(the default template)'}`);
      check(
        stored.connection_details.secret_access_key !== sync.secretAccessKey,
        'the secret key came back unmasked',
      );
    });

    const association = {
      type: 'cloud1-sm',
      name: names.destination,
      mount: sync.mount,
      secret_name: names.secret,
    } as const;

    await section.step(`Turn sync off, then associate ${sync.mount}/${names.secret}`, async (log) => {
      if (sync.secretName === undefined) {
        // Sync copies key-value secrets: the one to associate must exist (the fake checks it as well).
        const written = await secrets.kv.write(
          names.secret,
          { api_key: 'written-by-the-infra-sdk-demo' },
          { mount: sync.mount },
        );
        log.info(
          `wrote ${sync.mount}/${names.secret} (a key-value secret to sync), version ${written.version}`,
        );
      }
      const config = await secrets.sync.config.update({ disabled: true });
      log.info(`sync disabled: ${config.disabled}`);
      const linked = await secrets.sync.associations.set('cloud1-sm', names.destination, {
        mount: sync.mount,
        secret_name: names.secret,
      });
      for (const [key, secret] of Object.entries(linked.associated_secrets)) {
        log.info(`${key}: ${secret.sync_status}`);
      }
      const status = await secrets.sync.associations.waitForStatus(association, 'PENDING', {
        timeoutMs: patience(target, 5_000, 30_000),
      });
      log.info(
        `seen from the secret: ${status.type}/${status.name} ${status.sync_status} (waits while sync is off)`,
      );
    });

    await section.step('Turn sync back on and wait for SYNCED', async (log) => {
      const config = await secrets.sync.config.update({ disabled: false });
      log.info(`sync disabled: ${config.disabled}`);
      const status = await secrets.sync.associations.waitForStatus(association, 'SYNCED', {
        timeoutMs: patience(target, 10_000, 120_000),
      });
      log.info(`${status.type}/${status.name}: ${status.sync_status} at ${status.updated_at}`);
    });

    await section.step('Clean up: revoke the leases, delete what the demo created', async (log) => {
      await secrets.leases.revoke(credentials.leaseId);
      await secrets.leases.revoke(keyLease);
      log.info('leases of the database credentials and the key revoked');
      if (fake) {
        check(!fake.database().users(names.connection).has(credentials.username), 'the user is still there');
        log.info(`the fake's database dropped ${credentials.username}`);
      }
      await secrets.sync.destinations.delete('cloud1-sm', names.destination, { purge: true });
      log.info(`destination ${names.destination} deleted (purge: its association is unsynced first)`);
      await secrets.cloud.rolesets.delete(names.tokenRoleset);
      await secrets.cloud.rolesets.delete(names.keyRoleset);
      await secrets.database.staticRoles.delete(names.staticRole);
      await secrets.database.roles.delete(names.role);
      await secrets.database.connections.delete(names.connection);
      log.info('rolesets, roles and the connection deleted');
      if (sync.secretName === undefined) {
        await secrets.kv.deleteMetadata(names.secret, { mount: sync.mount });
        log.info(`${sync.mount}/${names.secret} deleted with all its versions`);
      }
    });
  } finally {
    await fake?.close();
  }
}
