// Field-exact checks of valibot schemas against wire samples, for the packages' tests only (never
// shipped: no package lists this folder in its `files`, and no `src/` file imports it).
//
// Response schemas keep unknown keys and mark most fields optional, so a misspelt field decodes as
// "absent" and the value passes untyped. These helpers walk a sample and its schema side by side and
// name every key the schema does not declare, and walk a schema alone to name every key it declares.
// They read the schema objects' public shape (`type`, `entries`, `wrapped`, `item`, `items`, `options`,
// `value`, `rest`, `getter`) and import nothing, so every package can use them whatever it depends on.

/** The parts of a valibot schema object the walk reads. */
export interface SchemaLike {
  readonly type: string;
  readonly entries?: Readonly<Record<string, SchemaLike>>;
  readonly wrapped?: SchemaLike;
  readonly item?: SchemaLike;
  readonly items?: readonly SchemaLike[];
  readonly options?: readonly unknown[];
  readonly value?: SchemaLike;
  readonly rest?: SchemaLike;
  readonly getter?: (input: unknown) => SchemaLike;
  readonly pipe?: readonly unknown[];
}

// Wrappers whose inner schema is `wrapped`. A `pipe` spreads its first schema into itself; schemas
// later in the pipe (`pipe(unknown(), check(...), record(...))`) are read from `pipe`.
const WRAPPERS = new Set([
  'optional',
  'nullable',
  'nullish',
  'non_optional',
  'non_nullable',
  'non_nullish',
  'exact_optional',
  'undefinedable',
]);

const isSchema = (value: unknown): value is SchemaLike =>
  typeof value === 'object' &&
  value !== null &&
  (value as { kind?: unknown }).kind === 'schema' &&
  typeof (value as { type?: unknown }).type === 'string';

/** The schemas after the first in a pipe. */
const piped = (schema: SchemaLike): SchemaLike[] => (schema.pipe ?? []).slice(1).filter(isSchema);

/** The concrete schemas a value may meet: wrappers, unions and lazy schemas opened up. */
function leaves(schema: SchemaLike, input: unknown, out: SchemaLike[] = []): SchemaLike[] {
  if (WRAPPERS.has(schema.type) && schema.wrapped) return leaves(schema.wrapped, input, out);
  if (schema.type === 'lazy' && schema.getter) return leaves(schema.getter(input), input, out);
  if (
    (schema.type === 'union' || schema.type === 'variant' || schema.type === 'intersect') &&
    schema.options
  ) {
    for (const option of schema.options) if (isSchema(option)) leaves(option, input, out);
    return out;
  }
  out.push(schema);
  for (const inner of piped(schema)) leaves(inner, input, out);
  return out;
}

/** What one walk of samples found. */
export interface SampleWalk {
  /** Paths (`Job.TaskGroups[].Name`) of sample keys no schema at that place declares. */
  readonly undeclared: Set<string>;
  /** Every key name the samples carry where the schema declares it. */
  readonly seen: Set<string>;
}

/** A fresh, empty walk result to pass to `walkSample` for several samples. */
export function newWalk(): SampleWalk {
  return { undeclared: new Set(), seen: new Set() };
}

/**
 * Walks `sample` with `schema`, recording each object key the schema declares (`seen`) and the path of
 * each it does not (`undeclared`). Keys of records (`Meta`, `Env`: maps of data) are data, not fields.
 */
export function walkSample(schema: SchemaLike, sample: unknown, path: string, walk: SampleWalk): void {
  if (sample === null || typeof sample !== 'object') return;
  const candidates = leaves(schema, sample);
  // `unknown` and `any` declare free-form data (a driver's config, a payload), not fields to name.
  if (candidates.some((leaf) => leaf.type === 'unknown' || leaf.type === 'any')) return;
  if (Array.isArray(sample)) {
    const items = candidates.flatMap((leaf) =>
      leaf.type === 'array' && leaf.item ? [leaf.item] : leaf.type === 'tuple' ? [...(leaf.items ?? [])] : [],
    );
    for (const element of sample) {
      if (items.length === 0) walkUnknown(element, `${path}[]`, walk);
      for (const item of items) walkSample(item, element, `${path}[]`, walk);
    }
    return;
  }
  const objects = candidates.filter((leaf) => leaf.entries !== undefined);
  const maps = candidates.flatMap((leaf) =>
    leaf.type === 'record' && leaf.value ? [leaf.value] : leaf.rest ? [leaf.rest] : [],
  );
  for (const [key, value] of Object.entries(sample)) {
    const declared = objects.flatMap((leaf) => (leaf.entries?.[key] ? [leaf.entries[key]] : []));
    const at = path === '' ? key : `${path}.${key}`;
    if (declared.length > 0) {
      walk.seen.add(key);
      for (const inner of declared) walkSample(inner, value, at, walk);
    } else if (maps.length > 0) {
      for (const inner of maps) walkSample(inner, value, `${path}{}`, walk);
    } else {
      walk.undeclared.add(at);
    }
  }
}

// Below a place the schema leaves open (`unknown`, an array of anything), every key is undeclared.
function walkUnknown(sample: unknown, path: string, walk: SampleWalk): void {
  if (sample === null || typeof sample !== 'object') return;
  if (Array.isArray(sample)) {
    for (const element of sample) walkUnknown(element, `${path}[]`, walk);
    return;
  }
  for (const key of Object.keys(sample)) walk.undeclared.add(path === '' ? key : `${path}.${key}`);
}

/** Every key name `schema` declares, at every depth, with the path of its first place. */
export function declaredKeys(schema: SchemaLike): Map<string, string> {
  const out = new Map<string, string>();
  const visited = new Set<SchemaLike>();
  const visit = (node: SchemaLike, path: string): void => {
    if (visited.has(node)) return;
    visited.add(node);
    if (node.type === 'lazy' && node.getter) {
      // A lazy schema builds its inner schema from the input; an empty object stands in for it.
      visit(node.getter({}), path);
      return;
    }
    if (node.wrapped) visit(node.wrapped, path);
    for (const inner of piped(node)) visit(inner, path);
    if (node.item) visit(node.item, `${path}[]`);
    for (const item of node.items ?? []) visit(item, `${path}[]`);
    for (const option of node.options ?? []) if (isSchema(option)) visit(option, path);
    if (node.type === 'record' && node.value) visit(node.value, `${path}{}`);
    if (node.rest) visit(node.rest, `${path}{}`);
    for (const [key, inner] of Object.entries(node.entries ?? {})) {
      const at = path === '' ? key : `${path}.${key}`;
      if (!out.has(key)) out.set(key, at);
      visit(inner, at);
    }
  };
  visit(schema, '');
  return out;
}

/** One schema and the samples that must match it field for field. */
export interface SchemaSamples {
  readonly name: string;
  readonly schema: SchemaLike;
  readonly samples: readonly unknown[];
}

/** The outcome of `checkFields`: empty lists when every key is accounted for. */
export interface FieldReport {
  /** `Schema: path` of sample keys the schema does not declare and the allowlist does not name. */
  readonly undeclared: string[];
  /** Declared key names found in no sample, not named by the spec and not allowlisted, each with its first place. */
  readonly unsampled: string[];
  /** Allowlist entries that matched nothing: stale, to be removed. */
  readonly unusedAllowlist: string[];
}

/**
 * Checks every sample key against its schema and every declared key against the samples and the
 * spec's words. Allowlist keys are `name: path` for undeclared sample keys (`name` as in `pairs`, or
 * `*` for any; in the path `**` stands for anything, and a trailing `.*` covers everything below), and
 * the bare key name for a declared key neither sampled nor in the spec (a name is a field wherever it
 * is declared, so one entry covers it).
 */
export function checkFields(
  pairs: readonly SchemaSamples[],
  specWords: ReadonlySet<string>,
  allowlist: Readonly<Record<string, string>>,
): FieldReport {
  const used = new Set<string>();
  const patterns = Object.keys(allowlist).map((pattern) => [pattern, patternRegex(pattern)] as const);
  const allowed = (entry: string): boolean => {
    const hit = patterns.find(([, regex]) => regex.test(entry));
    if (hit) used.add(hit[0]);
    return hit !== undefined;
  };
  const seen = new Set<string>();
  const undeclared: string[] = [];
  for (const { name, schema, samples } of pairs) {
    const walk = newWalk();
    for (const sample of samples) walkSample(schema, sample, '', walk);
    for (const key of walk.seen) seen.add(key);
    for (const path of walk.undeclared) {
      const entry = `${name}: ${path}`;
      if (!allowed(entry)) undeclared.push(entry);
    }
  }
  const unsampled = new Map<string, string>();
  for (const { name, schema } of pairs) {
    for (const [key, path] of declaredKeys(schema)) {
      if (seen.has(key) || specWords.has(key) || unsampled.has(key)) continue;
      unsampled.set(key, `${key} (declared at ${name}: ${path})`);
    }
  }
  const unsampledReport = [...unsampled].filter(([key]) => !allowed(key)).map(([, entry]) => entry);
  const unusedAllowlist = Object.keys(allowlist).filter((pattern) => !used.has(pattern));
  return { undeclared: undeclared.sort(), unsampled: unsampledReport.sort(), unusedAllowlist };
}

/** The regular expression of an allowlist pattern (see `checkFields`). */
function patternRegex(pattern: string): RegExp {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const split = pattern.indexOf(': ');
  const name = split < 0 ? '' : pattern.slice(0, split);
  let path = split < 0 ? pattern : pattern.slice(split + 2);
  const below = path.endsWith('.*');
  if (below) path = path.slice(0, -2);
  const namePart = split < 0 ? '' : `${name === '*' ? '.*' : literal(name)}: `;
  const pathPart = path.split('**').map(literal).join('.*');
  return new RegExp(`^${namePart}${pathPart}${below ? '(?:\\..*|\\[\\].*|\\{\\}.*)?' : ''}$`);
}
