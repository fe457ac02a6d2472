// How a client's declarations are built so that an editor's hover on `client.kv.read` shows what it shows
// on `readKvSecret` (description, `@example`, `@throws`), with each doc written into them once:
//  1. the sources are a copy of `src/` in `.dts-src/` where every group member (tables.mjs) carries its
//     standalone function's doc comment (the group files themselves hold no copy: strip.mjs takes them
//     out); the copy exists only for the build, and ignores itself for git. A member that has a doc
//     comment of its own keeps it, so a copy written back by hand shows up in the hover check
//     (tests/docs/test/group-docs.test.ts) instead of being hidden here;
//  2. tsup builds the declarations from them, after the package's modules;
//  3. each declaration file is rewritten so a group table holds its functions themselves, and the copies
//     go (single-copy.mjs); the members that cannot (a `delete`) keep theirs.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { singleCopy } from './single-copy.mjs';
import { groupFiles, packageMembers, parse } from './tables.mjs';

/** A doc comment re-indented to `indent` spaces (its first line stays where the member starts). */
function indented(doc, indent) {
  const lines = doc.split('\n');
  const rest = lines.slice(1).map((line) => line.replace(/^\s*/, ''));
  return [lines[0], ...rest.map((line) => `${' '.repeat(indent)} ${line}`)].join('\n');
}

/** The column a node's code starts at on its line. */
function columnOf(source, node) {
  return source.getLineAndCharacterOfPosition(node.getStart(source)).character;
}

/**
 * A group file's text with each member's function doc written before it (a pointer replaced). Throws
 * when a member's function has no doc comment for the signature it stands for.
 */
export function documentedText(file, text, members) {
  const source = parse(file, text);
  const edits = [];
  for (const member of members) {
    if (member.doc !== undefined && !member.pointer) continue;
    const doc = member.docs?.[member.overload] ?? member.docs?.[0];
    if (doc === undefined) {
      throw new Error(
        `${file}: ${member.key} stands for ${member.fn}, which has no doc comment${member.problem ? ` (${member.problem})` : ''}`,
      );
    }
    const start =
      member.doc === undefined ? member.node.getStart(source) : member.node.jsDoc[0].getStart(source);
    const end = member.node.getStart(source);
    const indent = columnOf(source, member.node);
    edits.push({ start, end, text: `${indented(doc, indent)}\n${' '.repeat(indent)}` });
  }
  edits.sort((a, b) => b.start - a.start);
  let result = text;
  for (const edit of edits) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}

/**
 * Writes `.dts-src/` for the package in `packageDir` (default: the folder the build runs in) and returns
 * tsup's `dts.entry` for `entries` (`['index', 'testing/index']` → `{ index: '.dts-src/index.ts', ... }`).
 * `read` gives a group file's text (the file's own by default).
 */
export function declarationSources(
  entries,
  packageDir = process.cwd(),
  read = (file) => readFileSync(file, 'utf8'),
) {
  const out = join(packageDir, '.dts-src');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  writeFileSync(
    join(out, '.gitignore'),
    '# Written by scripts/group-docs/declaration-sources.mjs at each build.\n*\n',
  );
  cpSync(join(packageDir, 'src'), out, { recursive: true });
  const members = packageMembers(packageDir, read);
  for (const file of groupFiles(packageDir)) {
    const own = members.filter((member) => member.file === file);
    const text = documentedText(file, read(file), own);
    writeFileSync(join(out, relative(join(packageDir, 'src'), file)), text);
  }
  return Object.fromEntries(entries.map((entry) => [entry, `.dts-src/${entry}.ts`]));
}

/** Rewrites each declaration file of `dist` (the Node bundle's aside) so each doc is written once. */
export function writeSingleCopies(dist) {
  const files = readdirSync(dist, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.d.ts') && !file.startsWith('bundled'));
  for (const file of files) {
    const path = join(dist, file);
    const text = readFileSync(path, 'utf8');
    const rewritten = singleCopy(text, path);
    if (rewritten.moved > 0) writeFileSync(path, rewritten.text);
  }
}

/**
 * tsup settings for a package's modules build that build its declarations after the modules (steps 1-3
 * above): `build` is tsup's (the package's own), `entries` the entry names, `settings` the modules build's
 * (its `external`, `target` and `outDir`).
 */
export function declarationBuild(build, entries, settings) {
  const entry = declarationSources(entries);
  const outDir = settings.outDir ?? 'dist';
  return {
    dts: false,
    async onSuccess() {
      await build({
        config: false,
        entry,
        format: ['esm'],
        outDir,
        target: settings.target,
        external: settings.external,
        clean: false,
        dts: { entry, only: true },
      });
      writeSingleCopies(join(process.cwd(), outDir));
    },
  };
}
