// The mesh server's side of core's blocking queries: its limits and consistency modes.
import {
  type BlockingLimits,
  type BlockingOptions,
  type BlockingQuery,
  type Consistency,
  toBlockingQuery,
} from '@infra-sdk/core';

/** The consistency modes the namespace API's blocking endpoints offer. */
export const consistencyModes = ['default', 'stale', 'consistent'] as const satisfies readonly Consistency[];

// The spec shows no limits ("not shown"): these are what such servers use, a 5-minute default wait and
// 10 minutes at most. A longer wait is refused before sending rather than cut short by the server.
/** Blocking-query limits of the mesh server. */
export const meshBlockingLimits: BlockingLimits = {
  maxWaitMs: 600_000,
  defaultWaitMs: 300_000,
  consistency: consistencyModes,
};

/** True for a consistency mode of the namespace API. */
export function isConsistency(value: string): value is Consistency {
  return (consistencyModes as readonly string[]).includes(value);
}

/**
 * The `blocking` field of a read or list request: the call's options checked against the server's
 * limits (RequestValidationError before sending), left out when the call does not block.
 */
export function blockingField(
  options: BlockingOptions,
  clientConsistency: Consistency,
): { readonly blocking?: BlockingQuery } {
  const blocking = toBlockingQuery(options, meshBlockingLimits, clientConsistency);
  return blocking === undefined ? {} : { blocking };
}
