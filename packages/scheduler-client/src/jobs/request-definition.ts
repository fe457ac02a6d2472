// The job definition to submit: the same factories as the response shape, with durations that may be
// unit text. Apart from definition.ts so that an application that only reads jobs does not bundle the
// request-side duration conversion.
import type * as v from 'valibot';
import { Nanoseconds } from '../durations.js';
import { type Job, jobDefinition, type Task, type TaskGroup, task, taskGroup } from './definition.js';

// Typed level by level through named types, as the response shape is (see definition.ts).
const taskInputShape = task(Nanoseconds);
/** A task to submit: durations may be unit text (`"30s"`). */
export interface TaskInput extends v.InferInput<typeof taskInputShape> {}
const TaskInputSchema: v.GenericSchema<TaskInput, Task> = taskInputShape;
const taskGroupInputShape = taskGroup(Nanoseconds, TaskInputSchema);
/** A task group to submit: durations may be unit text (`"30s"`). */
export interface TaskGroupInput extends v.InferInput<typeof taskGroupInputShape> {}
const TaskGroupInputSchema: v.GenericSchema<TaskGroupInput, TaskGroup> = taskGroupInputShape;
const jobInputShape = jobDefinition(Nanoseconds, TaskGroupInputSchema);
/** What a job definition may be written as; a `Job` read from the server is one. */
export interface JobInput extends v.InferInput<typeof jobInputShape> {
  /** The job's id: what every call about the job names it by. */
  ID: string;
}
/** A job definition to submit: durations may be unit text (`"30s"`), which is sent as nanoseconds. */
export const JobInputSchema: v.GenericSchema<JobInput, Job> = jobInputShape;
