// The consistency index the service sends with a write (`X-Secrets-Index`) is the state of one cluster
// after that write: base64 of `v1:<cluster>:<local index>:<replicated index>:<hmac>`. The client never
// checks the HMAC (only the service can); it reads the two indexes to keep the newest state it saw,
// as the service's Go client does, and treats anything it cannot read as the newest.

/** Response and request header with the consistency index of a write. */
export const INDEX_HEADER = 'X-Secrets-Index';

/** Request header saying what a node that has not reached the index does: `forward-active-node` or `fail`. */
export const INCONSISTENT_HEADER = 'X-Secrets-Inconsistent';

/** The cluster and the two indexes of a state; undefined when it cannot be read. */
function parseState(raw: string): [string, number, number] | undefined {
  try {
    const [version, cluster, local, replicated, hmac] = atob(raw).split(':');
    if (version === 'v1' && cluster && hmac !== undefined && /^\d+:\d+$/.test(`${local}:${replicated}`))
      return [cluster, Number(local), Number(replicated)];
  } catch {}
  return undefined;
}

/**
 * 1 when `a` is at least as new as `b` in both indexes, -1 when older, 0 when neither (each newer in
 * one index); undefined when they cannot be compared (another cluster, or unreadable).
 */
function compareStates(a: string, b: string): 1 | 0 | -1 | undefined {
  const left = parseState(a);
  const right = parseState(b);
  if (!left || !right || left[0] !== right[0]) return undefined;
  if (left[1] >= right[1] && left[2] >= right[2]) return 1;
  return left[1] <= right[1] && left[2] <= right[2] ? -1 : 0;
}

/**
 * The states to require after seeing `next`: the newest of each comparable pair, both when neither is
 * newer; `next` alone when it cannot be compared with what was kept (it is what the service said last).
 */
export function mergeIndexStates(kept: readonly string[], next: string): readonly string[] {
  if (kept.length === 0 || kept.length > 2) return [next];
  const merged = new Set<string>();
  for (const old of kept) {
    const order = compareStates(old, next);
    if (order === undefined) return [next];
    if (order >= 0) merged.add(old);
    if (order <= 0) merged.add(next);
  }
  return [...merged];
}
