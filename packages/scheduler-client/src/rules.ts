// How the scheduler differs from a plain JSON service, applied to every typed call of its client.
import type { ServiceRules } from '@infra-sdk/core';
import { parseExactJson } from './unix-nanos.js';

/** The scheduler's service rules: times are Unix nanoseconds, beyond 2^53, so bodies are parsed exactly. */
export const schedulerRules: ServiceRules = {
  prepare: (spec) => (spec.parseJson === undefined ? { ...spec, parseJson: parseExactJson } : spec),
};
