import * as v from 'valibot';
import { BoxSchema } from '../boxes/schemas.js';

/** A user or organization as the registry sends it, with the boxes the caller may see. */
export const UserSchema = v.looseObject({
  username: v.string(),
  avatar_url: v.nullable(v.string()),
  profile_html: v.nullable(v.string()),
  profile_markdown: v.nullable(v.string()),
  boxes: v.array(BoxSchema),
});
