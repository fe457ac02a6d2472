// The search answer as the registry sends it; the query is in request-schemas.ts.
import * as v from 'valibot';
import { BoxSchema } from '../boxes/schemas.js';

/** The search response. */
export const SearchResultSchema = v.looseObject({
  boxes: v.array(BoxSchema),
});
