export { type ExecOptions, execAllocation } from './exec-allocation.js';
export {
  ExecClientFrame,
  ExecClientFrameSchema,
  ExecRequest,
  ExecRequestSchema,
  ExecServerFrame,
  ExecServerFrameSchema,
  TerminalSize,
  TerminalSizeSchema,
} from './frames.js';
export type { ExecSession } from './session.js';
