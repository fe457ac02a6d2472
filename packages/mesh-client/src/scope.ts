// Where a call goes: the admin partition its namespaces live in and the datacenter that answers it,
// sent as `?partition=` and `?dc=` and checked before anything is sent.
import {
  type KeySets,
  type OwnOptionKeys,
  type Query,
  type RequestOptions,
  RequestValidationError,
  requestOptionKeys,
  validateRequest,
} from '@infra-sdk/core';
import * as v from 'valibot';
import { NamespaceNameSchema } from './namespaces/schemas.js';

/** The admin partition and datacenter of a call. */
export interface MeshScope {
  /**
   * Admin partition of the namespace(s) the call reaches, sent as `?partition=` (a DNS hostname label).
   * Default: the server's, which is the token's partition (`default` on a server without partitions).
   */
  readonly partition?: string | undefined;
  /** Datacenter that answers the call, sent as `?dc=`. Default: the datacenter of the agent asked. */
  readonly dc?: string | undefined;
}

/**
 * The request options of a namespace call, with its partition and datacenter.
 *
 * Every call can fail with a `TimeoutError` (a time limit passed), a `ConnectionError` (the connection
 * failed or broke) or an `AbortError` (`signal` aborted); the operations' `@throws` leave these out
 * (the README's "Errors") and name only the errors of their own.
 */
export interface MeshRequestOptions extends RequestOptions, MeshScope {}

/** The keys of `MeshRequestOptions`: core's per-call options and the scope's. */
export const meshRequestOptionKeys: KeySets = [
  requestOptionKeys,
  { partition: 1, dc: 1 } as const satisfies OwnOptionKeys<MeshRequestOptions, RequestOptions>,
];

const MeshScopeSchema = v.object({
  partition: v.optional(NamespaceNameSchema),
  dc: v.optional(
    v.pipe(
      v.string('must be a string'),
      v.regex(/^[A-Za-z0-9_.-]+$/, 'must be a datacenter name: letters, digits, ".", "_" or "-"'),
    ),
  ),
});

/** The query parameters of a call's scope; a bad partition or datacenter is refused before sending. */
export async function scopeQuery(options: MeshScope): Promise<{ readonly query?: Query }> {
  const { partition, dc } = await validateRequest(
    MeshScopeSchema,
    { partition: options.partition, dc: options.dc },
    'call options',
  );
  if (partition === undefined && dc === undefined) return {};
  return {
    query: {
      ...(partition === undefined ? {} : { partition }),
      ...(dc === undefined ? {} : { dc }),
    },
  };
}

/**
 * The scope of a write whose body may name its `Partition` too: the two must agree, or the write would
 * land in a partition the caller did not mean.
 */
export async function writeScopeQuery(
  options: MeshScope,
  bodyPartition: string | undefined,
  what: string,
): Promise<{ readonly query?: Query }> {
  const scope = await scopeQuery(options);
  const { partition } = options;
  if (bodyPartition !== undefined && partition !== undefined && bodyPartition !== partition) {
    throw new RequestValidationError(what, [
      {
        path: 'Partition',
        message: `must equal the partition option ("${partition}"), got "${bodyPartition}"`,
      },
    ]);
  }
  return scope;
}
