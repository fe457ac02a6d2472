// Every member of every group of every client shows, on hover, its standalone function's doc: the
// description, `@example` and `@throws` written once on the function (scripts/group-docs/). Read as an
// editor reads it: TypeScript's language service over the built package, `skipLibCheck` off, one program
// per package.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTypeScript, root } from '../../../scripts/code-blocks/check.mjs';
import { hoverReport } from '../../../scripts/group-docs/hover.mjs';

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
