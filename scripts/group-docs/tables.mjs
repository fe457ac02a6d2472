// The members of the clients' groups (`src/**/group.ts`) and the standalone function each one calls, read
// from the sources: every operation is documented once, on its function, and a group member takes that
// documentation by construction (see declaration-sources.mjs, which writes it into the declarations, and
// tests/docs/test/group-docs.test.ts, which checks the editor's hover).
//
// A member is a property of an object literal in a group file whose value is a standalone function:
//   read: readNamespace,                       the function itself
//   help: bindOperation(core, readCloudHelp),  one function bound to the core
//   write: (type, name, body, options) => writeDestination(core, type, name, body, options),
// or a member of an interface declared by hand there (a type parameter or overloads that a binding would
// lose), whose doc comment is a pointer to its function: `/** {@inheritDoc writeDestination} */`.
// A member's key is the path of names from its top-level declaration (`namespaceOperations.create`,
// `databaseGroup.connections.write`, `DestinationsGroup.write`), as the emitted declarations keep it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** The pointer a hand-declared member's doc comment holds: `{@inheritDoc writeDestination}`. */
export const POINTER = /^\/\*\*\s*(?:\*\s*)?\{@inheritDoc\s+([A-Za-z_$][\w$]*)\s*\}\s*\*\/$/;

/** The group files of a package: `src/**\/group.ts`. */
export function groupFiles(packageDir) {
  const src = join(packageDir, 'src');
  return readdirSync(src, { recursive: true })
    .map(String)
    .filter((file) => file.split(/[\\/]/).at(-1) === 'group.ts')
    .map((file) => join(src, file))
    .sort();
}

const parsed = new Map();

/** A source file, parsed once per text. */
export function parse(file, text = readFileSync(file, 'utf8')) {
  const known = parsed.get(file);
  if (known?.text === text) return known.source;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  parsed.set(file, { text, source });
  return source;
}

/** The last doc comment of a node (the one TypeScript shows), or undefined. */
export function docOf(node) {
  return node.jsDoc?.at(-1);
}

/** The text of a doc comment as written, from `/**` to its end. */
export function docText(source, doc) {
  return source.text.slice(doc.getStart(source), doc.end);
}

/** The function a member's value calls: `fn`, `bindOperation(core, fn)`, or `(...) => fn(core, ...)`. */
function calledFunction(value) {
  let node = value;
  while (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
    node = node.expression;
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isCallExpression(node)) {
    const callee = node.expression;
    if (ts.isIdentifier(callee) && callee.text === 'bindOperation' && node.arguments.length === 2) {
      const bound = node.arguments[1];
      return ts.isIdentifier(bound) ? bound.text : undefined;
    }
    return undefined;
  }
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
    let body = node.body;
    if (ts.isBlock(body)) {
      const only = body.statements.length === 1 ? body.statements[0] : undefined;
      if (only === undefined || !ts.isReturnStatement(only) || only.expression === undefined)
        return undefined;
      body = only.expression;
    }
    while (ts.isParenthesizedExpression(body) || ts.isAsExpression(body)) body = body.expression;
    if (ts.isCallExpression(body) && ts.isIdentifier(body.expression)) {
      const first = body.arguments[0];
      // The standalone function takes the client's core first.
      if (first !== undefined && ts.isIdentifier(first) && first.text === 'core') return body.expression.text;
    }
  }
  return undefined;
}

/** The names from the top-level declaration down to `node` (object literal properties, type members). */
function keyOf(node, name) {
  const names = [name];
  let current = node.parent;
  while (current !== undefined && !ts.isSourceFile(current)) {
    if ((ts.isPropertyAssignment(current) || ts.isPropertySignature(current)) && current.name !== undefined) {
      names.unshift(current.name.getText());
    } else if (
      (ts.isVariableDeclaration(current) ||
        ts.isFunctionDeclaration(current) ||
        ts.isInterfaceDeclaration(current) ||
        ts.isTypeAliasDeclaration(current)) &&
      current.name !== undefined
    ) {
      names.unshift(current.name.getText());
      break;
    }
    current = current.parent;
  }
  return names.join('.');
}

/** Where the names a group file imports come from: local name → { module, name } (relative modules only). */
function importsOf(source) {
  const imports = new Map();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const module = statement.moduleSpecifier.text;
    const bindings = statement.importClause?.namedBindings;
    if (bindings === undefined || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      imports.set(element.name.text, { module, name: (element.propertyName ?? element.name).text });
    }
  }
  return imports;
}

/**
 * The members of one group file: `{ file, key, name, fn, node, overload, doc, pointer }`, where `node` is
 * the property or type member, `overload` its position among the same member's signatures, `doc` its
 * doc comment (if any) and `pointer` whether that comment is a `{@inheritDoc}` pointer.
 */
export function membersOf(file, text) {
  const source = parse(file, text);
  const imports = importsOf(source);
  const members = [];
  const visit = (node) => {
    if (ts.isObjectLiteralExpression(node)) {
      for (const property of node.properties) {
        let fn;
        if (ts.isPropertyAssignment(property)) fn = calledFunction(property.initializer);
        else if (ts.isShorthandPropertyAssignment(property)) fn = property.name.text;
        if (fn === undefined || !imports.has(fn) || property.name === undefined) continue;
        const name = property.name.getText(source);
        const doc = docOf(property);
        members.push({
          file,
          key: keyOf(property, name),
          name,
          fn,
          origin: imports.get(fn),
          node: property,
          overload: 0,
          doc,
          pointer: doc !== undefined && POINTER.test(docText(source, doc)),
        });
      }
    }
    if (ts.isInterfaceDeclaration(node) || ts.isTypeLiteralNode(node)) {
      const seen = new Map();
      for (const member of node.members) {
        const doc = docOf(member);
        const pointer = doc === undefined ? undefined : POINTER.exec(docText(source, doc));
        if (member.name === undefined) continue;
        const name = member.name.getText(source);
        const overload = seen.get(name) ?? 0;
        seen.set(name, overload + 1);
        if (!pointer) continue;
        const fn = pointer[1];
        members.push({
          file,
          key: keyOf(member, name),
          name,
          fn,
          origin: imports.get(fn),
          node: member,
          overload,
          doc,
          pointer: true,
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return members;
}

/** The TypeScript file a relative import names (`./x.js` → x.ts, `./dir` → dir/index.ts). */
function resolveModule(fromFile, specifier) {
  const base = resolve(dirname(fromFile), specifier);
  const candidates = [base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (found === undefined) throw new Error(`${fromFile}: cannot find the module ${specifier}`);
  return found;
}

/**
 * The doc comments of an exported function, one per signature a caller sees (each overload; the only
 * declaration when there is none), following re-exports. Throws when the function is not found.
 */
export function functionDocs(fromFile, specifier, name, seen = new Set()) {
  if (!specifier.startsWith('.'))
    throw new Error(`${fromFile}: ${name} comes from ${specifier}, not a module of this package`);
  const file = resolveModule(fromFile, specifier);
  const where = `${file}#${name}`;
  if (seen.has(where)) throw new Error(`${where}: re-exports go round in a circle`);
  seen.add(where);
  const source = parse(file);
  const declarations = [];
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) declarations.push(statement);
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.name.text === name) declarations.push(statement);
      }
    }
  }
  if (declarations.length > 0) {
    const overloads = declarations.filter(
      (declaration) => !ts.isFunctionDeclaration(declaration) || !declaration.body,
    );
    const visible = overloads.length > 0 ? overloads : declarations;
    return {
      file,
      docs: visible.map((declaration) => {
        const doc = docOf(declaration);
        return doc === undefined ? undefined : docText(source, doc);
      }),
    };
  }
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier) continue;
    const from = statement.moduleSpecifier.text;
    if (statement.exportClause === undefined) {
      try {
        return functionDocs(file, from, name, seen);
      } catch {}
      continue;
    }
    if (!ts.isNamedExports(statement.exportClause)) continue;
    for (const element of statement.exportClause.elements) {
      if (element.name.text === name)
        return functionDocs(file, from, (element.propertyName ?? element.name).text, seen);
    }
  }
  const imported = importsOf(source).get(name);
  if (imported !== undefined) return functionDocs(file, imported.module, imported.name, seen);
  throw new Error(`${fromFile}: no function ${name} in ${relative(process.cwd(), file)}`);
}

/** Every member of every group file of a package, each with its function's doc comments (`docs`). */
export function packageMembers(packageDir, read = (file) => readFileSync(file, 'utf8')) {
  return groupFiles(packageDir).flatMap((file) =>
    membersOf(file, read(file)).map((member) => ({
      ...member,
      ...(member.origin === undefined
        ? { docs: undefined, problem: `${member.key}: ${member.fn} is not imported into ${file}` }
        : { docs: functionDocs(file, member.origin.module, member.origin.name).docs }),
    })),
  );
}
