// Finds the TypeScript code a reader is shown: the ```ts blocks of markdown files, and the @example blocks
// in the doc comments of the built declarations (what the API reference and an editor's hover show).
//
// The convention (the root README's "Working on it" describes it for authors):
//   ```ts                a whole program: compiled, then run against the fake services;
//   ```ts compile-only   compiled only: it needs a real service, files or state the fakes do not have;
//   <!-- prelude ... --> an HTML comment right before the fence (blank lines allowed): TypeScript put
//                        before the block when it is checked (imports, `declare const id: string;`),
//                        shown neither on the package page nor on GitHub.
//   @example             in a doc comment: a ```ts block (or the tag's text) that may use the package's
//                        client and core under their usual names (`scheduler`, `core`; see
//                        EXAMPLE_PRELUDES), as the package README introduces them; it declares neither.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const TS_INFO = /^(?:ts|typescript|tsx)$/;

/**
 * One code block: where it is (`file` relative to the repository, `line` of its first code line), its
 * code, its hidden prelude, and whether it runs.
 */
function block({ file, line, info, code, prelude = '', origin = 'markdown', symbol }) {
  const words = info.split(/\s+/).slice(1);
  const unknown = words.filter((word) => word !== 'compile-only');
  return {
    id: `${file}:${line}`,
    file,
    line,
    code,
    prelude,
    run: !words.includes('compile-only'),
    origin,
    symbol,
    problems: unknown.map(
      (word) => `unknown word "${word}" in the info string (only "compile-only" is known)`,
    ),
  };
}

/** The ```ts blocks of one markdown text; `file` names it in results. */
export function markdownBlocks(markdown, file) {
  const lines = markdown.split('\n');
  const blocks = [];
  for (let index = 0; index < lines.length; index += 1) {
    const open = /^( {0,3})(`{3,}|~{3,})\s*([^`]*?)\s*$/.exec(lines[index]);
    if (!open) continue;
    const fence = open[2];
    const info = open[3];
    let end = index + 1;
    while (end < lines.length && !new RegExp(`^ {0,3}${fence[0]}{${fence.length},}\\s*$`).test(lines[end]))
      end += 1;
    const language = info.split(/\s+/)[0] ?? '';
    if (TS_INFO.test(language)) {
      const code = lines
        .slice(index + 1, end)
        .map((line) => line.slice(open[1].length))
        .join('\n');
      blocks.push(block({ file, line: index + 2, info, code, prelude: preludeBefore(lines, index) }));
    }
    index = end;
  }
  return blocks;
}

/** The `<!-- prelude ... -->` comment that ends right before line `fenceIndex` (blank lines between allowed). */
function preludeBefore(lines, fenceIndex) {
  let end = fenceIndex - 1;
  while (end >= 0 && lines[end].trim() === '') end -= 1;
  if (end < 0 || !lines[end].trim().endsWith('-->')) return '';
  let start = end;
  while (start >= 0 && !lines[start].includes('<!--')) start -= 1;
  if (start < 0) return '';
  const text = lines.slice(start, end + 1).join('\n');
  const match = /^\s*<!--\s*prelude\b[^\n]*\n([\s\S]*?)-->\s*$/.exec(text);
  return match ? match[1].replace(/\s+$/, '') : '';
}

/** The ```ts blocks of markdown files given relative to `root`. */
export function readmeBlocks(root, files) {
  return files.flatMap((file) => markdownBlocks(readFileSync(join(root, file), 'utf8'), file));
}

/** The markdown files whose code is checked: the READMEs (the root's, each package's, the examples') and the site's guides. */
export function readmeFiles(root) {
  const packages = readdirSync(join(root, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `packages/${entry.name}/README.md`)
    .sort();
  const guides = readdirSync(join(root, 'docs', 'guides'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/guides/${name}`)
    .sort();
  return ['README.md', ...packages, 'examples/README.md', ...guides];
}

// ---------------------------------------------------------------------------------------------
// Doc comments of the built declarations

const METHOD = '(?:GET|HEAD|POST|PUT|PATCH|DELETE|LIST)';
// `GET /v1/...`, or `GET or POST /v1/...` for an operation the service takes under two methods.
const ENDPOINT = new RegExp(`^\\s*\`?${METHOD}(?:\\s+or\\s+${METHOD})?\\s+\\/`);

/** The .d.ts files of a package's dist/, relative to the repository. */
function declarationFiles(root, packageDir) {
  const dist = join(root, packageDir, 'dist');
  return readdirSync(dist, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.d.ts') && !file.startsWith('bundled/'))
    .map((file) => relative(root, join(dist, file)).split('\\').join('/'));
}

/** The text of a JSDoc tag's comment (TypeScript gives a string or a list of parts). */
function commentText(comment) {
  if (comment === undefined) return '';
  return typeof comment === 'string' ? comment : comment.map((part) => part.text).join('');
}

/**
 * The documented declarations of a package's built .d.ts files: every exported function and every
 * method or property of an exported interface that has a doc comment, with its summary, its
 * `@example` blocks and whether it has `@throws`. An operation is one whose summary names an endpoint
 * (`GET /v1/jobs: ...`), as every public operation's does.
 */
export function declarationDocs(ts, root, packageDir) {
  return declarationFiles(root, packageDir).flatMap((file) => {
    // The examples and the report read the same files: each text is read for its docs once.
    const path = join(root, file);
    const text = readFileSync(path, 'utf8');
    const known = docsByPath.get(path);
    if (known?.text === text && known.ts === ts) return known.docs;
    const docs = fileDocs(ts, file, text);
    docsByPath.set(path, { ts, text, docs });
    return docs;
  });
}

const docsByPath = new Map();

/** The documented declarations of one .d.ts file (see declarationDocs). */
function fileDocs(ts, file, text) {
  const docs = [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node, owner) => {
    const named =
      ts.isFunctionDeclaration(node) ||
      ts.isMethodSignature(node) ||
      ts.isPropertySignature(node) ||
      ts.isVariableStatement(node);
    if (named) {
      const jsDocs = node.jsDoc ?? [];
      const name = ts.isVariableStatement(node)
        ? node.declarationList.declarations[0]?.name.getText(source)
        : node.name?.getText(source);
      if (jsDocs.length > 0 && name !== undefined) {
        const doc = jsDocs.at(-1);
        const summary = commentText(doc.comment);
        const tags = doc.tags ?? [];
        const examples = tags
          .filter((tag) => tag.tagName.text === 'example')
          .map((tag) => ({
            text: commentText(tag.comment),
            line: source.getLineAndCharacterOfPosition(tag.pos).line + 1,
          }));
        docs.push({
          file,
          symbol: owner ? `${owner}.${name}` : name,
          operation: ENDPOINT.test(summary),
          examples,
          throws: tags.some((tag) => tag.tagName.text === 'throws'),
        });
      }
    }
    if (ts.isInterfaceDeclaration(node) || ts.isTypeLiteralNode(node)) {
      const inner = ts.isInterfaceDeclaration(node) ? node.name.text : owner;
      for (const member of node.members) visit(member, inner);
      return;
    }
    // A declaration's members are named after it, nested groups after each level
    // (`jobOperations.read`, `cloudGroup.rolesets.read`), so one documented `read` hides no other; a
    // group table declared as a namespace of its functions names them so too (scripts/group-docs).
    const declared =
      ts.isVariableDeclaration(node) ||
      ts.isTypeAliasDeclaration(node) ||
      ts.isFunctionDeclaration(node) ||
      ts.isPropertySignature(node) ||
      ts.isModuleDeclaration(node)
        ? [owner, node.name?.getText(source)].filter(Boolean).join('.') || undefined
        : owner;
    ts.forEachChild(node, (child) => visit(child, declared));
  };
  visit(source, undefined);
  return docs;
}

const client = (pkg, factory, variable, address, token) => {
  const options = `{ baseUrl: '${address}'${token ? `, token: process.env.${token}` : ''} }`;
  return [
    `import { ${factory}Client as createClientForExample, ${factory}Core as createCoreForExample } from '@infra-sdk/${pkg}';`,
    `const ${variable} = createClientForExample(${options});`,
    `const core = createCoreForExample(${options});`,
  ].join('\n');
};

/**
 * What an `@example` of each package may use without declaring it: the client and a core, pointed at the
 * address the README uses (the fakes answer there when the example runs).
 */
export const EXAMPLE_PRELUDES = {
  'packages/scheduler-client': client(
    'scheduler-client',
    'createScheduler',
    'scheduler',
    'https://scheduler.example:4646',
  ),
  'packages/secrets-client': client(
    'secrets-client',
    'createSecrets',
    'secrets',
    'https://secrets.example:8200',
    'SECRETS_TOKEN',
  ),
  'packages/registry-client': client(
    'registry-client',
    'createRegistry',
    'registry',
    'https://registry.example.com',
    'REGISTRY_TOKEN',
  ),
  'packages/mesh-client': client('mesh-client', 'createMesh', 'mesh', 'http://127.0.0.1:8500'),
};

/**
 * The ```ts blocks of the `@example` tags of a package's declarations (a tag without a fence is one block).
 * A block that says exactly what one before it says is checked once: a group member's doc is its
 * function's, written into the declarations at build time (scripts/group-docs), examples included.
 */
export function exampleBlocks(ts, root, packageDir) {
  const blocks = [];
  const seen = new Set();
  for (const doc of declarationDocs(ts, root, packageDir)) {
    for (const example of doc.examples) {
      const fenced = markdownBlocks(example.text, doc.file);
      const found = /```/.test(example.text)
        ? fenced
        : [block({ file: doc.file, line: example.line, info: 'ts', code: example.text })];
      for (const found1 of found) {
        if (seen.has(found1.code)) continue;
        seen.add(found1.code);
        blocks.push({
          ...found1,
          prelude: EXAMPLE_PRELUDES[packageDir] ?? '',
          id: `${doc.file}#${doc.symbol}:${found1.line}`,
          origin: 'example',
          symbol: doc.symbol,
        });
      }
    }
  }
  return blocks;
}

/** How many public operations of a package lack an `@example` or a `@throws`, with their names. */
export function operationReport(ts, root, packageDir) {
  const seen = new Map();
  for (const doc of declarationDocs(ts, root, packageDir)) {
    if (!doc.operation) continue;
    const known = seen.get(doc.symbol);
    // An operation declared in several files (an entry and its chunk) counts once, documented anywhere.
    seen.set(doc.symbol, {
      symbol: doc.symbol,
      example: (known?.example ?? false) || doc.examples.length > 0,
      throws: (known?.throws ?? false) || doc.throws,
    });
  }
  const operations = [...seen.values()].sort((a, b) => a.symbol.localeCompare(b.symbol));
  return {
    packageDir,
    operations: operations.length,
    withoutExample: operations.filter((op) => !op.example).map((op) => op.symbol),
    withoutThrows: operations.filter((op) => !op.throws).map((op) => op.symbol),
  };
}
