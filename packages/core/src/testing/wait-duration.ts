const UNIT_MS: Readonly<Record<string, number>> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

const WHOLE = /^(?:(?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|ms|s|m|h))+$/;
const PART = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/g;

/** Parses a Go duration as services take it in `wait` ("250ms", "10s", "1m30s", "0") into milliseconds. */
export function parseWaitMs(text: string): number {
  if (text === '0') return 0;
  if (!WHOLE.test(text)) {
    throw new Error(`"${text}" is not a duration: expected a number and a unit (ms, s, m, h), such as "10s"`);
  }
  let total = 0;
  for (const [, amount = '', unit = ''] of text.matchAll(PART))
    total += Number(amount) * (UNIT_MS[unit] ?? 0);
  return total;
}
