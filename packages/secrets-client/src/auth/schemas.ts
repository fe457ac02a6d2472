// Schemas of the login endpoints: what each auth method takes, and the `auth` block a login answers with.
import * as v from 'valibot';
import { requestObject } from '../request-fields.js';
import { TokenAuthSchema } from '../token/schemas.js';

/** The `auth` block of a login's answer: the token it issued and what it may do. */
export const LoginAuthSchema = /* @__PURE__ */ v.looseObject({
  ...TokenAuthSchema.entries,
  /** Set when the login needs a second factor before the token works. */
  mfa_requirement: v.nullish(v.unknown()),
});

const text = (what: string) => v.pipe(v.string(), v.minLength(1, `must not be empty (${what})`));

/** Body of POST /auth/{approle mount}/login. */
export const AppRoleLoginRequestSchema = /* @__PURE__ */ requestObject(
  {
    /** The role's id (`role/:name/role-id`). */
    role_id: text('the role id'),
    /** A secret id of the role; omitted when the role does not bind one. */
    secret_id: v.optional(v.string()),
  },
  'AppRole login',
);

/** Body of POST /auth/{userpass mount}/login/:username. */
export const UserpassLoginRequestSchema = /* @__PURE__ */ requestObject(
  {
    /** The user's password. */
    password: text('the password'),
  },
  'userpass login',
);

/** Body of POST /auth/{kubernetes mount}/login. */
export const KubernetesLoginRequestSchema = /* @__PURE__ */ requestObject(
  {
    /** The role to log in to. */
    role: text('the role'),
    /** The service account's token (a signed JWT). */
    jwt: text('the service account token'),
  },
  'Kubernetes login',
);

/** Body of POST /auth/{jwt mount}/login. */
export const JwtLoginRequestSchema = /* @__PURE__ */ requestObject(
  {
    /** The role to log in to; omitted: the method's default role. */
    role: v.optional(text('the role')),
    /** The signed JWT. */
    jwt: text('the JWT'),
    /** A token to fetch group claims from a distributed claim source (Azure/Entra ID only). */
    distributed_claim_access_token: v.optional(v.string()),
  },
  'JWT login',
);
