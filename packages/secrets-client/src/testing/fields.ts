// Reads request fields as leniently as the service does ("true" for a bool, "3600" or "1h" for a
// duration, "a,b" for a list) and remembers which fields a route did not know, to warn about them.
import { fail } from './answer.js';

const DURATION = /^(?:\d+|(?:\d+[smh])+)$/;
const UNIT_SECONDS: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600 };

/** Seconds of duration text the service takes ("90", "90s", "5m", "1h30m"), or undefined for other text. */
export function durationText(text: string): number | undefined {
  return DURATION.test(text) ? secondsOf(text) : undefined;
}

/** Seconds of duration text the service takes: "90", "90s", "5m", "1h30m". */
function secondsOf(text: string): number {
  if (/^\d+$/.test(text)) return Number(text);
  let seconds = 0;
  for (const [, amount, unit] of text.matchAll(/(\d+)([smh])/g)) {
    seconds += Number(amount) * (UNIT_SECONDS[unit ?? 's'] ?? 1);
  }
  return seconds;
}

/** The fields of one request body. */
export class Fields {
  readonly #body: Readonly<Record<string, unknown>>;
  readonly #read = new Set<string>();

  constructor(body: unknown) {
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
      fail(400, 'the request body must be a JSON object');
    }
    this.#body = (body ?? {}) as Record<string, unknown>;
  }

  #take(name: string): unknown {
    this.#read.add(name);
    const value = this.#body[name];
    return value === null ? undefined : value;
  }

  /** Whether the body gives `name` (null counts as not given). */
  has(name: string): boolean {
    return this.#take(name) !== undefined;
  }

  string(name: string): string | undefined {
    const value = this.#take(name);
    if (value === undefined) return undefined;
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return fail(400, `field ${name}: expected a string`);
  }

  /** A string that must be present and non-empty. */
  required(name: string, what = name): string {
    const value = this.string(name);
    if (value === undefined || value === '') fail(400, `missing ${what}`);
    return value;
  }

  bool(name: string): boolean | undefined {
    const value = this.#take(name);
    if (value === undefined) return undefined;
    if (typeof value === 'boolean') return value;
    if (value === 'true' || value === '1' || value === 1) return true;
    if (value === 'false' || value === '0' || value === 0) return false;
    return fail(400, `field ${name}: expected a boolean`);
  }

  int(name: string): number | undefined {
    const value = this.#take(name);
    if (value === undefined) return undefined;
    const number = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
    if (typeof number === 'number' && Number.isSafeInteger(number)) return number;
    return fail(400, `field ${name}: expected an integer`);
  }

  /** A duration in seconds; "" counts as 0. */
  duration(name: string): number | undefined {
    const value = this.#take(name);
    if (value === undefined) return undefined;
    if (value === '') return 0;
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
    if (typeof value === 'string' && DURATION.test(value)) return secondsOf(value);
    return fail(400, `field ${name}: expected a duration (seconds, or text such as "90s", "5m", "1h")`);
  }

  /** A list of strings; a comma-separated string is split. */
  list(name: string): string[] | undefined {
    const value = this.#take(name);
    if (value === undefined) return undefined;
    if (typeof value === 'string') return value === '' ? [] : value.split(',').map((item) => item.trim());
    if (Array.isArray(value)) return value.map((item) => String(item));
    return fail(400, `field ${name}: expected a list`);
  }

  /** A map of strings. */
  map(name: string): Record<string, string> | undefined {
    const value = this.#take(name);
    if (value === undefined) return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) return fail(400, `field ${name}: expected a map`);
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
    );
  }

  /** An object, its values as sent. */
  object(name: string): Record<string, unknown> | undefined {
    const value = this.#take(name);
    if (value === undefined) return undefined;
    if (typeof value !== 'object' || Array.isArray(value))
      return fail(400, `field ${name}: expected an object`);
    return value as Record<string, unknown>;
  }

  /** Every given field not read yet, for the service's "ignored these unrecognized parameters" warning. */
  unknown(): string[] {
    return Object.keys(this.#body).filter((name) => !this.#read.has(name));
  }

  /** Takes every field not read yet, with its value (plugin-specific parameters). */
  rest(): Record<string, unknown> {
    const rest = Object.fromEntries(this.unknown().map((name) => [name, this.#body[name]]));
    for (const name of Object.keys(rest)) this.#read.add(name);
    return rest;
  }

  /** The service's warning about unknown fields, when there are any. */
  warnings(): string[] {
    const unknown = this.unknown();
    return unknown.length === 0
      ? []
      : [`Endpoint ignored these unrecognized parameters: [${unknown.join(' ')}]`];
  }
}
