// Durations inside job definitions and drain specs travel as integer nanoseconds; callers may write
// them as unit text ("30s", "1h30m") and the request schema converts them before sending.
import { type DurationInput, InfraSdkError, toNanoseconds } from '@infra-sdk/core';
import * as v from 'valibot';

/** A duration as given: nanoseconds, or unit text such as `"10s"`, `"5m"` or `"1h30m"`. */
export const DurationInputSchema = v.union([v.number(), v.string()]);

/** Request field: a duration given as nanoseconds or unit text, sent as whole nanoseconds. */
export const Nanoseconds = v.pipe(
  DurationInputSchema,
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    try {
      return toNanoseconds(dataset.value as DurationInput);
    } catch (error) {
      addIssue({ message: InfraSdkError.isInstance(error) ? durationMessage(error) : String(error) });
      return NEVER;
    }
  }),
);

/** The rule text of core's duration error, without its "nothing was sent" preamble. */
function durationMessage(error: InfraSdkError): string {
  const issues = (error as { issues?: readonly { message: string }[] }).issues;
  return issues?.[0]?.message ?? error.message;
}
