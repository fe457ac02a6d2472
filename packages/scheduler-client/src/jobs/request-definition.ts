// The job definition to submit: the same factories as the response shape, with durations that may be
// unit text. Apart from definition.ts so that an application that only reads jobs does not bundle the
// request-side duration conversion.

import type * as v from 'valibot';
import { Nanoseconds } from '../durations.js';
import { jobDefinition, task, taskGroup } from './definition.js';
import type { Job, JobInput, Task, TaskGroup, TaskGroupInput, TaskInput } from './types.generated.js';

// Typed level by level through named types, as the response shape is (see definition.ts).
/** A task to submit: durations may be unit text (`"30s"`). */
export const taskInputShape = task(Nanoseconds);
const TaskInputSchema: v.GenericSchema<TaskInput, Task> = taskInputShape;
/** A task group to submit: durations may be unit text (`"30s"`). */
export const taskGroupInputShape = taskGroup(Nanoseconds, TaskInputSchema);
const TaskGroupInputSchema: v.GenericSchema<TaskGroupInput, TaskGroup> = taskGroupInputShape;
/** What a job definition may be written as; a `Job` read from the server is one. */
export const jobInputShape = jobDefinition(Nanoseconds, TaskGroupInputSchema);
/** A job definition to submit: durations may be unit text (`"30s"`), which is sent as nanoseconds. */
export const JobInputSchema: v.GenericSchema<JobInput, Job> = jobInputShape;
