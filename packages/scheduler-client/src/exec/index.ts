export { type ExecOptions, execAllocation } from './exec-allocation.js';
export { ExecClientFrame, ExecRequest, ExecServerFrame, TerminalSize } from './frames.js';
export type { ExecSession } from './session.js';
