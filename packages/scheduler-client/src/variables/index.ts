export { type VariablesGroup, variablesGroup } from './group.js';
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
export {
  type IterateVariablesOptions,
  iterateVariables,
  type ListVariablesOptions,
  listVariables,
  watchVariables,
} from './list-variables.js';
export { type ReadVariableOptions, readVariable, watchVariable } from './read-variable.js';
export {
  type AcquireVariableLockRequest,
  AcquireVariableLockRequestSchema,
  type DeleteVariableResponse,
  DeleteVariableResponseSchema,
  MAX_VARIABLE_ITEMS_BYTES,
  type Variable,
  type VariableLock,
  type VariableLockId,
  VariableLockIdSchema,
  VariableLockSchema,
  type VariableLockSpec,
  VariableLockSpecSchema,
  type VariableMetadata,
  type VariableMetadataList,
  VariableMetadataListSchema,
  VariableMetadataSchema,
  VariableSchema,
  type WriteVariableRequest,
  WriteVariableRequestSchema,
} from './schemas.js';
export { acquireVariableLock, releaseVariableLock, renewVariableLock } from './variable-locks.js';
export { deleteVariable, type VariableWriteOptions, writeVariable } from './write-variable.js';
