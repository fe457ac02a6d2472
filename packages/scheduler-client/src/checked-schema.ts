// The full client's responses skip valibot when it would only copy them: `v.safeParse` of a read job
// costs about 20 µs, most of it building a copy of every object, while the payload check answers in
// about 2 µs whether valibot accepts the value and returns it unchanged. Only when the check cannot say
// so does valibot run, so the data and the issues are valibot's either way. Standalone operations on
// `createSchedulerCore` keep plain valibot, so that a bundle of one of them does not carry the check.
import type { OperationSpec, ServiceRules, StandardSchemaV1 } from '@infra-sdk/core';
import type * as v from 'valibot';
import { payloadCheck } from './payload-check.js';
import { schedulerRules } from './rules.js';

const checked = new WeakMap<object, StandardSchemaV1>();

/** `schema` with the payload check in front of it: a value the check passes is the result as it is. */
export function withPayloadCheck<T>(schema: StandardSchemaV1<unknown, T>): StandardSchemaV1<unknown, T> {
  let wrapped = checked.get(schema) as StandardSchemaV1<unknown, T> | undefined;
  if (wrapped === undefined) {
    const check = payloadCheck(schema as unknown as v.GenericSchema);
    const standard = schema['~standard'];
    wrapped = {
      '~standard': {
        version: 1,
        vendor: standard.vendor,
        validate: (value) => (check(value) ? { value: value as T } : standard.validate(value)),
      },
    };
    checked.set(schema, wrapped);
  }
  return wrapped;
}

/** The scheduler's rules with the payload check in front of every response schema. */
export const checkedSchedulerRules: ServiceRules = {
  prepare: (spec) => {
    const prepared = schedulerRules.prepare ? schedulerRules.prepare(spec) : spec;
    return prepared.schema === undefined
      ? prepared
      : ({ ...prepared, schema: withPayloadCheck(prepared.schema) } as OperationSpec<unknown>);
  },
};
