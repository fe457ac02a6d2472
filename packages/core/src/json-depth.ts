// A JSON text nested deeper than a (recursive) parser can follow is valid JSON all the same: its
// failure is told apart from a syntax error, and reported with how deep the text goes.

/** Whether a parser ran out of stack: V8 and JavaScriptCore say so in a RangeError, SpiderMonkey otherwise. */
export function isStackOverflow(error: unknown): boolean {
  return error instanceof Error && /call stack|recursion/i.test(error.message);
}

/** The deepest nesting of arrays and objects in JSON text (brackets inside strings do not count). */
export function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i += 1;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (code === 0x5d || code === 0x7d) depth -= 1;
  }
  return deepest;
}
