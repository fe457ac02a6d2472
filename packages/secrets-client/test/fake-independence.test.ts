// The fake reads and writes the wire with its own code: it imports no client schema or rule, only
// the constants of the spec that both sides share.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const testing = resolve(dirname(fileURLToPath(import.meta.url)), '../src/testing');
const SHARED = new Set(['spec-limits.ts', 'version.ts']);

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(folder, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(folder, entry.name)]
        : [],
  );
}

describe('the fake service', () => {
  it('imports nothing of the client but the shared spec constants', () => {
    const outside: string[] = [];
    for (const file of sources(testing)) {
      for (const [, target] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
        const path = resolve(dirname(file), (target ?? '').replace(/\.js$/, '.ts'));
        const inside = !relative(testing, path).startsWith('..');
        if (!inside && !SHARED.has(relative(resolve(testing, '..'), path))) {
          outside.push(`${relative(testing, file)} imports ${target}`);
        }
      }
    }
    expect(outside).toEqual([]);
  });
});
