// Enough of the job block language for `/v1/jobs/parse` in tests: one `job "id" { ... }` with
// attributes, nested `group` and `task` blocks and the common blocks inside them, turned into the
// JSON job definition. Durations in text ("30s") become nanoseconds. `variable "name" { default = ... }`
// blocks beside the job declare variables, a value written `var.name` takes one, and the request's
// `Variables` (`name = value` lines) set them.
import { parseDuration } from '@infra-sdk/core';
import { badRequest } from './fault.js';

/** A value written `var.name`, resolved once every variable is known. */
class VariableRef {
  constructor(
    readonly name: string,
    readonly line: number,
    readonly column: number,
  ) {}
}

type Value = string | number | boolean | null | VariableRef | Value[] | { [key: string]: Value };
type JsonObject = Record<string, unknown>;

interface Token {
  readonly kind: 'ident' | 'string' | 'number' | 'symbol' | 'newline' | 'end';
  readonly text: string;
  readonly line: number;
  readonly column: number;
}

interface Attribute {
  readonly kind: 'attribute';
  readonly name: string;
  readonly value: Value;
}

interface Block {
  readonly kind: 'block';
  readonly type: string;
  readonly labels: string[];
  readonly body: Item[];
  readonly line: number;
}

type Item = Attribute | Block;

function fail(line: number, column: number, message: string): never {
  throw badRequest(`input.hcl:${line},${column}: ${message}`);
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let line = 1;
  let lineStart = 0;
  let at = 0;
  const push = (kind: Token['kind'], text: string, start: number) =>
    tokens.push({ kind, text, line, column: start - lineStart + 1 });
  while (at < source.length) {
    const char = source[at] ?? '';
    if (char === '\n') {
      push('newline', '\n', at);
      at += 1;
      line += 1;
      lineStart = at;
    } else if (char === ' ' || char === '\t' || char === '\r') {
      at += 1;
    } else if (char === '#' || source.startsWith('//', at)) {
      while (at < source.length && source[at] !== '\n') at += 1;
    } else if (source.startsWith('/*', at)) {
      const end = source.indexOf('*/', at + 2);
      if (end === -1) fail(line, at - lineStart + 1, 'unterminated comment');
      for (let i = at; i < end; i++) {
        if (source[i] === '\n') {
          line += 1;
          lineStart = i + 1;
        }
      }
      at = end + 2;
    } else if (char === '"') {
      const start = at;
      let text = '';
      at += 1;
      while (at < source.length && source[at] !== '"') {
        const current = source[at] ?? '';
        if (current === '\n') fail(line, start - lineStart + 1, 'unterminated string');
        if (current === '\\') {
          const next = source[at + 1] ?? '';
          text += next === 'n' ? '\n' : next === 't' ? '\t' : next === 'r' ? '\r' : next;
          at += 2;
        } else {
          text += current;
          at += 1;
        }
      }
      if (at >= source.length) fail(line, start - lineStart + 1, 'unterminated string');
      at += 1;
      push('string', text, start);
    } else if (source.startsWith('<<', at)) {
      const start = at;
      const header = /^<<-?([A-Za-z_][A-Za-z0-9_]*)\r?\n/.exec(source.slice(at));
      if (!header) fail(line, at - lineStart + 1, 'invalid heredoc');
      const marker = header[1] ?? '';
      const bodyStart = at + header[0].length;
      const closing = new RegExp(`^[ \\t]*${marker}[ \\t]*$`, 'm');
      const rest = source.slice(bodyStart);
      const found = closing.exec(rest);
      if (!found) fail(line, start - lineStart + 1, `heredoc ${marker} is not closed`);
      const text = rest.slice(0, found.index);
      push('string', text, start);
      const consumed = source.slice(at, bodyStart + found.index + found[0].length);
      for (const piece of consumed) if (piece === '\n') line += 1;
      at = bodyStart + found.index + found[0].length;
      lineStart = source.lastIndexOf('\n', at - 1) + 1;
    } else if (/[0-9-]/.test(char) && /^-?\d/.test(source.slice(at))) {
      const match = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(source.slice(at));
      const text = match?.[0] ?? char;
      push('number', text, at);
      at += text.length;
    } else if (/[A-Za-z_]/.test(char)) {
      const match = /^[A-Za-z_][A-Za-z0-9_\-.]*/.exec(source.slice(at));
      const text = match?.[0] ?? char;
      push('ident', text, at);
      at += text.length;
    } else if ('{}[]=,:'.includes(char)) {
      push('symbol', char, at);
      at += 1;
    } else {
      fail(line, at - lineStart + 1, `unexpected character ${JSON.stringify(char)}`);
    }
  }
  tokens.push({ kind: 'end', text: '', line, column: at - lineStart + 1 });
  return tokens;
}

class Parser {
  readonly #tokens: Token[];
  #at = 0;

  constructor(tokens: Token[]) {
    this.#tokens = tokens;
  }

  #peek(skipNewlines = true): Token {
    if (skipNewlines) while (this.#tokens[this.#at]?.kind === 'newline') this.#at += 1;
    return this.#tokens[this.#at] ?? { kind: 'end', text: '', line: 0, column: 0 };
  }

  #next(): Token {
    const token = this.#peek();
    this.#at += 1;
    return token;
  }

  #expect(text: string): void {
    const token = this.#next();
    if (token.kind !== 'symbol' || token.text !== text) {
      fail(
        token.line,
        token.column,
        `expected "${text}", found ${JSON.stringify(token.text || 'end of input')}`,
      );
    }
  }

  /** Items until `}` (inside a block) or the end of input. */
  body(closing: boolean): Item[] {
    const items: Item[] = [];
    for (;;) {
      const token = this.#peek();
      if (token.kind === 'end') {
        if (closing) fail(token.line, token.column, 'expected "}" before the end of input');
        return items;
      }
      if (token.kind === 'symbol' && token.text === '}') {
        if (!closing) fail(token.line, token.column, 'unexpected "}"');
        this.#at += 1;
        return items;
      }
      if (token.kind !== 'ident')
        fail(
          token.line,
          token.column,
          `expected an attribute or block name, found ${JSON.stringify(token.text)}`,
        );
      this.#at += 1;
      const after = this.#peek();
      if (after.kind === 'symbol' && after.text === '=') {
        this.#at += 1;
        items.push({ kind: 'attribute', name: token.text, value: this.value() });
        continue;
      }
      const labels: string[] = [];
      while (
        this.#peek().kind === 'string' ||
        (this.#peek().kind === 'ident' && this.#peekSymbolAfter('{'))
      ) {
        labels.push(this.#next().text);
      }
      this.#expect('{');
      items.push({ kind: 'block', type: token.text, labels, body: this.body(true), line: token.line });
    }
  }

  #peekSymbolAfter(symbol: string): boolean {
    const following = this.#tokens[this.#at + 1];
    return following?.kind === 'symbol' && following.text === symbol;
  }

  value(): Value {
    const token = this.#next();
    switch (token.kind) {
      case 'string':
        return token.text;
      case 'number':
        return Number(token.text);
      case 'ident':
        if (token.text === 'true' || token.text === 'false') return token.text === 'true';
        if (token.text === 'null') return null;
        if (token.text.startsWith('var.'))
          return new VariableRef(token.text.slice(4), token.line, token.column);
        return fail(token.line, token.column, `unknown variable ${JSON.stringify(token.text)}`);
      case 'symbol':
        if (token.text === '[') {
          const items: Value[] = [];
          while (!(this.#peek().kind === 'symbol' && this.#peek().text === ']')) {
            items.push(this.value());
            if (this.#peek().kind === 'symbol' && this.#peek().text === ',') this.#at += 1;
          }
          this.#at += 1;
          return items;
        }
        if (token.text === '{') {
          const object: { [key: string]: Value } = {};
          while (!(this.#peek().kind === 'symbol' && this.#peek().text === '}')) {
            const key = this.#next();
            if (key.kind !== 'ident' && key.kind !== 'string')
              fail(key.line, key.column, 'expected an object key');
            const separator = this.#next();
            if (separator.kind !== 'symbol' || (separator.text !== '=' && separator.text !== ':')) {
              fail(separator.line, separator.column, 'expected "=" after an object key');
            }
            object[key.text] = this.value();
            if (this.#peek().kind === 'symbol' && this.#peek().text === ',') this.#at += 1;
          }
          this.#at += 1;
          return object;
        }
        return fail(token.line, token.column, `unexpected ${JSON.stringify(token.text)}`);
      default:
        return fail(token.line, token.column, 'expected a value');
    }
  }
}

// ---------------------------------------------------------------------------------------------
// From blocks to the job definition

/** Attribute names that do not follow the snake_case → PascalCase rule. */
const RENAMED: Readonly<Record<string, string>> = {
  cpu: 'CPU',
  memory: 'MemoryMB',
  memory_max: 'MemoryMaxMB',
  disk: 'DiskMB',
  iops: 'IOPS',
  mbits: 'MBits',
  cidr: 'CIDR',
  ip: 'IP',
  size: 'SizeMB',
  max_file_size: 'MaxFileSizeMB',
  source: 'SourcePath',
  destination: 'DestPath',
  data: 'EmbeddedTmpl',
  port: 'PortLabel',
  attribute: 'LTarget',
  value: 'RTarget',
  operator: 'Operand',
  cron: 'Spec',
  payload: 'Payload',
  meta_required: 'MetaRequired',
  meta_optional: 'MetaOptional',
};

const DURATIONS = new Set([
  'Interval',
  'Delay',
  'MaxDelay',
  'Timeout',
  'Stagger',
  'HealthyDeadline',
  'MinHealthyTime',
  'ProgressDeadline',
  'KillTimeout',
  'ShutdownDelay',
  'Splay',
  'StopAfterClientDisconnect',
  'MaxClientDisconnect',
]);

/** Blocks whose keys are kept as written (maps of the user's own names). */
const VERBATIM = new Set(['config', 'env', 'meta', 'options']);

/** Repeatable blocks and the list they go into. */
const LISTS: Readonly<Record<string, string>> = {
  group: 'TaskGroups',
  task: 'Tasks',
  constraint: 'Constraints',
  affinity: 'Affinities',
  spread: 'Spreads',
  service: 'Services',
  check: 'Checks',
  template: 'Templates',
  artifact: 'Artifacts',
  network: 'Networks',
  volume_mount: 'VolumeMounts',
};

/** Singular blocks whose field name is not the PascalCase of the block type. */
const BLOCK_FIELDS: Readonly<Record<string, string>> = {
  restart: 'RestartPolicy',
  reschedule: 'ReschedulePolicy',
  parameterized: 'ParameterizedJob',
  logs: 'LogConfig',
  config: 'Config',
  env: 'Env',
  meta: 'Meta',
  options: 'GetterOptions',
};

function pascal(name: string): string {
  return (
    RENAMED[name] ??
    name
      .split('_')
      .map((part) => (part === 'id' ? 'ID' : part.charAt(0).toUpperCase() + part.slice(1)))
      .join('')
  );
}

function convertValue(field: string, value: Value, line: number): unknown {
  if (DURATIONS.has(field) && typeof value === 'string') {
    try {
      return parseDuration(value);
    } catch {
      return fail(line, 1, `${field}: ${JSON.stringify(value)} is not a duration`);
    }
  }
  return value;
}

function verbatim(items: readonly Item[]): JsonObject {
  const out: JsonObject = {};
  for (const item of items) {
    if (item.kind === 'attribute') out[item.name] = item.value;
    else out[item.type] = verbatim(item.body);
  }
  return out;
}

function convertBlock(block: Block): JsonObject {
  const out: JsonObject = {};
  const label = block.labels[0];
  if (label !== undefined) {
    if (block.type === 'job') {
      out.ID = label;
      out.Name = label;
    } else if (block.type !== 'port' && block.type !== 'volume') {
      out.Name = label;
    }
  }
  const ports = { ReservedPorts: [] as JsonObject[], DynamicPorts: [] as JsonObject[] };
  for (const item of block.body) {
    if (item.kind === 'attribute') {
      const field = pascal(item.name);
      out[field] = convertValue(field, item.value, block.line);
      continue;
    }
    if (item.type === 'port') {
      const spec = verbatim(item.body);
      const port: JsonObject = { Label: item.labels[0] ?? '', Value: spec.static ?? 0, To: spec.to ?? 0 };
      if (spec.host_network !== undefined) port.HostNetwork = spec.host_network;
      (spec.static === undefined ? ports.DynamicPorts : ports.ReservedPorts).push(port);
      continue;
    }
    if (item.type === 'periodic') {
      out.Periodic = { ...convertBlock(item), SpecType: 'cron' };
      continue;
    }
    if (item.type === 'volume') {
      const volumes = (out.Volumes ?? {}) as JsonObject;
      volumes[item.labels[0] ?? ''] = { Name: item.labels[0] ?? '', ...convertBlock(item) };
      out.Volumes = volumes;
      continue;
    }
    const converted = VERBATIM.has(item.type) ? verbatim(item.body) : convertBlock(item);
    const list = LISTS[item.type];
    if (list !== undefined) {
      const items = (out[list] ?? []) as JsonObject[];
      items.push(converted);
      out[list] = items;
    } else {
      out[BLOCK_FIELDS[item.type] ?? pascal(item.type)] = converted;
    }
  }
  if (ports.ReservedPorts.length > 0) out.ReservedPorts = ports.ReservedPorts;
  if (ports.DynamicPorts.length > 0) out.DynamicPorts = ports.DynamicPorts;
  if (block.type === 'constraint' || block.type === 'affinity') out.Operand ??= '=';
  return out;
}

/** `value` with every `var.name` replaced by the variable's value. */
function resolve(value: Value, variables: ReadonlyMap<string, Value>): Value {
  if (value instanceof VariableRef) {
    const found = variables.get(value.name);
    if (found === undefined) {
      return fail(value.line, value.column, `Unknown variable; there is no variable named "${value.name}"`);
    }
    return found;
  }
  if (Array.isArray(value)) return value.map((item) => resolve(item, variables));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolve(item, variables)]));
}

function resolveItems(items: readonly Item[], variables: ReadonlyMap<string, Value>): Item[] {
  return items.map((item) =>
    item.kind === 'attribute'
      ? { ...item, value: resolve(item.value, variables) }
      : { ...item, body: resolveItems(item.body, variables) },
  );
}

/** The variables of the text (their defaults), then those `variablesText` sets. */
function variablesOf(blocks: readonly Block[], variablesText: string): Map<string, Value> {
  const variables = new Map<string, Value>();
  for (const block of blocks) {
    const name = block.labels[0];
    if (block.labels.length !== 1 || name === undefined) {
      fail(block.line, 1, 'the variable block needs exactly one label: its name');
    }
    const fallback = block.body.find((item) => item.kind === 'attribute' && item.name === 'default');
    if (fallback?.kind === 'attribute') variables.set(name, fallback.value);
    else variables.set(name, null);
  }
  for (const item of new Parser(tokenize(variablesText)).body(false)) {
    if (item.kind !== 'attribute') fail(1, 1, 'variables are set as `name = value`');
    if (!variables.has(item.name))
      fail(1, 1, `Undefined variable; a variable named "${item.name}" was set but not declared`);
    variables.set(item.name, item.value);
  }
  for (const [name, value] of variables) {
    if (value === null) fail(1, 1, `Unset variable "${name}"; give it a value or a default`);
  }
  return variables;
}

/** Parses job text into a job definition (not canonicalized); `variablesText` sets its variables. */
export function parseJobText(source: string, variablesText = ''): JsonObject {
  const items = new Parser(tokenize(source)).body(false);
  const jobs = items.filter((item): item is Block => item.kind === 'block' && item.type === 'job');
  const declared = items.filter((item): item is Block => item.kind === 'block' && item.type === 'variable');
  if (jobs.length !== 1 || items.length !== 1 + declared.length) {
    return fail(1, 1, jobs.length === 0 ? 'a job block is required' : 'exactly one job block is allowed');
  }
  const job = jobs[0] as Block;
  if (job.labels.length !== 1) fail(job.line, 1, 'the job block needs exactly one label: its id');
  const variables = variablesOf(declared, variablesText);
  return convertBlock({ ...job, body: resolveItems(job.body, variables) });
}

/**
 * A job definition given to the fake directly (`fake.registerJob`), as `POST /v1/jobs` takes it inside
 * `Job`, except that durations may also be unit text (`"30s"`).
 */
export interface FakeJobSeed {
  /** The job id. */
  readonly ID: string;
  /** Every other field of the job definition, as the spec names it. */
  readonly [field: string]: unknown;
}

// Maps of the user's own names: their keys are data, so a key named like a duration field stays as is.
const DATA_MAPS = new Set(['Config', 'Env', 'Meta', 'GetterOptions', 'Options']);

/**
 * Turns duration text in a seeded job definition into nanoseconds, with the fake's own list of
 * duration fields (the same one the job text parser uses); everything else is copied as given.
 */
export function jobFromSeed(seed: FakeJobSeed): JsonObject {
  return seedValue('', seed) as JsonObject;
}

function seedValue(field: string, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => seedValue('', item));
  if (typeof value === 'string' && DURATIONS.has(field)) {
    try {
      return parseDuration(value);
    } catch {
      throw badRequest(`${field}: ${JSON.stringify(value)} is not a duration`);
    }
  }
  if (typeof value !== 'object' || value === null) return value;
  const out: JsonObject = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = DATA_MAPS.has(key) ? structuredClone(inner) : seedValue(key, inner);
  }
  return out;
}
