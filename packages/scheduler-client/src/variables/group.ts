import { type BoundGroup, bindOperations } from '@infra-sdk/core';
import type { SchedulerCore } from '../core.js';
import { holdVariableLock } from './hold-variable-lock.js';
import { iterateVariables, listVariables, watchVariables } from './list-variables.js';
import { readVariable, watchVariable } from './read-variable.js';
import { acquireVariableLock, releaseVariableLock, renewVariableLock } from './variable-locks.js';
import { deleteVariable, writeVariable } from './write-variable.js';

const variableOperations = {
  list: listVariables,
  iterate: iterateVariables,
  watchList: watchVariables,
  read: readVariable,
  watch: watchVariable,
  write: writeVariable,
  delete: deleteVariable,
  acquireLock: acquireVariableLock,
  renewLock: renewVariableLock,
  releaseLock: releaseVariableLock,
  holdLock: holdVariableLock,
};

/** The variables group of the client; each method is the standalone operation with the core applied. */
export interface VariablesGroup extends BoundGroup<SchedulerCore, typeof variableOperations> {}

/** The variables group of the client: `client.variables.write(path, { Items })`, `client.variables.holdLock(path)`, ... */
export function variablesGroup(core: SchedulerCore): VariablesGroup {
  return bindOperations(core, variableOperations);
}
