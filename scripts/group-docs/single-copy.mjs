// Each operation's doc written once into a client's built declarations, where an editor's hover still
// shows it both on `readNamespace` and on `client.namespaces.read`. TypeScript shows a member's doc only
// from the member's own declaration, so a group table (`declare const namespaceOperations: { read:
// typeof readNamespace }`) whose members carry no doc of their own shows none; but a table that is a
// namespace holding the function itself under the member's name does (and a type picked from it), and
// the standalone name then becomes an alias of it, whose hover shows the same doc:
//
//   declare const namespaceOperations: Pick<typeof namespaceOperations$functions, 'read' | ...> & {
//     /** (the doc of deleteNamespace) */
//     delete: typeof deleteNamespace;
//   };
//   declare namespace namespaceOperations$functions {
//     /** `GET /v1/namespace/:name`: reads one namespace. ... */
//     function read(core: MeshCore, name: string, options?: ReadNamespaceOptions): ApiPromise<Namespace, MeshMeta>;
//   }
//   import readNamespace = namespaceOperations$functions.read;
//
// The table keeps naming its members (`Pick` keeps their declarations, so their doc), as an API report
// reads it. A member a namespace cannot hold (a reserved word such as `delete`, a function declared in
// another file, one whose signature would see the namespace's own names, one bound twice) stays as it was,
// with its copy of the doc (declaration-sources.mjs wrote it there).
import ts from 'typescript';

/** Names a function declaration cannot have. */
const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally ' +
    'for function if import in instanceof new null return super switch this throw true try typeof var void ' +
    'while with implements interface let package private protected public static yield await'
  ).split(' '),
);

/** The text of a node's doc comment (the last one), or undefined. */
function docOf(source, node) {
  const doc = node.jsDoc?.at(-1);
  return doc === undefined ? undefined : source.text.slice(doc.getStart(source), doc.end);
}

/** A doc comment's text without its indentation, to compare a copy with its original. */
function comparable(doc) {
  return doc
    ?.split('\n')
    .map((line) => line.trim())
    .join('\n');
}

/** Whether a statement carries the `export` keyword. */
function isExported(node) {
  return (node.modifiers ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
}

/** Every identifier a node's text uses, its own name aside. */
function identifiersIn(node) {
  const names = new Set();
  const visit = (child) => {
    if (ts.isIdentifier(child) && child !== node.name) names.add(child.text);
    ts.forEachChild(child, visit);
  };
  ts.forEachChild(node, visit);
  return names;
}

/** A declaration's text from its first token (its doc comment left out). */
function codeOf(source, node) {
  return source.text.slice(node.getStart(source), node.end);
}

/**
 * One declaration file with its group tables turned into namespaces of their functions, where it can.
 * Returns the new text and how many members now share their function's one doc (`moved`) or keep a copy.
 */
export function singleCopy(text, fileName = 'index.d.ts') {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const functions = new Map();
  for (const statement of source.statements) {
    if (!ts.isFunctionDeclaration(statement) || statement.body || statement.name === undefined) continue;
    const name = statement.name.text;
    functions.set(name, [...(functions.get(name) ?? []), statement]);
  }
  const tables = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const [declaration, ...others] = statement.declarationList.declarations;
    if (others.length > 0 || !ts.isIdentifier(declaration.name) || declaration.type === undefined) continue;
    if (!ts.isTypeLiteralNode(declaration.type)) continue;
    tables.push({ statement, name: declaration.name.text, members: declaration.type.members });
  }
  // A function bound under more than one name keeps its own declaration; its members keep copies.
  const uses = new Map();
  for (const table of tables) {
    for (const member of table.members) {
      if (member.type && ts.isTypeQueryNode(member.type) && ts.isIdentifier(member.type.exprName)) {
        const fn = member.type.exprName.text;
        uses.set(fn, (uses.get(fn) ?? 0) + 1);
      }
    }
  }

  const edits = [];
  let moved = 0;
  let kept = 0;
  for (const table of tables) {
    const memberNames = new Set(
      table.members.map((member) => member.name?.getText(source)).filter((name) => name !== undefined),
    );
    const inside = [];
    const beside = [];
    for (const member of table.members) {
      const name = member.name?.getText(source);
      const query = member.type && ts.isTypeQueryNode(member.type) ? member.type.exprName : undefined;
      const fn = query && ts.isIdentifier(query) ? query.text : undefined;
      const declarations = fn === undefined ? undefined : functions.get(fn);
      const movable =
        ts.isPropertySignature(member) &&
        name !== undefined &&
        /^[A-Za-z_$][\w$]*$/.test(name) &&
        !RESERVED.has(name) &&
        declarations !== undefined &&
        uses.get(fn) === 1 &&
        !member.questionToken &&
        // The member says what its function says (or nothing): it is a copy, not a doc of its own.
        [undefined, comparable(docOf(source, declarations[0]))].includes(comparable(docOf(source, member))) &&
        // Inside the namespace, its members' names would shadow what the signature names.
        declarations.every(
          (declaration) => ![...identifiersIn(declaration)].some((id) => memberNames.has(id)),
        );
      if (movable) inside.push({ name, fn, declarations });
      else beside.push(member);
    }
    if (inside.length === 0) {
      kept += table.members.length;
      continue;
    }
    moved += inside.length;
    kept += beside.length;
    const indent = '    ';
    const body = inside.flatMap(({ name, declarations }) =>
      declarations.map((declaration) => {
        const doc = docOf(source, declaration);
        const code = codeOf(source, declaration)
          .replace(/^(?:export\s+)?declare\s+/, '')
          .replace(/^function\s+[A-Za-z_$][\w$]*/, `function ${name}`);
        const lines = [...(doc === undefined ? [] : doc.split('\n')), ...code.split('\n')];
        return lines.map((line) => `${indent}${line}`).join('\n');
      }),
    );
    // The table keeps its type, naming its members (an API report lists them): those of the namespace
    // picked by name, which keeps their declarations and so their doc, and the others as they were.
    const exported = isExported(table.statement) ? 'export ' : '';
    const namespace = `${table.name}$functions`;
    const picked = `Pick<typeof ${namespace}, ${inside.map(({ name }) => `'${name}'`).join(' | ')}>`;
    // As they were written, doc comments included.
    const rest = beside.map(
      (member) => `${indent}${source.text.slice(member.getStart(source, true), member.end)}`,
    );
    const type = rest.length === 0 ? picked : `${picked} & {\n${rest.join('\n')}\n}`;
    // Its heading stays on it; the namespace follows.
    edits.push({
      start: table.statement.getStart(source),
      end: table.statement.end,
      text: `${exported}declare const ${table.name}: ${type};\ndeclare namespace ${namespace} {\n${body.join('\n')}\n}`,
    });
    for (const { name, fn, declarations } of inside) {
      const [first, ...overloads] = declarations;
      const alias = `${isExported(first) ? 'export ' : ''}import ${fn} = ${namespace}.${name};`;
      edits.push({ start: first.getStart(source, true), end: first.end, text: alias });
      for (const overload of overloads)
        edits.push({ start: overload.getStart(source, true), end: overload.end, text: '' });
    }
  }
  edits.sort((a, b) => b.start - a.start);
  let result = text;
  for (const edit of edits) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return { text: result, moved, kept };
}
