// The bodies that carry a job (register, update, plan, validate) are strict objects around a loose job:
// a job keeps the fields a newer scheduler added, so one read, changed and sent back loses nothing. A
// field of the update strategy written beside the job's own fields (or a group's) is not such a field
// but a block written one level too high, which the scheduler would ignore: it is refused, naming
// where it belongs (`Canary` in `Job.Update` or `Job.TaskGroups[].Update`), as core's hint does for the
// strict objects around it.
import {
  fieldsAt,
  RequestValidationError,
  type StandardSchemaV1,
  unknownFieldMessage,
  type ValidationIssue,
  validateRequestBody,
} from '@infra-sdk/core';
import { jobInputShape } from './request-definition.js';

type Fields = Readonly<Record<string, unknown>>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Validates a body with a `Job` as `validateRequestBody` does, and refuses the update strategy's fields
 * given at the top of the job or of a group; every problem is reported at once.
 */
export async function validateJobBody<T>(
  schema: StandardSchemaV1<unknown, T>,
  body: unknown,
  what: string,
): Promise<T> {
  const misplaced = misplacedFields(schema, isFields(body) ? body.Job : undefined);
  let checked: T;
  try {
    checked = await validateRequestBody(schema, body, what);
  } catch (error) {
    if (misplaced.length === 0 || !RequestValidationError.isInstance(error)) throw error;
    throw new RequestValidationError(what, [...misplaced, ...error.issues]);
  }
  if (misplaced.length > 0) throw new RequestValidationError(what, misplaced);
  return checked;
}

/** The update strategy's fields at the top of `job` and of its groups, that these do not declare. */
function misplacedFields(schema: unknown, job: unknown): ValidationIssue[] {
  if (!isFields(job)) return [];
  const update = fieldsAt(jobInputShape, ['Update']) ?? [];
  const issues: ValidationIssue[] = [];
  const check = (object: unknown, at: string, known: readonly string[]) => {
    if (!isFields(object)) return;
    for (const key of Object.keys(object)) {
      if (update.includes(key) && !known.includes(key)) {
        issues.push({ path: `${at}.${key}`, message: unknownFieldMessage(key, known, schema) });
      }
    }
  };
  check(job, 'Job', Object.keys(jobInputShape.entries));
  const groups = Array.isArray(job.TaskGroups) ? job.TaskGroups : [];
  const groupFields = fieldsAt(jobInputShape, ['TaskGroups', 0]) ?? [];
  for (const [index, group] of groups.entries()) check(group, `Job.TaskGroups.${index}`, groupFields);
  return issues;
}
