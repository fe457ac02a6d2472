// What a leaked credential would show up in: the security tests search every text an error can print.
import { inspect } from 'node:util';

/** Every text an error shows: message, stack, JSON, inspection, and the same for each cause. */
export function errorTexts(error: unknown): string[] {
  const texts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 10; depth++) {
    texts.push(String(current), (current as Error).stack ?? '', JSON.stringify(current) ?? '');
    texts.push(inspect(current, { depth: 10, showHidden: true }));
    current = (current as { cause?: unknown }).cause;
  }
  return texts;
}
