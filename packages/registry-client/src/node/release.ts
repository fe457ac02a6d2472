// A gigabyte that passes through Node as fresh buffers is a gigabyte of garbage, and V8 collects
// buffer memory only once about 64 MB of it has piled up: a transfer's memory then grows by that much
// whatever its chunk size. Buffers that only this package ever held (read from a socket or a file here)
// are freed as soon as their bytes are written, so memory stays at the few chunks in flight.

const owned = new WeakSet<ArrayBufferLike>();

/** Records that nothing outside this package holds `chunk`'s memory (the chunk spans all of it). */
export function markOwned(chunk: Uint8Array): Uint8Array {
  if (chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength) owned.add(chunk.buffer);
  return chunk;
}

/**
 * Frees the memory of a chunk that was written, when it is owned and this is its last slice: earlier
 * slices of the same buffer went first, in order. Anything else is left to the garbage collector.
 */
export function releaseWritten(chunk: Uint8Array): void {
  const { buffer } = chunk;
  if (!owned.has(buffer) || chunk.byteOffset + chunk.byteLength !== buffer.byteLength) return;
  owned.delete(buffer);
  // Moving the contents into a zero-length buffer detaches this one and frees its memory at once.
  const movable = buffer as ArrayBuffer & { detached?: boolean; transfer?: (length: number) => ArrayBuffer };
  if (movable.detached === false) movable.transfer?.(0);
}
