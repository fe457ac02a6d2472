// What an editor shows on hover over each member of each group of a client, against what it shows over
// the standalone function the member calls: the built package, read by TypeScript's language service as a
// user's project reads it (`skipLibCheck` off), one program per package. A member whose hover lacks its
// function's description, `@example` or `@throws`, or says anything else, is a problem.
//
// The members are found from the client's type (every function of every group and nested group of what
// `create<Name>Client` returns, and of another form of the client a method of it returns, such as the
// secrets client's `wrapped(ttl)`); the function a member calls is the one its declaration names
// (`read: typeof readNamespace`), or else the one its group file binds it to (tables.mjs).
import { join } from 'node:path';
import { packageMembers } from './tables.mjs';

/** The display text of a hover's documentation and tags, as an editor renders them. */
function shown(ts, documentation, tags) {
  const text = ts.displayPartsToString(documentation ?? []);
  const tagTexts = (tags ?? []).map((tag) =>
    `@${tag.name} ${ts.displayPartsToString(tag.text ?? [])}`.trimEnd(),
  );
  return [text, ...tagTexts].join('\n');
}

/** The names from a member's top-level declaration down to it, as tables.mjs keys members. */
function declarationKey(ts, declaration) {
  const names = [];
  let node = declaration;
  while (node !== undefined && !ts.isSourceFile(node)) {
    const named =
      ts.isPropertySignature(node) ||
      ts.isMethodSignature(node) ||
      ts.isVariableDeclaration(node) ||
      ts.isFunctionDeclaration(node) ||
      ts.isInterfaceDeclaration(node) ||
      ts.isTypeAliasDeclaration(node);
    // A declaration renamed by the bundler to avoid a clash (`tokenOperations$1`) keeps its own name.
    if (named && node.name !== undefined) names.unshift(node.name.getText().replace(/\$\d+$/, ''));
    if (named && !ts.isPropertySignature(node) && !ts.isMethodSignature(node)) break;
    node = node.parent;
  }
  return names.join('.');
}

/**
 * The hover check of one built package. `packageDir` is its folder (its group files map the members
 * declared by hand to their functions), `resolveFrom` a folder whose node_modules holds the built
 * packages, `registry` a document registry to share parsed declarations between packages. Returns
 * `{ members, problems }`: every member checked (`path`, `fn`) and what is wrong with any of them.
 */
export function hoverReport(ts, { packageName, packageDir, resolveFrom, registry, compilerOptions = {} }) {
  const file = join(resolveFrom, `group-docs-hover.${packageName.replace(/\W/g, '_')}.ts`);
  let text = `import * as pkg from '${packageName}';\n`;
  let version = 0;
  const options = {
    strict: true,
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts', 'lib.esnext.disposable.d.ts'],
    types: ['node'],
    skipLibCheck: false,
    noEmit: true,
    ...compilerOptions,
  };
  const host = {
    getScriptFileNames: () => [file],
    getScriptVersion: (name) => (name === file ? String(version) : '0'),
    getScriptSnapshot: (name) => {
      const content = name === file ? text : ts.sys.readFile(name);
      return content === undefined ? undefined : ts.ScriptSnapshot.fromString(content);
    },
    getCurrentDirectory: () => resolveFrom,
    getCompilationSettings: () => options,
    getDefaultLibFileName: (settings) => ts.getDefaultLibFilePath(settings),
    fileExists: (name) => name === file || ts.sys.fileExists(name),
    readFile: (name) => (name === file ? text : ts.sys.readFile(name)),
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
    realpath: ts.sys.realpath,
  };
  const service = ts.createLanguageService(host, registry);
  const problems = [];

  // The client's type, from its factory.
  const program = service.getProgram();
  const checker = program.getTypeChecker();
  const entry = program.getSourceFile(file);
  const moduleSymbol = checker.getSymbolAtLocation(entry.statements[0].moduleSpecifier);
  if (moduleSymbol === undefined)
    throw new Error(`${packageName} does not resolve from ${resolveFrom}: build it`);
  const exports = checker.getExportsOfModule(moduleSymbol);
  const factory = exports.find((symbol) => /^create\w+Client$/.test(symbol.name));
  if (factory === undefined) throw new Error(`${packageName} exports no create…Client`);
  const exportName = new Map(
    exports.map((symbol) => [
      symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol,
      symbol.name,
    ]),
  );
  const clientType = checker
    .getTypeOfSymbol(factory.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(factory) : factory)
    .getCallSignatures()[0]
    .getReturnType();

  // Every member of every group: a function-valued property below a group (the client's own methods are
  // not group members; `core` is the client's core, not a group).
  const members = [];
  const tables = new Map(
    (packageDir === undefined ? [] : packageMembers(packageDir)).map((member) => [member.key, member]),
  );
  const walk = (type, root, path, depth) => {
    for (const property of checker.getPropertiesOfType(type)) {
      if (depth === 0 && property.name === 'core') continue;
      const propertyType = checker.getTypeOfSymbol(property);
      const here = [...path, property.name];
      if (propertyType.getCallSignatures().length > 0) {
        if (depth > 0) members.push({ root, path: here, symbol: property, type: propertyType });
      } else if (propertyType.flags & ts.TypeFlags.Object && depth < 4) {
        walk(propertyType, root, here, depth + 1);
      }
    }
  };
  walk(clientType, 'client', [], 0);
  // A method of the client that returns another form of it (the secrets client's `wrapped(ttl)`): the
  // groups of that form are checked too.
  const groupNames = new Set(members.map((member) => member.path[0]));
  const views = [];
  for (const property of checker.getPropertiesOfType(clientType)) {
    const [signature] = checker.getTypeOfSymbol(property).getCallSignatures();
    const returned = signature?.getReturnType();
    if (returned === undefined || !checker.getPropertiesOfType(returned).some((p) => groupNames.has(p.name)))
      continue;
    views.push(property.name);
    walk(returned, `view_${property.name}`, [], 0);
  }
  const pathOf = (member) =>
    member.root === 'client'
      ? member.path.join('.')
      : `${member.root.replace(/^view_/, '')}(…).${member.path.join('.')}`;

  // The function each member calls.
  for (const member of members) {
    const declaration = member.symbol.declarations?.[0];
    const key = declaration === undefined ? undefined : declarationKey(ts, declaration);
    const typeNode = declaration?.type;
    let fn;
    if (typeNode !== undefined && ts.isTypeQueryNode(typeNode)) {
      let target = checker.getSymbolAtLocation(typeNode.exprName);
      if (target !== undefined && target.flags & ts.SymbolFlags.Alias)
        target = checker.getAliasedSymbol(target);
      fn = target === undefined ? undefined : exportName.get(target);
      if (fn === undefined)
        problems.push(`${pathOf(member)}: ${typeNode.exprName.getText()} is not exported by ${packageName}`);
    }
    // A member that is its function, declared in the group's namespace (single-copy.mjs), under the
    // name the package exports it by (an alias of it).
    if (
      fn === undefined &&
      declaration !== undefined &&
      ts.isFunctionDeclaration(declaration) &&
      declaration.name
    ) {
      const own = checker.getSymbolAtLocation(declaration.name);
      fn = own === undefined ? undefined : exportName.get(own);
      if (fn === undefined)
        problems.push(`${pathOf(member)}: its function is not exported by ${packageName}`);
    }
    const table = key === undefined || fn !== undefined ? undefined : tables.get(key);
    if (fn !== undefined && table !== undefined && table.fn !== fn) {
      problems.push(`${pathOf(member)}: declared as typeof ${fn}, but ${table.file} binds ${table.fn}`);
    }
    member.fn = fn ?? table?.fn;
    if (member.fn === undefined) {
      problems.push(
        `${pathOf(member)}: no standalone function found (declared at ${key}; a member declared by hand needs a pointer /** {@inheritDoc fn} */)`,
      );
    }
  }

  // One hover per member and per function, in one version of the file.
  const lines = [];
  const positions = [];
  const clientLine = [
    `declare const client: ReturnType<typeof pkg.${factory.name}>;\n`,
    ...views.map((view) => `declare const view_${view}: ReturnType<typeof client.${view}>;\n`),
  ].join('');
  let offset = text.length + clientLine.length;
  for (const member of members.filter((candidate) => candidate.fn !== undefined)) {
    const access = `${member.root}.${member.path.join('.')}`;
    const line = `${access};\npkg.${member.fn};\n`;
    const memberAt = offset + access.length - 1;
    const fnAt = offset + line.indexOf(`pkg.${member.fn}`) + 'pkg.'.length;
    positions.push({ member, memberAt, fnAt });
    lines.push(line);
    offset += line.length;
  }
  text = `${text}${clientLine}${lines.join('')}`;
  version += 1;

  for (const { member, memberAt, fnAt } of positions) {
    const name = pathOf(member);
    const got = service.getQuickInfoAtPosition(file, memberAt);
    const want = service.getQuickInfoAtPosition(file, fnAt);
    const wanted = shown(ts, want?.documentation, want?.tags);
    const shownMember = shown(ts, got?.documentation, got?.tags);
    if (!/@example/.test(wanted) || !/@throws/.test(wanted) || wanted.split('\n')[0].trim() === '') {
      problems.push(`${name}: ${member.fn} itself lacks a description, an @example or a @throws`);
    } else if (shownMember === '') {
      problems.push(`${name}: the hover shows no documentation (${member.fn} has it)`);
    } else if (shownMember !== wanted) {
      problems.push(
        `${name}: the hover differs from ${member.fn}'s:\n${firstDifference(shownMember, wanted)}`,
      );
    }
    // Each overload of a member declared by hand carries its function's overload's doc.
    const signatures = member.type.getCallSignatures();
    if (signatures.length > 1) {
      const fnSymbol = [...exportName].find(([, exported]) => exported === member.fn)?.[0];
      const fnSignatures =
        fnSymbol === undefined ? [] : checker.getTypeOfSymbol(fnSymbol).getCallSignatures();
      signatures.forEach((signature, index) => {
        const own = shown(ts, signature.getDocumentationComment(checker), signature.getJsDocTags());
        const theirs = fnSignatures[index];
        const expected =
          theirs === undefined
            ? ''
            : shown(ts, theirs.getDocumentationComment(checker), theirs.getJsDocTags());
        if (own !== expected) problems.push(`${name}: overload ${index + 1} differs from ${member.fn}'s`);
      });
    }
  }
  const diagnostics = service
    .getSemanticDiagnostics(file)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  for (const diagnostic of diagnostics) problems.push(`the hover file does not compile: ${diagnostic}`);
  service.dispose();
  return { members: members.map((member) => ({ path: pathOf(member), fn: member.fn })), problems };
}

/** The first line where two texts differ, both ways. */
function firstDifference(got, want) {
  const a = got.split('\n');
  const b = want.split('\n');
  const index = a.findIndex((line, at) => line !== b[at]);
  const at = index === -1 ? a.length : index;
  return `  hover:    ${a[at] ?? '(end)'}\n  function: ${b[at] ?? '(end)'}`;
}
