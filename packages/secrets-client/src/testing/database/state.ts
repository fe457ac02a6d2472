// In-memory state of one database engine mount: connections (each with the users of its "database"),
// roles that create users per request under a lease, and static roles whose one user's password the
// engine rotates on creation, on demand and when its period or schedule comes due.
import { randomBytes, randomUUID } from 'node:crypto';
import { fail } from '../answer.js';
import type { EngineContext } from '../engine.js';
import { nextRun } from './cron-schedule.js';
import { defaultPolicyPassword } from './password-policy.js';

/** A connection as the fake keeps it. */
export interface FakeConnection {
  /** Name of the connection. */
  readonly name: string;
  /** Database plugin, e.g. `postgresql-database-plugin`. */
  plugin_name: string;
  /** Version of the plugin as written; empty when none was given. */
  plugin_version: string;
  /** Whether the connection is checked when written (default true). */
  verify_connection: boolean;
  /** Roles that may use the connection; `*` allows every role. */
  allowed_roles: string[];
  /** Statements that change the root password. */
  root_rotation_statements: string[];
  /** Name of the password policy of generated passwords; empty for the default. */
  password_policy: string;
  /** Whether static roles keep their current password when created, unless they say otherwise. */
  skip_static_role_import_rotation: boolean;
  /** Seconds between automatic rotations; 0 for none. */
  rotation_period: number;
  /** Five-field cron schedule of rotations; empty for none. */
  rotation_schedule: string;
  /** Seconds allowed to complete a scheduled rotation. */
  rotation_window: number;
  /** Whether automatic rotations are suspended. */
  disable_automated_rotation: boolean;
  /** connection_url, username and plugin-specific parameters: everything but the password. */
  details: Record<string, unknown>;
  /** The root password; never returned by the API. */
  rootPassword: string | undefined;
  /** How often the connection was reset (reset or plugin reload). */
  resets: number;
  /** How often the root password was rotated. */
  rootRotations: number;
  /** The users of the database behind the connection: name → password. */
  readonly users: Map<string, string>;
}

/** A role as the fake keeps it. */
export interface FakeRole {
  /** Name of the role. */
  readonly name: string;
  /** Connection the role uses. */
  db_name: string;
  /** Default TTL of its credentials, in seconds. */
  default_ttl: number;
  /** Maximum TTL of its credentials, in seconds. */
  max_ttl: number;
  /** Statements that create the database user. */
  creation_statements: string[];
  /** Statements that drop the user when the lease ends. */
  revocation_statements: string[];
  /** Statements that undo a failed creation. */
  rollback_statements: string[];
  /** Statements run when the lease is renewed. */
  renew_statements: string[];
  /** Kind of credential generated, e.g. `password`. */
  credential_type: string;
  /** Settings of that kind of credential. */
  credential_config: Record<string, string>;
}

/** A static role as the fake keeps it. */
export interface FakeStaticRole {
  /** Name of the static role. */
  readonly name: string;
  /** Connection the role uses. */
  readonly db_name: string;
  /** The database user whose password the engine manages. */
  readonly username: string;
  /** Seconds between automatic rotations, when rotated by period. */
  rotation_period: number | undefined;
  /** Five-field cron schedule of rotations, when rotated by schedule. */
  rotation_schedule: string | undefined;
  /** Seconds allowed to complete a scheduled rotation. */
  rotation_window: number | undefined;
  /** Statements that change the password. */
  rotation_statements: string[];
  /** Whether the current password was kept at creation. */
  skip_import_rotation: boolean;
  /** Kind of credential, e.g. `password`. */
  credential_type: string;
  /** Settings of that kind of credential. */
  credential_config: Record<string, string>;
  /** The current password. */
  password: string;
  /** When the role was created, in ms since the epoch. */
  readonly createdAt: number;
  /** When the engine last rotated the password; undefined while the imported one is kept. */
  lastRotation: number | undefined;
  /** How often the engine rotated the password. */
  rotations: number;
}

const ZERO_TIME = '0001-01-01T00:00:00Z';

/** The state of one database engine mount. */
export class DatabaseState {
  readonly #context: EngineContext;
  /** Connections by name. */
  readonly connections = new Map<string, FakeConnection>();
  /** Roles by name. */
  readonly roles = new Map<string, FakeRole>();
  /** Static roles by name. */
  readonly staticRoles = new Map<string, FakeStaticRole>();

  /** The fake builds one per database mount. */
  constructor(context: EngineContext) {
    this.#context = context;
  }

  /** The users of the database behind `connection` (name → password). */
  users(connection: string): ReadonlyMap<string, string> {
    return new Map(this.connections.get(connection)?.users ?? []);
  }

  /** The connection a role may use; a 400 answer when it is missing or does not allow the role. */
  connectionFor(db: string, role: string): FakeConnection {
    const connection = this.connections.get(db);
    if (!connection) fail(400, `could not find a connection named ${JSON.stringify(db)}`);
    const allowed = connection.allowed_roles;
    if (!allowed.includes('*') && !allowed.includes(role)) {
      fail(400, `${JSON.stringify(role)} is not an allowed role of connection ${JSON.stringify(db)}`);
    }
    return connection;
  }

  /** Creates a user for `role` under a lease whose revocation drops the user. */
  issueCredentials(
    roleName: string,
    now: number,
  ): {
    /** The secret's fields, as the API returns them under `data`. */
    data: Record<string, string>;
    /** Id of the lease that revokes the secret. */
    leaseId: string;
    /** Seconds the lease is valid for. */
    leaseDuration: number;
  } {
    const role = this.roles.get(roleName);
    if (!role) fail(400, `unknown role: ${roleName}`);
    const connection = this.connectionFor(role.db_name, roleName);
    const username = `v-token-${roleName.slice(0, 8)}-${randomBytes(10).toString('hex')}-${Math.floor(now / 1000)}`;
    const password = defaultPolicyPassword();
    connection.users.set(username, password);
    const { settings, leases, leasePrefix } = this.#context;
    const lease = leases.issue({
      id: `${leasePrefix}/creds/${roleName}/${randomUUID()}`,
      ttlSeconds: role.default_ttl > 0 ? role.default_ttl : settings.defaultLeaseTtl,
      maxTtlSeconds: role.max_ttl > 0 ? Math.min(role.max_ttl, settings.maxLeaseTtl) : settings.maxLeaseTtl,
      renewable: true,
      now,
      namespace: this.#context.namespace,
      onRevoke: () => connection.users.delete(username),
    });
    return {
      data: credentialData(role.credential_type, role.credential_config, username, password),
      leaseId: lease.id,
      leaseDuration: Math.floor((lease.expiresAt - now) / 1000),
    };
  }

  /** Gives a static role a new password now. */
  rotate(role: FakeStaticRole, now: number): void {
    const connection = this.connectionFor(role.db_name, role.name);
    role.password = defaultPolicyPassword();
    role.lastRotation = now;
    role.rotations += 1;
    connection.users.set(role.username, role.password);
  }

  /** Seconds until a static role's next rotation; a period that came due rotates first, as the service would have. */
  secondsToRotation(role: FakeStaticRole, now: number): number {
    if (role.rotation_schedule) return Math.ceil((nextRun(role.rotation_schedule, now) - now) / 1000);
    const period = role.rotation_period ?? 0;
    const since = role.lastRotation ?? role.createdAt;
    if (now - since >= period * 1000) this.rotate(role, now);
    return Math.max(0, period - Math.floor((now - (role.lastRotation ?? role.createdAt)) / 1000));
  }

  /** `data` of static-creds. */
  staticCredentials(role: FakeStaticRole, now: number): Record<string, unknown> {
    const ttl = this.secondsToRotation(role, now);
    return {
      username: role.username,
      password: role.password,
      last_service_rotation:
        role.lastRotation === undefined ? ZERO_TIME : new Date(role.lastRotation).toISOString(),
      ttl,
      ...rotationOf(role),
    };
  }
}

/** Either the period or the schedule with its window, as reads report them. */
export function rotationOf(role: FakeStaticRole): Record<string, unknown> {
  return role.rotation_schedule
    ? { rotation_schedule: role.rotation_schedule, rotation_window: role.rotation_window ?? 0 }
    : { rotation_period: role.rotation_period ?? 0 };
}

function pem(label: string): string {
  return `-----BEGIN ${label}-----\n${randomBytes(48).toString('base64')}\n-----END ${label}-----\n`;
}

function credentialData(
  type: string,
  config: Readonly<Record<string, string>>,
  username: string,
  password: string,
): Record<string, string> {
  if (type === 'rsa_private_key') return { username, rsa_private_key: pem('RSA PRIVATE KEY') };
  if (type === 'client_certificate') {
    return {
      username,
      client_certificate: pem('CERTIFICATE'),
      private_key: pem('PRIVATE KEY'),
      private_key_type: config.key_type ?? 'rsa',
    };
  }
  return { username, password };
}
