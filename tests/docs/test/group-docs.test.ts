// Every member of every group of every client shows, on hover, its standalone function's doc: the
// description, `@example` and `@throws` written once on the function (scripts/group-docs/). Read as an
// editor reads it: TypeScript's language service over the built package, `skipLibCheck` off, one program
// per package.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTypeScript, root } from '../../../scripts/code-blocks/check.mjs';
import { hoverReport } from '../../../scripts/group-docs/hover.mjs';
import { clientPackages, docCommentLines, strippedText } from '../../../scripts/group-docs/strip.mjs';
import { groupFiles } from '../../../scripts/group-docs/tables.mjs';

const CLIENTS = ['secrets-client', 'scheduler-client', 'registry-client', 'mesh-client'];
const ts = await loadTypeScript();
// Core's declarations and TypeScript's libraries are parsed once for the four programs.
const registry = ts.createDocumentRegistry();

describe.each(CLIENTS)('the groups of @infra-sdk/%s', (name) => {
  it("show each member's function doc on hover", () => {
    const report = hoverReport(ts, {
      packageName: `@infra-sdk/${name}`,
      packageDir: join(root, 'packages', name),
      resolveFrom: join(root, 'tests', 'docs'),
      registry,
    });
    console.log(
      `@infra-sdk/${name}: ${report.members.length} group members, ${report.problems.length} problems`,
    );
    expect(report.problems).toEqual([]);
    expect(report.members.length).toBeGreaterThan(5);
  });
});

describe('the group files', () => {
  it("hold no copy of an operation's doc: headings and pointers only (scripts/group-docs/strip.mjs takes copies out)", () => {
    const copies: string[] = [];
    let lines = 0;
    for (const dir of clientPackages()) {
      for (const file of groupFiles(dir)) {
        const text = readFileSync(file, 'utf8');
        lines += docCommentLines(text);
        copies.push(
          ...strippedText(file, text).notes.map((note: string) => `${relative(root, file)}: ${note}`),
        );
      }
    }
    console.log(`group files: ${lines} lines of doc comments`);
    expect(copies).toEqual([]);
    expect(lines).toBeLessThanOrEqual(400);
  });
});

describe('strip.mjs', () => {
  it("takes a member's copy out, points a member declared by hand at its function, and keeps headings", () => {
    const text = [
      "import { readThing, writeThing } from './things.js';",
      '/** The thing operations. */',
      'export const thingOperations = {',
      '  /** `GET /v1/thing/:name`: reads a thing. */',
      '  read: readThing,',
      '};',
      '/** The things of a client. */',
      'export interface ThingsGroup {',
      '  /** Writes a thing. */',
      '  write<T>(name: string, value: T): Promise<void>;',
      '}',
      'export function thingsGroup(core: Core): ThingsGroup {',
      '  return { write: (name, value) => writeThing(core, name, value) };',
      '}',
      '',
    ].join('\n');
    const stripped = strippedText('/virtual/src/things/group.ts', text);
    expect(stripped.text).toBe(
      text
        .replace('  /** `GET /v1/thing/:name`: reads a thing. */\n', '')
        .replace('/** Writes a thing. */', '/** {@inheritDoc writeThing} */'),
    );
    expect(stripped.notes).toEqual([
      "thingOperations.read: copy of readThing's doc removed",
      'ThingsGroup.write: doc replaced by a pointer to writeThing',
    ]);
  });
});

describe('the hover check', () => {
  it("names a member whose hover lacks its function's doc, and one whose hover says something else", () => {
    const fixture = join(import.meta.dirname, '..', 'fixtures', 'group-docs');
    const report = hoverReport(ts, {
      packageName: '@fixture/things',
      resolveFrom: join(root, 'tests', 'docs'),
      registry,
      compilerOptions: { paths: { '@fixture/things': [join(fixture, 'index.d.ts')] } },
    });
    expect(report.members).toEqual([
      { path: 'things.read', fn: 'readThing' },
      { path: 'things.write', fn: 'writeThing' },
      { path: 'things.delete', fn: 'deleteThing' },
    ]);
    expect(report.problems).toEqual([
      'things.write: the hover shows no documentation (writeThing has it)',
      expect.stringMatching(
        /^things\.delete: the hover differs from deleteThing's:\n {2}hover: {4}.*and says so/,
      ),
    ]);
  });
});
