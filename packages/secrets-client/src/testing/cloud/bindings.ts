// Parses bindings the way the service does: JSON or block-style text, either raw or base64-encoded,
// into a map of resource name to roles.
import { fail } from '../answer.js';

type Token = { kind: 'word' | 'string' | 'symbol'; text: string };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /\s+|#[^\n]*|\/\/[^\n]*|"((?:[^"\\]|\\.)*)"|([A-Za-z_][\w-]*)|([{}[\]=,])/gy;
  let position = 0;
  while (position < text.length) {
    pattern.lastIndex = position;
    const match = pattern.exec(text);
    if (!match)
      fail(400, `bindings: unexpected character ${JSON.stringify(text[position])} at offset ${position}`);
    position = pattern.lastIndex;
    if (match[1] !== undefined) tokens.push({ kind: 'string', text: JSON.parse(`"${match[1]}"`) as string });
    else if (match[2] !== undefined) tokens.push({ kind: 'word', text: match[2] });
    else if (match[3] !== undefined) tokens.push({ kind: 'symbol', text: match[3] });
  }
  return tokens;
}

/** Parses `resource "name" { roles = ["a", "b"] }` blocks. */
function parseBlocks(text: string): Record<string, string[]> {
  const tokens = tokenize(text);
  let index = 0;
  const next = (): Token => tokens[index++] ?? fail(400, 'bindings: the text ends in the middle of a block');
  const expect = (kind: Token['kind'], value?: string): string => {
    const token = next();
    if (token.kind !== kind || (value !== undefined && token.text !== value)) {
      fail(400, `bindings: expected ${value ?? kind} but found ${JSON.stringify(token.text)}`);
    }
    return token.text;
  };
  const skipComma = () => {
    if (tokens[index]?.text === ',') index += 1;
  };
  const bindings: Record<string, string[]> = {};
  while (index < tokens.length) {
    expect('word', 'resource');
    const name = expect('string');
    expect('symbol', '{');
    const roles: string[] = [];
    while (tokens[index]?.text !== '}') {
      expect('word', 'roles');
      expect('symbol', '=');
      expect('symbol', '[');
      while (tokens[index]?.text !== ']') {
        roles.push(expect('string'));
        skipComma();
      }
      expect('symbol', ']');
      skipComma();
    }
    expect('symbol', '}');
    skipComma();
    bindings[name] = [...(bindings[name] ?? []), ...roles];
  }
  return bindings;
}

function rolesOf(block: unknown, name: string): string[] {
  const roles = (block as { roles?: unknown } | null)?.roles;
  if (!Array.isArray(roles) || roles.some((role) => typeof role !== 'string')) {
    fail(400, `bindings: resource ${JSON.stringify(name)} needs a list of roles`);
  }
  return roles as string[];
}

/** Parses `{"resource": {"name": {"roles": [...]}}}` (or a list of such maps). */
function parseJson(value: unknown): Record<string, string[]> {
  const resource = (value as { resource?: unknown } | null)?.resource;
  const maps = Array.isArray(resource) ? resource : [resource];
  const bindings: Record<string, string[]> = {};
  for (const map of maps) {
    if (typeof map !== 'object' || map === null)
      fail(400, 'bindings: "resource" must map resource names to roles');
    for (const [name, block] of Object.entries(map))
      bindings[name] = [...(bindings[name] ?? []), ...rolesOf(block, name)];
  }
  return bindings;
}

function parseText(text: string): Record<string, string[]> | undefined {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      return parseJson(JSON.parse(trimmed));
    } catch (error) {
      if (error instanceof SyntaxError) fail(400, 'bindings: the JSON text is not valid JSON');
      throw error;
    }
  }
  return /^(resource\b|#|\/\/)/.test(trimmed) ? parseBlocks(trimmed) : undefined;
}

/** Parses bindings text into resource name → roles; a 400 answer when it is neither form. */
export function parseBindings(text: string): Record<string, string[]> {
  const bindings =
    parseText(text) ??
    (/^[A-Za-z0-9+/=\s]+$/.test(text) ? parseText(Buffer.from(text, 'base64').toString('utf8')) : undefined);
  if (bindings === undefined) fail(400, 'bindings: expected JSON or block-style text, raw or base64-encoded');
  if (Object.keys(bindings).length === 0) fail(400, 'bindings: bind at least one resource');
  return bindings;
}
