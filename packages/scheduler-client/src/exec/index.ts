export { type ExecOptions, execAllocation } from './exec-allocation.js';
export {
  type ExecClientFrame,
  ExecClientFrameSchema,
  type ExecRequest,
  ExecRequestSchema,
  type ExecServerFrame,
  ExecServerFrameSchema,
  type TerminalSize,
  TerminalSizeSchema,
} from './frames.js';
export type { ExecSession } from './session.js';
