import * as v from 'valibot';

/** `default`: the leader answers; `stale`: any server answers, possibly behind; `consistent`: the leader first confirms it still leads. */
export const ConsistencySchema = v.picklist(['default', 'stale', 'consistent']);

/** A consistency mode of reads and lists. */
export type Consistency = v.InferOutput<typeof ConsistencySchema>;
