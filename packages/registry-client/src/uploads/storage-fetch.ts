// Which storage transports send through a fetch the client options gave: uploads choose how to send a
// Blob by it (XMLHttpRequest only when no fetch of the user's carries the PUTs).
const ownFetches = new WeakSet<object>();

/** Records that `storage` sends through a fetch the client options gave; returns it. */
export function markOwnFetch<T extends object>(storage: T): T {
  ownFetches.add(storage);
  return storage;
}

/** Whether `storage` was built around a fetch from the client options. */
export function hasOwnFetch(storage: object): boolean {
  return ownFetches.has(storage);
}
