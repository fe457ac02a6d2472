// How the scheduler differs from a plain JSON service, applied to every typed call of its client.
import type { ServiceRules } from '@infra-sdk/core';
import { parseWithTimes, timeFields } from './time-fields.js';

/** The scheduler's rules: a response whose schema declares Unix-nanosecond times keeps every digit of them. */
export const schedulerRules: ServiceRules = {
  prepare: (spec) => {
    if (spec.parseJson !== undefined || spec.schema === undefined) return spec;
    const fields = timeFields(spec.schema);
    return fields === undefined ? spec : { ...spec, parseJson: (text) => parseWithTimes(text, fields) };
  },
  // `request()` takes core's per-call options and no others (no namespace: its query is the caller's).
  optionKeys: {},
};
