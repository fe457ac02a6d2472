// The `database` group of the client, built from the standalone operations.
import { bindOperation, bindOperations } from '@infra-sdk/core';
import type { SecretsCore } from '../core.js';
import { readDatabaseHelp } from '../help.js';
import {
  deleteConnection,
  listConnections,
  readConnection,
  reloadPlugin,
  resetConnection,
  rotateConnectionRoot,
  writeConnection,
} from './connections.js';
import { deleteRole, generateCredentials, listRoles, readRole, writeRole } from './roles.js';
import {
  deleteStaticRole,
  listStaticRoles,
  readStaticCredentials,
  readStaticRole,
  rotateStaticRole,
  writeStaticRole,
} from './static-roles.js';

/** `client.database`: the database engine, each operation bound to the client's core. */
export interface DatabaseGroup extends ReturnType<typeof databaseGroup> {}

/** Builds `client.database`. */
export function databaseGroup(core: SecretsCore) {
  return {
    /**
     * GET /v1/{db_mount}?help=1 — help text and OpenAPI document of the engine's mount.
     *
     * `help` is markdown; `openapi` a small OpenAPI 3 document of the paths below, relative to the queried one.
     *
     * Options: `mount` (the client's `databaseMount` by default), `namespace`.
     *
     * @example
     * ```ts
     * const { help } = await secrets.database.help();
     * console.log(help);
     * ```
     * @throws {NotFoundError} when no engine is mounted at the mount path.
     * @throws {RequestValidationError} before sending, when the `mount` option is not a mount path.
     * @throws {PermissionDeniedError} when the token's policy does not allow reading the path.
     * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
     */
    help: bindOperation(core, readDatabaseHelp),
    /**
     * POST /v1/{db_mount}/reload/:plugin_name — {@link reloadPlugin}: resets every connection that uses a plugin.
     *
     * Answers with the names of the connections it reset and their count (none when no connection uses the plugin).
     *
     * Options: `mount` (the client's `databaseMount` by default), `namespace`.
     *
     * @example
     * ```ts
     * const { connections, count } = await secrets.database.reloadPlugin('mysql-database-plugin');
     * console.log(count, connections); // 1 ['mysql']
     * ```
     * @throws {RequestValidationError} before sending, when the plugin name is empty or holds `/`, `%` or a control character.
     * @throws {PermissionDeniedError} when the token's policy does not allow reloading plugins.
     * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
     */
    reloadPlugin: bindOperation(core, reloadPlugin),
    /** Connections to databases. */
    connections: bindOperations(core, {
      /**
       * POST /v1/{db_mount}/config/:name — {@link writeConnection} with this client's core.
       *
       * Creates or updates a connection (plugin-specific fields pass through).
       *
       * When a connection has that name, only the fields given change.
       * With `verify_connection` (default true) the service connects to the database before storing.
       *
       * Options: `mount` (the client's `databaseMount` by default), `namespace`. Fields of the plugin beyond the
       * spec's go in `plugin_parameters` and are sent beside the others.
       *
       * @example
       * ```ts
       * await secrets.database.connections.write('postgres', {
       *   plugin_name: 'postgresql-database-plugin',
       *   connection_url: 'postgresql://{{username}}:{{password}}@db.internal:5432/app',
       *   username: 'admin',
       *   password: 'initial-root-password',
       *   allowed_roles: ['readonly', 'reporting'],
       *   plugin_parameters: { max_open_connections: 4 },
       * });
       * ```
       * @throws {RequestValidationError} before sending, when a field breaks the spec (an empty `plugin_name`, a
       * `plugin_version` that is not semantic, a rotation period under 10 seconds, period and schedule together, a
       * plugin parameter that is a declared field), or the name is empty or holds `/`, `%` or a control character.
       * @throws {BadRequestError} when the service refuses: a new connection without `plugin_name`, or a failed verification.
       * @throws {PermissionDeniedError} when the token's policy does not allow writing the connection.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      write: writeConnection,
      /**
       * GET /v1/{db_mount}/config/:name — {@link readConnection} with this client's core.
       *
       * Reads a connection (never its password).
       *
       * The answer holds the plugin, `connection_details` (URL and root username), the allowed roles and the
       * rotation settings.
       *
       * Options: `mount` (the client's `databaseMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * const connection = await secrets.database.connections.read('mysql');
       * console.log(connection.plugin_name, connection.allowed_roles);
       * ```
       * @throws {NotFoundError} when no connection has that name.
       * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
       * @throws {PermissionDeniedError} when the token's policy does not allow reading the connection.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      read: readConnection,
      /**
       * LIST /v1/{db_mount}/config — {@link listConnections} with this client's core.
       *
       * Lists connection names.
       *
       * An engine without connections lists none (`keys: []`).
       *
       * Options: `mount` (the client's `databaseMount` by default), `namespace`, `listMethod` (`LIST` or `GET ?list=true`;
       * the client's by default).
       *
       * @example
       * ```ts
       * const { keys } = await secrets.database.connections.list();
       * console.log(keys); // ['mysql']
       * ```
       * @throws {RequestValidationError} before sending, when `mount` or `listMethod` is not a valid value.
       * @throws {PermissionDeniedError} when the token's policy does not allow listing connections.
       * @throws {NotFoundError} when no engine is mounted at the mount path.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      list: listConnections,
      /**
       * DELETE /v1/{db_mount}/config/:name — {@link deleteConnection} with this client's core.
       *
       * Deletes a connection.
       *
       * Roles that use the connection stay but cannot issue credentials until it is written again. Deleting a
       * connection that does not exist succeeds.
       *
       * Options: `mount` (the client's `databaseMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * await secrets.database.connections.delete('mysql');
       * ```
       * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
       * @throws {PermissionDeniedError} when the token's policy does not allow deleting the connection.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      delete: deleteConnection,
      /**
       * POST /v1/{db_mount}/reset/:name — {@link resetConnection} with this client's core.
       *
       * Closes a connection and its plugin and restarts it from the stored configuration.
       *
       * Use it after changing something the plugin only reads at start (a certificate, the database's address).
       *
       * Options: `mount` (the client's `databaseMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * await secrets.database.connections.reset('mysql');
       * ```
       * @throws {BadRequestError} when no connection has that name.
       * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
       * @throws {PermissionDeniedError} when the token's policy does not allow resetting the connection.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      reset: resetConnection,
      /**
       * POST /v1/{db_mount}/rotate-root/:name — {@link rotateConnectionRoot} with this client's core.
       *
       * Rotates the root user's password; the new one cannot be read back.
       *
       * The connection's root user must be allowed to change its own password; after this only the service knows it.
       *
       * Options: `mount` (the client's `databaseMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * await secrets.database.connections.write('mysql', { username: 'admin', password: 'initial-root-password' });
       * await secrets.database.connections.rotateRoot('mysql');
       * ```
       * @throws {BadRequestError} when no connection has that name, or it has no root username and password to rotate.
       * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
       * @throws {PermissionDeniedError} when the token's policy does not allow rotating the root credentials.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      rotateRoot: rotateConnectionRoot,
    }),
    /** Dynamic roles: each credentials request creates a database user. */
    roles: bindOperations(core, {
      /**
       * POST /v1/{db_mount}/roles/:name — {@link writeRole} with this client's core.
       *
       * Creates or updates a role.
       *
       * Each credentials request on the role runs its `creation_statements` on the role's connection (`db_name`),
       * which must allow the role. When a role has that name, only the fields given change.
       *
       * Options: `mount` (the client's `databaseMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * await secrets.database.roles.write('reporting', {
       *   db_name: 'mysql',
       *   creation_statements: [
       *     "CREATE USER '{{name}}'@'%' IDENTIFIED BY '{{password}}'",
       *     "GRANT SELECT ON reports.* TO '{{name}}'@'%'",
       *   ],
       *   default_ttl: '1h',
       *   max_ttl: '24h',
       * });
       * ```
       * @throws {RequestValidationError} before sending, when a field breaks the spec (an empty `db_name` or
       * `creation_statements`, a TTL that is not a duration, a `credential_config` that does not fit the
       * `credential_type`), or the name is empty or holds `/`, `%` or a control character.
       * @throws {BadRequestError} when the service refuses: a new role without `db_name` or `creation_statements`.
       * @throws {PermissionDeniedError} when the token's policy does not allow writing the role.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      write: writeRole,
      /**
       * GET /v1/{db_mount}/roles/:name — {@link readRole} with this client's core.
       *
       * Reads a role (TTLs in seconds).
       *
       * Options: `mount` (the client's `databaseMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * const role = await secrets.database.roles.read('readonly');
       * console.log(role.db_name, role.default_ttl); // 'mysql' 3600
       * ```
       * @throws {NotFoundError} when no role has that name.
       * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
       * @throws {PermissionDeniedError} when the token's policy does not allow reading the role.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      read: readRole,
      /**
       * LIST /v1/{db_mount}/roles — {@link listRoles} with this client's core.
       *
       * Lists role names.
       *
       * An engine without roles lists none (`keys: []`).
       *
       * Options: `mount` (the client's `databaseMount` by default), `namespace`, `listMethod` (`LIST` or `GET ?list=true`;
       * the client's by default).
       *
       * @example
       * ```ts
       * const { keys } = await secrets.database.roles.list();
       * console.log(keys); // ['readonly']
       * ```
       * @throws {RequestValidationError} before sending, when `mount` or `listMethod` is not a valid value.
       * @throws {PermissionDeniedError} when the token's policy does not allow listing roles.
       * @throws {NotFoundError} when no engine is mounted at the mount path.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      list: listRoles,
      /**
       * DELETE /v1/{db_mount}/roles/:name — {@link deleteRole} with this client's core.
       *
       * Deletes a role.
       *
       * Deleting a role that does not exist succeeds.
       *
       * Options: `mount` (the client's `databaseMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * await secrets.database.roles.delete('readonly');
       * ```
       * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
       * @throws {PermissionDeniedError} when the token's policy does not allow deleting the role.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      delete: deleteRole,
      /**
       * GET /v1/{db_mount}/creds/:name — {@link generateCredentials} with this client's core.
       *
       * Creates a database user for the role and returns its leased credentials. Not retried: a repeated request would create a second user.
       *
       * The username and password are in the answer; the lease that revokes the user (`leaseId`, `leaseDuration`,
       * `renewable`) is on `.withMeta()`. For credentials kept renewed, see `keepCredentials`.
       *
       * Options: `mount` (the client's `databaseMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * const { data, meta } = await secrets.database.roles.generateCredentials('readonly').withMeta();
       * console.log(data.username, meta.leaseId, meta.leaseDuration); // ... 3600
       * ```
       * @throws {BadRequestError} when no role has that name, or its connection does not allow the role.
       * @throws {RequestValidationError} before sending, when the role name is empty or holds `/`, `%` or a control character.
       * @throws {PermissionDeniedError} when the token's policy does not allow reading `creds/` of the role.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors"); a timeout
       * or a lost connection may leave a user created, which its lease revokes.
       */
      generateCredentials: generateCredentials,
    }),
    /** Static roles: existing database users whose password the engine rotates. */
    staticRoles: bindOperations(core, {
      /**
       * POST /v1/{db_mount}/static-roles/:name — {@link writeStaticRole} with this client's core.
       *
       * Creates or updates a static role; creation rotates the password unless skipped.
       *
       * A static role maps to one existing database user (`username`) on a connection (`db_name`); the service
       * rotates its password every `rotation_period`, or on a `rotation_schedule` (cron) within `rotation_window`.
       * When a static role has that name, only the fields given change; `username` and `db_name` stay.
       *
       * Options: `mount` (the client's `databaseMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * await secrets.database.staticRoles.write('app', { db_name: 'mysql', username: 'app', rotation_period: '24h' });
       * ```
       * @throws {RequestValidationError} before sending, when a field breaks the spec (an empty `username` or
       * `db_name`, a period under 5 seconds, period and schedule together, a window under an hour or with a period,
       * a `credential_config` that does not fit the `credential_type`), or the name is empty or holds `/`, `%` or a
       * control character.
       * @throws {BadRequestError} when the service refuses: a new role without `username`, `db_name`, or one of
       * period and schedule; a changed `username` or `db_name`; `skip_import_rotation` without `password`.
       * @throws {PermissionDeniedError} when the token's policy does not allow writing the static role.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      write: writeStaticRole,
      /**
       * GET /v1/{db_mount}/static-roles/:name — {@link readStaticRole} with this client's core.
       *
       * Reads a static role.
       *
       * The answer holds the user, the connection and either `rotation_period` or `rotation_schedule` with
       * `rotation_window` (seconds); never the password (see `readStaticCredentials`).
       *
       * Options: `mount` (the client's `databaseMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * await secrets.database.staticRoles.write('app', { db_name: 'mysql', username: 'app', rotation_period: '24h' });
       * const role = await secrets.database.staticRoles.read('app');
       * console.log(role.username, role.rotation_period); // 'app' 86400
       * ```
       * @throws {NotFoundError} when no static role has that name.
       * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
       * @throws {PermissionDeniedError} when the token's policy does not allow reading the static role.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      read: readStaticRole,
      /**
       * LIST /v1/{db_mount}/static-roles — {@link listStaticRoles} with this client's core.
       *
       * Lists static role names.
       *
       * An engine without static roles lists none (`keys: []`).
       *
       * Options: `mount` (the client's `databaseMount` by default), `namespace`, `listMethod` (`LIST` or `GET ?list=true`;
       * the client's by default).
       *
       * @example
       * ```ts
       * await secrets.database.staticRoles.write('app', { db_name: 'mysql', username: 'app', rotation_period: '24h' });
       * const { keys } = await secrets.database.staticRoles.list();
       * console.log(keys); // ['app']
       * ```
       * @throws {RequestValidationError} before sending, when `mount` or `listMethod` is not a valid value.
       * @throws {PermissionDeniedError} when the token's policy does not allow listing static roles.
       * @throws {NotFoundError} when no engine is mounted at the mount path.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      list: listStaticRoles,
      /**
       * DELETE /v1/{db_mount}/static-roles/:name — {@link deleteStaticRole} with this client's core.
       *
       * Deletes a static role; the database user stays and must be removed by hand.
       *
       * Deleting a static role that does not exist succeeds.
       *
       * Options: `mount` (the client's `databaseMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * await secrets.database.staticRoles.write('app', { db_name: 'mysql', username: 'app', rotation_period: '24h' });
       * await secrets.database.staticRoles.delete('app'); // the database user `app` stays
       * ```
       * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
       * @throws {PermissionDeniedError} when the token's policy does not allow deleting the static role.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      delete: deleteStaticRole,
      /**
       * GET /v1/{db_mount}/static-creds/:name — {@link readStaticCredentials} with this client's core.
       *
       * Reads the current credentials of a static role and the time to its next rotation.
       *
       * `ttl` is the number of seconds until the next rotation; `last_service_rotation` when the last one happened.
       * The credentials carry no lease.
       *
       * Options: `mount` (the client's `databaseMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * await secrets.database.staticRoles.write('app', { db_name: 'mysql', username: 'app', rotation_period: '24h' });
       * const credentials = await secrets.database.staticRoles.readCredentials('app');
       * console.log(credentials.username, credentials.ttl); // 'app' 86400
       * ```
       * @throws {BadRequestError} when no static role has that name.
       * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
       * @throws {PermissionDeniedError} when the token's policy does not allow reading `static-creds/` of the role.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      readCredentials: readStaticCredentials,
      /**
       * POST /v1/{db_mount}/rotate-role/:name — {@link rotateStaticRole} with this client's core.
       *
       * Rotates a static role's password now, which resets its TTL.
       *
       * The next automatic rotation is a full period (or the next scheduled time) away.
       *
       * Options: `mount` (the client's `databaseMount` by default), `namespace`.
       *
       * @example
       * ```ts
       * await secrets.database.staticRoles.write('app', { db_name: 'mysql', username: 'app', rotation_period: '24h' });
       * await secrets.database.staticRoles.rotate('app');
       * ```
       * @throws {BadRequestError} when no static role has that name.
       * @throws {RequestValidationError} before sending, when the name is empty or holds `/`, `%` or a control character.
       * @throws {PermissionDeniedError} when the token's policy does not allow rotating the static role.
       * @throws {TimeoutError | ConnectionError | AbortError} as every call can (the README's "Errors").
       */
      rotate: rotateStaticRole,
    }),
  };
}
