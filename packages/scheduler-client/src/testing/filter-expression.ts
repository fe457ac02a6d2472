// Enough of the scheduler's filter expressions for list filtering in tests:
//   Selector == "value", !=, "value" in Selector, "value" not in Selector, Selector contains "v",
//   Selector not contains "v", Selector matches "regex", Selector is empty, Selector is not empty,
//   combined with and, or, not and parentheses. Selectors are dotted field paths (`Job.ID`).
import { badRequest } from './fault.js';

type Token =
  | { readonly kind: 'word'; readonly text: string }
  | { readonly kind: 'value'; readonly value: string | number | boolean }
  | { readonly kind: 'symbol'; readonly text: string };

/** A compiled filter: true for the items to keep. */
export type Filter = (item: unknown) => boolean;

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < source.length) {
    const char = source[at] ?? '';
    if (/\s/.test(char)) {
      at += 1;
    } else if (char === '"' || char === '`') {
      let end = at + 1;
      let text = '';
      while (end < source.length && source[end] !== char) {
        if (char === '"' && source[end] === '\\' && end + 1 < source.length) end += 1;
        text += source[end];
        end += 1;
      }
      if (end >= source.length) throw badRequest(`failed to parse filter: unterminated string at ${at}`);
      tokens.push({ kind: 'value', value: text });
      at = end + 1;
    } else if (source.startsWith('==', at) || source.startsWith('!=', at)) {
      tokens.push({ kind: 'symbol', text: source.slice(at, at + 2) });
      at += 2;
    } else if (char === '(' || char === ')') {
      tokens.push({ kind: 'symbol', text: char });
      at += 1;
    } else {
      const match = /^[A-Za-z0-9_.\-[\]]+/.exec(source.slice(at));
      if (!match) throw badRequest(`failed to parse filter: unexpected "${char}" at ${at}`);
      const text = match[0];
      if (/^-?\d+(\.\d+)?$/.test(text)) tokens.push({ kind: 'value', value: Number(text) });
      else if (text === 'true' || text === 'false') tokens.push({ kind: 'value', value: text === 'true' });
      else tokens.push({ kind: 'word', text });
      at += text.length;
    }
  }
  return tokens;
}

function select(item: unknown, selector: string): unknown {
  let value: unknown = item;
  for (const part of selector.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

function contains(container: unknown, value: unknown): boolean {
  if (Array.isArray(container)) return container.some((item) => item === value);
  if (typeof container === 'string') return container.includes(String(value));
  if (typeof container === 'object' && container !== null) return Object.hasOwn(container, String(value));
  return false;
}

/** Compiles a filter expression; a malformed one is the scheduler's 400. */
export function compileFilter(source: string): Filter {
  const tokens = tokenize(source);
  let at = 0;
  const peek = (offset = 0): Token | undefined => tokens[at + offset];
  const isWord = (token: Token | undefined, text: string) => token?.kind === 'word' && token.text === text;
  const fail = (what: string): never => {
    throw badRequest(`failed to parse filter "${source}": ${what}`);
  };
  const value = (): string | number | boolean => {
    const token = tokens[at];
    if (token?.kind !== 'value') return fail('expected a value');
    at += 1;
    return token.value;
  };
  const selector = (): string => {
    const token = tokens[at];
    if (token?.kind !== 'word') return fail('expected a selector');
    at += 1;
    return token.text;
  };

  const comparison = (): Filter => {
    const first = peek();
    if (first?.kind === 'value') {
      const needle = value();
      const negate = isWord(peek(), 'not');
      if (negate) at += 1;
      if (!isWord(peek(), 'in')) fail('expected "in"');
      at += 1;
      const path = selector();
      return (item) => contains(select(item, path), needle) !== negate;
    }
    const path = selector();
    const next = peek();
    if (next?.kind === 'symbol' && (next.text === '==' || next.text === '!=')) {
      at += 1;
      const expected = value();
      const equal = next.text === '==';
      return (item) => (select(item, path) === expected) === equal;
    }
    if (isWord(next, 'is')) {
      at += 1;
      const negate = isWord(peek(), 'not');
      if (negate) at += 1;
      if (!isWord(peek(), 'empty')) fail('expected "empty"');
      at += 1;
      return (item) => isEmpty(select(item, path)) !== negate;
    }
    const negate = isWord(next, 'not');
    if (negate) at += 1;
    if (isWord(peek(), 'contains')) {
      at += 1;
      const needle = value();
      return (item) => contains(select(item, path), needle) !== negate;
    }
    if (isWord(peek(), 'matches')) {
      at += 1;
      const pattern = new RegExp(String(value()));
      return (item) => pattern.test(String(select(item, path) ?? '')) !== negate;
    }
    return fail(`expected an operator after ${path}`);
  };

  const unary = (): Filter => {
    if (isWord(peek(), 'not')) {
      at += 1;
      const inner = unary();
      return (item) => !inner(item);
    }
    const token = peek();
    if (token?.kind === 'symbol' && token.text === '(') {
      at += 1;
      const inner = or();
      const close = peek();
      if (close?.kind !== 'symbol' || close.text !== ')') fail('expected ")"');
      at += 1;
      return inner;
    }
    return comparison();
  };

  const and = (): Filter => {
    let left = unary();
    while (isWord(peek(), 'and')) {
      at += 1;
      const right = unary();
      const previous = left;
      left = (item) => previous(item) && right(item);
    }
    return left;
  };

  function or(): Filter {
    let left = and();
    while (isWord(peek(), 'or')) {
      at += 1;
      const right = and();
      const previous = left;
      left = (item) => previous(item) || right(item);
    }
    return left;
  }

  const filter = or();
  if (at !== tokens.length) fail('unexpected text after the expression');
  return filter;
}
