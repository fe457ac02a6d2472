/** How far a box transfer is. */
export interface TransferProgress {
  /** Whether the box is going up to the registry or coming down from it. */
  readonly direction: 'upload' | 'download';
  /** Bytes moved so far in this attempt. */
  readonly loaded: number;
  /** All bytes, when known (a Blob, bytes, a file, `size`, or a Content-Length). */
  readonly total: number | undefined;
  /** 1 for the first attempt; an upload whose address expired starts again from byte 0 as attempt 2. */
  readonly attempt: number;
}

/** Receives progress events; called for every chunk, so keep it quick. */
export type ProgressListener = (progress: TransferProgress) => void;
