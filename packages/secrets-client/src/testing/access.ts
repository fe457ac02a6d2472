// Tokens and their policies. A rule names a path (exact, `prefix*`, or with `+` for one segment) and
// its capabilities; as in the service, the most specific matching rule decides.
import type { Capability } from './routes.js';

/** One rule of a policy. */
export interface FakeAclRule {
  /** `gcp/roleset/web`, `gcp/roleset/*`, `team-a/+/config`; namespaces are part of the path. */
  readonly path: string;
  /** What the rule allows; `deny` refuses everything on the path. */
  readonly capabilities: readonly (Capability | 'deny')[];
}

/** A token's policy: `root` may do anything, otherwise a list of rules. */
export type FakePolicy = 'root' | readonly FakeAclRule[];

function matches(rule: string, path: string): boolean {
  const glob = rule.endsWith('*');
  const ruleParts = (glob ? rule.slice(0, -1) : rule).split('/');
  const pathParts = path.split('/');
  if (!glob && ruleParts.length !== pathParts.length) return false;
  if (glob && pathParts.length < ruleParts.length) return false;
  return ruleParts.every((part, index) => {
    const segment = pathParts[index] ?? '';
    if (part === '+') return true;
    const last = index === ruleParts.length - 1;
    return glob && last ? segment.startsWith(part) : part === segment;
  });
}

/** Specificity of a matching rule: exact rules first, then the longest pattern. */
function weight(rule: string): number {
  return (rule.endsWith('*') ? 0 : 1_000_000) + rule.length;
}

/** The tokens the fake accepts. */
export class AccessControl {
  readonly #tokens = new Map<string, FakePolicy>();

  constructor(tokens: Readonly<Record<string, FakePolicy>>) {
    for (const [token, policy] of Object.entries(tokens)) this.#tokens.set(token, policy);
  }

  /** Adds a token or replaces its policy. */
  set(token: string, policy: FakePolicy): void {
    this.#tokens.set(token, policy);
  }

  /** Removes a token. */
  revoke(token: string): void {
    this.#tokens.delete(token);
  }

  /** The capabilities `token` has on `path` (empty for an unknown token). */
  capabilities(token: string | undefined, path: string): ReadonlySet<Capability> {
    const policy = token === undefined ? undefined : this.#tokens.get(token);
    if (policy === undefined) return new Set();
    if (policy === 'root') return new Set(['create', 'read', 'update', 'patch', 'delete', 'list', 'sudo']);
    const rule = policy
      .filter((candidate) => matches(candidate.path, path))
      .sort((a, b) => weight(b.path) - weight(a.path))[0];
    if (rule === undefined || rule.capabilities.includes('deny')) return new Set();
    return new Set(rule.capabilities.filter((item): item is Capability => item !== 'deny'));
  }
}
