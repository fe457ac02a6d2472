// The schema of the envelope every response wraps its payload in (envelope.ts takes it apart).
import * as v from 'valibot';

/** The envelope around every payload, typed by the schema of its `data`. */
/* @__NO_SIDE_EFFECTS__ */
export function envelopeSchema<TData extends v.GenericSchema>(data: TData) {
  return v.looseObject({
    request_id: v.optional(v.string()),
    lease_id: v.optional(v.string()),
    lease_duration: v.optional(v.number()),
    renewable: v.optional(v.boolean()),
    data,
    wrap_info: v.nullish(v.looseObject({})),
    warnings: v.nullish(v.array(v.string())),
    auth: v.nullish(v.looseObject({})),
    mount_type: v.optional(v.string()),
  });
}

/** The envelope of a response, `data` typed by `TData`. */
export type SecretsEnvelope<TData> = v.InferOutput<
  ReturnType<typeof envelopeSchema<v.GenericSchema<unknown, TData>>>
>;
