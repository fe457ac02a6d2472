export {
  type VariablesGroup,
  variablesGroup,
} from './group.js';
export {
  type HeldVariableLock,
  type HoldVariableLockOptions,
  holdVariableLock,
  type VariableLockEnd,
  type VariableLockEndReason,
  type VariableLockEvent,
  type VariableLockHolder,
  type VariableLockStep,
} from './hold-variable-lock.js';
export { MAX_VARIABLE_ITEMS_BYTES } from './items-limit.js';
export {
  type IterateVariablesOptions,
  iterateVariables,
  type ListVariablesOptions,
  listVariables,
  watchVariables,
} from './list-variables.js';
export {
  type ReadVariableOptions,
  readVariable,
  watchVariable,
} from './read-variable.js';
export type {
  AcquireVariableLockRequest,
  DeleteVariableResponse,
  Variable,
  VariableLock,
  VariableLockId,
  VariableLockSpec,
  VariableMetadata,
  VariableMetadataList,
  WriteVariableRequest,
} from './types.generated.js';
export {
  acquireVariableLock,
  releaseVariableLock,
  renewVariableLock,
} from './variable-locks.js';
export {
  deleteVariable,
  type VariableWriteOptions,
  writeVariable,
} from './write-variable.js';
