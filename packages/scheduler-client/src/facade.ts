// The grouped client is made of the standalone operations with the core already applied.
import type { SchedulerCore } from './client.js';

/** A standalone operation: the core first, then the call's own arguments. */
// biome-ignore lint/suspicious/noExplicitAny: any is what lets every operation's parameter list be inferred.
type Operation = (core: SchedulerCore, ...args: any[]) => unknown;

/** An operation with the core applied. */
export type Bound<F extends Operation> = F extends (core: SchedulerCore, ...args: infer A) => infer R
  ? (...args: A) => R
  : never;

/** Applies `core` to an operation. */
export function bind<F extends Operation>(core: SchedulerCore, operation: F): Bound<F> {
  return ((...args: unknown[]) => operation(core, ...args)) as Bound<F>;
}
