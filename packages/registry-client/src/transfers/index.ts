export type { ProgressListener, TransferProgress } from './progress.js';
