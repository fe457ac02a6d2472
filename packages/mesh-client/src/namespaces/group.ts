import type { ApiPromise, ApiResult, RequestOptions } from '@infra-sdk/core';
import type { MeshCore } from '../core.js';
import type { MeshWatchOptions } from '../watch-options.js';
import { createNamespace } from './create.js';
import { deleteNamespace } from './delete.js';
import { type ListNamespacesOptions, listNamespaces } from './list.js';
import { type ReadNamespaceOptions, readNamespace } from './read.js';
import type { Namespace, NamespaceCreate, NamespaceUpdate } from './schemas.js';
import { updateNamespace } from './update.js';
import { type WaitUntilDeletedOptions, waitUntilNamespaceDeleted } from './wait-until-deleted.js';
import { watchNamespace, watchNamespaces } from './watch.js';

/** The namespace endpoints of a client: `client.namespaces.read('team-1')`. */
export interface NamespacesGroup {
  /** PUT /v1/namespace — creates a namespace. */
  create(namespace: NamespaceCreate, options?: RequestOptions): ApiPromise<Namespace>;
  /** GET /v1/namespace/:name — reads one namespace (blocking with `index`). */
  read(name: string, options?: ReadNamespaceOptions): ApiPromise<Namespace>;
  /** PUT /v1/namespace/:name — replaces a namespace's description, ACLs and metadata. */
  update(name: string, namespace: NamespaceUpdate, options?: RequestOptions): ApiPromise<Namespace>;
  /** DELETE /v1/namespace/:name — marks a namespace for deletion. */
  delete(name: string, options?: RequestOptions): ApiPromise<void>;
  /** GET /v1/namespaces — lists the namespaces the token may see (blocking with `index`). */
  list(options?: ListNamespacesOptions): ApiPromise<Namespace[]>;
  /** GET /v1/namespace/:name as a watch: a snapshot now and after every change. */
  watch(name: string, options?: MeshWatchOptions): AsyncGenerator<ApiResult<Namespace>, void, undefined>;
  /** GET /v1/namespaces as a watch: a snapshot now and after every change. */
  watchList(options?: MeshWatchOptions): AsyncGenerator<ApiResult<Namespace[]>, void, undefined>;
  /** GET /v1/namespace/:name until it answers 404: resolves once a deleted namespace is removed. */
  waitUntilDeleted(name: string, options?: WaitUntilDeletedOptions): Promise<void>;
}

/** Binds the standalone namespace operations to one client core. */
export function createNamespacesGroup(core: MeshCore): NamespacesGroup {
  return {
    create: (namespace, options) => createNamespace(core, namespace, options),
    read: (name, options) => readNamespace(core, name, options),
    update: (name, namespace, options) => updateNamespace(core, name, namespace, options),
    delete: (name, options) => deleteNamespace(core, name, options),
    list: (options) => listNamespaces(core, options),
    watch: (name, options) => watchNamespace(core, name, options),
    watchList: (options) => watchNamespaces(core, options),
    waitUntilDeleted: (name, options) => waitUntilNamespaceDeleted(core, name, options),
  };
}
