// Deep copies of the fake's JSON-like state. structuredClone would turn a UnixNanos into a plain object,
// so times are kept as they are (they never change in place).
import { UnixNanos } from '../unix-nanos.js';

/** A deep copy of plain objects and arrays; UnixNanos values and other leaves are shared. */
export function copy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copy) as T;
  if (value === null || typeof value !== 'object' || value instanceof UnixNanos) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = copy(item);
  return out as T;
}
