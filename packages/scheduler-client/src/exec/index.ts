export {
  type ExecOptions,
  execAllocation,
} from './exec-allocation.js';
export type { ExecSession } from './session.js';
export type {
  ExecClientFrame,
  ExecOutput,
  ExecRequest,
  ExecServerFrame,
  TerminalSize,
} from './types.generated.js';
