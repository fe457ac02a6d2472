// Takes the copies of the operations' documentation out of the group files (`packages/*/src/**/group.ts`):
// a member of a group table loses its doc comment (its function's is written into the declarations at
// build time: declaration-sources.mjs), and a member of an interface declared by hand gets a pointer to
// its function instead (`/** {@inheritDoc writeDestination} */`, the function its implementation beside
// it calls). Group headings (the comments on a table, an interface, a nested group) stay. Safe to run again:
// a file without copies is left as it is.
//
//   node scripts/group-docs/strip.mjs            rewrite the group files, then report
//   node scripts/group-docs/strip.mjs --check    only report; fails when a copy is left
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { docText, groupFiles, membersOf, POINTER, parse } from './tables.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The client packages: those with group files. */
export function clientPackages() {
  return readdirSync(join(root, 'packages'))
    .map((name) => join(root, 'packages', name))
    .filter((dir) => {
      try {
        return groupFiles(dir).length > 0;
      } catch {
        return false;
      }
    });
}

/** Lines inside doc comments (`/** ... *\/`) of a text. */
export function docCommentLines(text) {
  let lines = 0;
  for (const match of text.matchAll(/\/\*\*[\s\S]*?\*\//g)) lines += match[0].split('\n').length;
  return lines;
}

/** The text from a doc comment's start to the next token: what goes when the comment goes. */
function removalRange(source, node) {
  const docs = node.jsDoc ?? [];
  const start = docs[0].getStart(source);
  const end = node.getStart(source);
  return { start, end };
}

/**
 * The group file without its copies: edits as `{ start, end, text }`, and what they do. A table member's
 * doc comment goes; a hand-declared interface member's becomes a pointer to the function that the
 * implementation of the same name in the file calls.
 */
export function strippedText(file, text) {
  const source = parse(file, text);
  const members = membersOf(file, text);
  const edits = [];
  const notes = [];
  for (const member of members) {
    if (member.doc === undefined || member.pointer) continue;
    edits.push({ ...removalRange(source, member.node), text: '' });
    notes.push(`${member.key}: copy of ${member.fn}'s doc removed`);
  }
  // Interface members declared by hand: the function of the file that returns the interface implements
  // them, and says which standalone function each one calls.
  const builders = new Map();
  for (const statement of source.statements) {
    const returned = ts.isFunctionDeclaration(statement) ? statement.type : undefined;
    if (returned && ts.isTypeReferenceNode(returned) && ts.isIdentifier(returned.typeName))
      builders.set(returned.typeName.text, statement.name?.text);
  }
  const visit = (node) => {
    if (ts.isInterfaceDeclaration(node) && builders.has(node.name.text)) {
      const builder = builders.get(node.name.text);
      for (const member of node.members) {
        const doc = member.jsDoc?.at(-1);
        if (doc === undefined || member.name === undefined) continue;
        if (POINTER.test(docText(source, doc))) continue;
        const callable =
          ts.isMethodSignature(member) ||
          (ts.isPropertySignature(member) && member.type && ts.isFunctionTypeNode(member.type));
        const key = `${builder}.${member.name.getText(source)}`;
        const implementation = members.find((candidate) => candidate.key === key && !candidate.pointer);
        if (!callable || implementation === undefined) continue;
        edits.push({
          ...removalRange(source, member),
          text: `/** {@inheritDoc ${implementation.fn}} */\n${' '.repeat(indentOf(source, member))}`,
        });
        notes.push(
          `${node.name.text}.${member.name.getText(source)}: doc replaced by a pointer to ${implementation.fn}`,
        );
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  edits.sort((a, b) => b.start - a.start);
  let result = text;
  for (const edit of edits) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return { text: result, notes };
}

/** The column a node's line starts its code at. */
function indentOf(source, node) {
  const start = node.getStart(source);
  const line = source.getLineAndCharacterOfPosition(start).line;
  const lineStart = source.getPositionOfLineAndCharacter(line, 0);
  return /^\s*/.exec(source.text.slice(lineStart, start))[0].length;
}

function main() {
  const check = process.argv.includes('--check');
  let before = 0;
  let after = 0;
  let changed = 0;
  for (const dir of clientPackages()) {
    for (const file of groupFiles(dir)) {
      const text = readFileSync(file, 'utf8');
      const stripped = strippedText(file, text);
      before += docCommentLines(text);
      after += docCommentLines(stripped.text);
      if (stripped.text === text) continue;
      changed += 1;
      for (const note of stripped.notes) console.log(`${relative(root, file)}: ${note}`);
      if (!check) writeFileSync(file, stripped.text);
    }
  }
  console.log(
    `group-docs: ${changed} group files ${check ? 'hold copies' : 'rewritten'}; doc-comment lines in group files: ${before} before, ${after} after`,
  );
  if (check && changed > 0) process.exitCode = 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
