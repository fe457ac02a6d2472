// Deep copies of the fake's JSON-like state. structuredClone would turn a WireNanos into a plain object,
// so times are kept as they are (they never change in place).
import { WireNanos } from './wire-nanos.js';

/** A deep copy of plain objects and arrays; WireNanos values and other leaves are shared. */
export function copy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copy) as T;
  if (value === null || typeof value !== 'object' || value instanceof WireNanos) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = copy(item);
  return out as T;
}
