// The job definition to submit: the same factories as the response shape, with durations that may be
// unit text. Apart from definition.ts so that an application that only reads jobs does not bundle the
// request-side duration conversion.
import type * as v from 'valibot';
import { Nanoseconds } from '../durations.js';
import { jobDefinition } from './definition.js';

/** The schema type of a job definition to submit, named as `JobSchema` is (see definition.ts). */
export interface JobInputSchema extends ReturnType<typeof jobDefinition<typeof Nanoseconds>> {}
/** A job definition to submit: durations may be unit text (`"30s"`), which is sent as nanoseconds. */
export const JobInputSchema: JobInputSchema = jobDefinition(Nanoseconds);
/** What a job definition may be written as; a `Job` read from the server is one. */
export interface JobInput extends v.InferInput<typeof JobInputSchema> {
  /** The job's id: what every call about the job names it by. */
  ID: string;
}
