#!/usr/bin/env node
// Writes out the public types of a client's valibot schemas as plain interfaces and type aliases, so
// its main entry's declarations need no valibot: a user's compiler reads `interface Allocation { ... }`
// instead of working out `v.InferOutput<typeof AllocationSchema>` through valibot's 600 kB of types.
// Run from a package folder:
//   node ../../scripts/schema-types.mjs           (re)writes src/**/types.generated.ts and src/schema-types.check.ts
//   node ../../scripts/schema-types.mjs --check   fails when they are stale, when the main entry exports a
//                                                 schema, or when the built declarations of `.` or `./node`
//                                                 import valibot (the package's check:package runs it)
//
// Which type is written from which schema is recorded in src/schema-types.check.ts, one assertion per
// type (`Assert<Same<Allocation, v.InferOutput<typeof AllocationSchema>>>`), which the package's
// typecheck compiles: a written type that is not exactly what its schema infers fails the typecheck. A
// schema that moved to another module is followed by its name; a type whose schema is gone goes too.
// A new type is declared as before, beside its schema:
//   export interface Variable extends v.InferOutput<typeof VariableSchema> {}
//   export type VariableInput = v.InferInput<typeof VariableRequestSchema>;
//   export interface UploadOptions extends RequestOptions, v.InferInput<typeof UploadSettingsSchema> {}
// and the script moves it into the types.generated.ts of that folder (taking its doc comment to the schema
// when the schema has none). It points the package's imports of any written type (src/, test/) at the
// file that declares it. The group's index exports the written types; src/schemas.ts, the `./schemas`
// entry, exports the schemas.
//
// Each type is written from the schema's own type as the compiler infers it: an object's properties
// with their doc comments, and every nested schema that has a written type by that type's name, so no
// type is written out twice. A module that declares schemas imports valibot in its declarations: what
// the main entry exports (constants, hand-written types, functions) lives in modules apart from them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const workspaceRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const packageDir = process.cwd();
const checkOnly = process.argv.includes('--check');
// --print=<folder>: writes what would be generated there, and touches nothing in the package.
const printTo = process.argv.find((arg) => arg.startsWith('--print='))?.slice('--print='.length);
const ts = createRequire(join(packageDir, 'package.json'))('typescript');
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
const label = `schema-types ${manifest.name}`;

const srcDir = join(packageDir, 'src');
const GENERATED = 'types.generated.ts';
const CHECK_FILE = join(srcDir, 'schema-types.check.ts');
const VALIBOT = 'valibot';

class Failure extends Error {}

// ---------------------------------------------------------------------------------------------
// Files

function sourceFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) files.push(path);
  }
  return files.sort();
}

const isGenerated = (file) => basename(file) === GENERATED || file === CHECK_FILE;

/** `./x.js`-style specifier of `to` (a .ts file) from the folder of `from`. */
function specifierFrom(from, to) {
  let path = relative(dirname(from), to).split(sep).join('/');
  if (!path.startsWith('.')) path = `./${path}`;
  return path.replace(/\.ts$/, '.js');
}

/** The .ts file a relative specifier of `from` names, if it is one of the package's. */
function resolveRelative(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const file = resolve(dirname(from), specifier).replace(/\.js$/, '.ts');
  return existsSync(file) ? file : undefined;
}

/** A namespace name for a module of the package in the check file, e.g. `allocations/schemas.ts` → `allocationsSchemas`. */
function aliasOf(file, taken) {
  const words = relative(srcDir, file)
    .replace(/\.ts$/, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  let alias = words.map((word, i) => (i === 0 ? word : word[0].toUpperCase() + word.slice(1))).join('');
  if (/^\d/.test(alias)) alias = `m${alias}`;
  let unique = alias;
  for (let n = 2; taken.has(unique) && taken.get(unique) !== file; n++) unique = `${alias}${n}`;
  taken.set(unique, file);
  return unique;
}

// ---------------------------------------------------------------------------------------------
// The program

function compilerOptions() {
  const configPath = join(packageDir, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic() {} },
  );
  return { ...parsed.options, noEmit: true };
}

/** A program of the package's sources, with `overrides` (path → text) in place of the files on disk. */
function createProgram(overrides) {
  const options = compilerOptions();
  const host = ts.createCompilerHost(options, true);
  const { getSourceFile, readFile, fileExists } = host;
  host.getSourceFile = (file, language, onError, create) => {
    const text = overrides.get(resolve(file));
    if (text !== undefined) return ts.createSourceFile(file, text, language, true);
    return getSourceFile.call(host, file, language, onError, create);
  };
  host.readFile = (file) => overrides.get(resolve(file)) ?? readFile.call(host, file);
  host.fileExists = (file) => overrides.has(resolve(file)) || fileExists.call(host, file);
  const roots = [...new Set([...sourceFiles(srcDir), ...overrides.keys()])];
  return ts.createProgram(roots, options, host);
}

// ---------------------------------------------------------------------------------------------
// Finding the types: declarations by inference in the sources, and the record in the check file

/** Names under which `file` imports valibot as a namespace (`import * as v from 'valibot'`). */
function valibotNamespaces(sf) {
  const names = new Set();
  for (const statement of sf.statements) {
    if (
      ts.isImportDeclaration(statement) &&
      statement.moduleSpecifier.text === VALIBOT &&
      statement.importClause?.namedBindings &&
      ts.isNamespaceImport(statement.importClause.namedBindings)
    ) {
      names.add(statement.importClause.namedBindings.name.text);
    }
  }
  return names;
}

/** `Output` or `Input` when `node` is `v.InferOutput<…>` / `v.InferInput<…>` with one type argument. */
function inferKind(node, namespaces) {
  const name = ts.isTypeReferenceNode(node)
    ? node.typeName
    : ts.isExpressionWithTypeArguments(node)
      ? node.expression
      : undefined;
  if (!name || node.typeArguments?.length !== 1) return undefined;
  const left = ts.isQualifiedName(name)
    ? name.left
    : ts.isPropertyAccessExpression(name)
      ? name.expression
      : undefined;
  const right = ts.isQualifiedName(name)
    ? name.right
    : ts.isPropertyAccessExpression(name)
      ? name.name
      : undefined;
  if (!left || !ts.isIdentifier(left) || !namespaces.has(left.text)) return undefined;
  if (right.text === 'InferOutput') return 'Output';
  if (right.text === 'InferInput') return 'Input';
  return undefined;
}

function jsDocText(node) {
  const docs = ts.getJSDocCommentsAndTags(node).filter((doc) => doc.kind === ts.SyntaxKind.JSDoc);
  const doc = docs.at(-1);
  return doc ? node.getSourceFile().text.slice(doc.pos, doc.end) : undefined;
}

/** The declarations by inference in `sf`: `interface X extends v.InferOutput<T> {}` and `type X = v.InferOutput<T>`. */
function inferredDeclarations(sf) {
  const namespaces = valibotNamespaces(sf);
  if (namespaces.size === 0) return [];
  const found = [];
  for (const statement of sf.statements) {
    let kind;
    let schemaNode;
    const heritage = [];
    if (ts.isInterfaceDeclaration(statement) && statement.heritageClauses) {
      for (const type of statement.heritageClauses.flatMap((clause) => clause.types)) {
        const k = inferKind(type, namespaces);
        if (k && !kind) {
          kind = k;
          schemaNode = type.typeArguments[0];
        } else heritage.push(type);
      }
      if (kind && (statement.members.length > 0 || statement.typeParameters)) {
        throw new Failure(
          `${relative(packageDir, sf.fileName)}: ${statement.name.text} adds members or type parameters to an inferred type; put them in the schema (a doc comment on a field, a named schema for a part)`,
        );
      }
    } else if (ts.isTypeAliasDeclaration(statement) && !statement.typeParameters) {
      kind = inferKind(statement.type, namespaces);
      schemaNode = kind && statement.type.typeArguments[0];
    }
    if (!kind) continue;
    found.push({
      statement,
      name: statement.name.text,
      kind,
      schemaNode,
      heritage,
      doc: jsDocText(statement),
    });
  }
  return found;
}

/**
 * Rewrites a type node of `sf` into the check file's terms: names declared in `sf` or imported into it
 * become `alias.name`. Reports the module-level declarations it names, which must be exported.
 */
function checkFileText(node, sf, aliases, needsExport) {
  const namespaces = valibotNamespaces(sf);
  const edits = [];
  const visit = (n) => {
    let head;
    if (ts.isTypeQueryNode(n)) head = leftmost(n.exprName);
    else if (ts.isTypeReferenceNode(n)) head = leftmost(n.typeName);
    else if (ts.isExpressionWithTypeArguments(n)) head = leftmostExpression(n.expression);
    if (head) {
      const replacement = qualify(head.text, sf, namespaces, aliases, needsExport);
      if (replacement !== undefined)
        edits.push({ start: head.getStart(sf), end: head.end, text: replacement });
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  let text = sf.text.slice(node.getStart(sf), node.end);
  const base = node.getStart(sf);
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    text = text.slice(0, edit.start - base) + edit.text + text.slice(edit.end - base);
  }
  return text;
}

function leftmost(name) {
  return ts.isQualifiedName(name) ? leftmost(name.left) : name;
}

function leftmostExpression(expression) {
  return ts.isPropertyAccessExpression(expression) ? leftmostExpression(expression.expression) : expression;
}

function qualify(name, sf, namespaces, aliases, needsExport) {
  if (namespaces.has(name)) return 'v';
  for (const statement of sf.statements) {
    if (ts.isImportDeclaration(statement) && statement.importClause) {
      const specifier = statement.moduleSpecifier.text;
      const clause = statement.importClause;
      const bindings = clause.namedBindings;
      const moduleAlias = () => {
        const file = resolveRelative(sf.fileName, specifier);
        return file ? aliases.of(file) : aliases.ofPackage(specifier);
      };
      if (bindings && ts.isNamespaceImport(bindings) && bindings.name.text === name) return moduleAlias();
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          if (element.name.text === name)
            return `${moduleAlias()}.${(element.propertyName ?? element.name).text}`;
        }
      }
      continue;
    }
    const declared = declaredNames(statement);
    if (declared.includes(name)) {
      if (!isExported(statement)) needsExport.add(statement);
      return `${aliases.of(sf.fileName)}.${name}`;
    }
  }
  return undefined; // a global (ReturnType, Record, ...)
}

function declaredNames(statement) {
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.declarations
      .filter((d) => ts.isIdentifier(d.name))
      .map((d) => d.name.text);
  }
  if (
    (ts.isFunctionDeclaration(statement) ||
      ts.isInterfaceDeclaration(statement) ||
      ts.isTypeAliasDeclaration(statement) ||
      ts.isClassDeclaration(statement)) &&
    statement.name
  ) {
    return [statement.name.text];
  }
  return [];
}

function isExported(statement) {
  return (ts.getCombinedModifierFlags(statement) & ts.ModifierFlags.Export) !== 0;
}

/** The entries of the check file on disk: `Assert<Same<Folder.Name, Expr>>`. */
function recordedEntries(sf) {
  const importsByAlias = new Map();
  for (const statement of sf.statements) {
    if (
      ts.isImportDeclaration(statement) &&
      statement.importClause?.namedBindings &&
      ts.isNamespaceImport(statement.importClause.namedBindings)
    ) {
      importsByAlias.set(statement.importClause.namedBindings.name.text, statement.moduleSpecifier.text);
    }
  }
  const entries = [];
  const visit = (node) => {
    if (
      ts.isTypeReferenceNode(node) &&
      ts.isIdentifier(node.typeName) &&
      node.typeName.text === 'Same' &&
      node.typeArguments?.length === 2
    ) {
      const [target, expr] = node.typeArguments;
      if (ts.isTypeReferenceNode(target) && ts.isQualifiedName(target.typeName)) {
        const specifier = importsByAlias.get(target.typeName.left.getText(sf));
        const file = specifier && resolve(dirname(sf.fileName), specifier).replace(/\.js$/, '.ts');
        if (file) {
          entries.push({
            name: target.typeName.right.text,
            targetDir: dirname(file),
            exprText: expr.getText(sf),
            importsByAlias,
          });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return entries;
}

// ---------------------------------------------------------------------------------------------
// Printing a type

const INDENT = '  ';

class Printer {
  constructor(program, named) {
    this.program = program;
    this.checker = program.getTypeChecker();
    this.named = named; // Map<'Output'|'Input', Map<ts.Type, {name, key, file}[]>>
    this.undefinedType = this.checker.getUndefinedType();
  }

  /** Prints `type` for the generated file `file`, adding what it imports to `imports`. */
  print(type, context) {
    return this.type(type, { ...context, indent: context.indent ?? '' }, false);
  }

  type(type, context, top) {
    const { checker } = this;
    if (!top) {
      const name = this.lookup(type, context);
      if (name) return name;
    }
    // A union the package names itself (`UploadSource`), by that name.
    if (!top && type.flags & ts.TypeFlags.Union && type.aliasSymbol) {
      const reference = this.reference(type, context);
      if (reference) return reference;
    }
    if (type.flags & ts.TypeFlags.Union) return this.union(type, context);
    if (type.flags & ts.TypeFlags.Intersection) {
      if (type.types.every((part) => this.isPlainObject(part))) return this.object(type, context);
      return type.types.map((part) => this.wrapped(part, context)).join(' & ');
    }
    const intrinsic = this.intrinsic(type);
    if (intrinsic) return intrinsic;
    if (type.flags & ts.TypeFlags.StringLiteral) return quote(type.value);
    if (type.flags & ts.TypeFlags.NumberLiteral) return String(type.value);
    if (type.flags & ts.TypeFlags.BigIntLiteral)
      return `${type.value.negative ? '-' : ''}${type.value.base10Value}n`;
    if (type.flags & ts.TypeFlags.BooleanLiteral) return checker.typeToString(type);
    if (type.flags & ts.TypeFlags.Object) {
      if (checker.isArrayType(type)) {
        const [element] = checker.getTypeArguments(type);
        const readonly = type.symbol?.name === 'ReadonlyArray' ? 'readonly ' : '';
        return `${readonly}${this.wrapped(element, context)}[]`;
      }
      if (checker.isTupleType(type)) return this.tuple(type, context);
      const reference = this.reference(type, context);
      if (reference) return reference;
      if (this.isPlainObject(type)) return this.object(type, context);
      const signature = this.functionType(type, context);
      if (signature) return signature;
    }
    return this.fallback(type, context);
  }

  intrinsic(type) {
    const f = ts.TypeFlags;
    if (type.flags & f.String) return 'string';
    if (type.flags & f.Number) return 'number';
    if (type.flags & f.BigInt) return 'bigint';
    if (type.flags & f.Boolean) return 'boolean';
    if (type.flags & f.ESSymbol) return 'symbol';
    if (type.flags & f.Null) return 'null';
    if (type.flags & f.Undefined) return 'undefined';
    if (type.flags & f.Unknown) return 'unknown';
    if (type.flags & f.Any) {
      // The compiler's error type: a name that does not resolve (a written type not written yet).
      if (type.intrinsicName === 'error') this.unresolved = true;
      return 'any';
    }
    if (type.flags & f.Never) return 'never';
    if (type.flags & f.Void) return 'void';
    if (type.flags & f.NonPrimitive) return 'object';
    return undefined;
  }

  /** A type printed where an operator binds tighter than `|` (inside `A[]`, or a member of `A & B`). */
  wrapped(type, context) {
    const text = this.type(type, context, false);
    if (/^[A-Za-z_$][\w$]*$/.test(text) || text.startsWith('{')) return text;
    if (text.startsWith('(') && text.includes('=>')) return `(${text})`;
    return type.flags & (ts.TypeFlags.Union | ts.TypeFlags.Intersection) ? `(${text})` : text;
  }

  union(type, context) {
    const { checker } = this;
    // The union as written, where the compiler kept it (`UploadSource | undefined` rather than its
    // flattened members): its named parts print by name.
    const written = type.origin && type.origin.flags & ts.TypeFlags.Union ? type.origin.types : type.types;
    let members = written.filter((member) => !this.isMissing(member));
    const parts = [];
    // Named unions inside this one (`JobStatus | null | undefined`), when the field names their schema.
    const candidates = [...(this.named.get(context.kind)?.entries() ?? [])]
      .filter(([named]) => named !== type && named.flags & ts.TypeFlags.Union)
      .sort(([a], [b]) => b.types.length - a.types.length);
    for (const [named, names] of candidates) {
      const hinted = names.find((candidate) => context.hints?.has(candidate.key));
      if (hinted && named.types.every((member) => members.includes(member))) {
        parts.push(this.use(hinted, context));
        members = members.filter((member) => !named.types.includes(member));
      }
    }
    const isBoolean = (m, value) =>
      m.flags & ts.TypeFlags.BooleanLiteral && checker.typeToString(m) === value;
    const bothBooleans =
      members.some((m) => isBoolean(m, 'true')) && members.some((m) => isBoolean(m, 'false'));
    const literals = literalOrder(members.filter((m) => m.flags & ts.TypeFlags.StringLiteral));
    const others = [];
    const tail = [];
    for (const member of members) {
      if (member.flags & ts.TypeFlags.StringLiteral) continue;
      if (member.flags & ts.TypeFlags.BooleanLiteral && bothBooleans) {
        if (!others.includes('boolean')) others.push('boolean');
      } else if (member.flags & ts.TypeFlags.Null) tail[0] = 'null';
      else if (member.flags & ts.TypeFlags.Undefined) tail[1] = 'undefined';
      else others.push(this.wrapped(member, context));
    }
    return [
      ...parts,
      ...literals.map((literal) => quote(literal.value)),
      ...others,
      ...tail.filter(Boolean),
    ].join(' | ');
  }

  tuple(type, context) {
    const target = type.target;
    const elements = this.checker.getTypeArguments(type).map((element, i) => {
      const flags = target.elementFlags[i];
      const text = this.type(element, context, false);
      if (flags & ts.ElementFlags.Optional) return `${text}?`;
      if (flags & ts.ElementFlags.Rest) return `...${text}[]`;
      return text;
    });
    return `${target.readonly ? 'readonly ' : ''}[${elements.join(', ')}]`;
  }

  /** The name of a declared interface, class or alias (`UnixNanos`, `Date`, `Task`), imported as needed. */
  reference(type, context) {
    const symbol = type.aliasSymbol ?? type.getSymbol();
    if (
      !symbol ||
      !(symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class | ts.SymbolFlags.TypeAlias))
    ) {
      return undefined;
    }
    const args = type.aliasSymbol
      ? (type.aliasTypeArguments ?? [])
      : type.flags & ts.TypeFlags.Object && type.objectFlags & ts.ObjectFlags.Reference
        ? this.checker.getTypeArguments(type)
        : [];
    const name = this.importName(symbol, context);
    if (name === undefined) return undefined;
    return args.length > 0
      ? `${name}<${args.map((arg) => this.type(arg, context, false)).join(', ')}>`
      : name;
  }

  /** Imports the declaration of `symbol` into the generated file; undefined for valibot's own types. */
  importName(symbol, context) {
    const declaration = symbol.declarations?.[0];
    if (!declaration) return undefined;
    const sf = declaration.getSourceFile();
    const name = symbol.name;
    if (this.program.isSourceFileDefaultLibrary(sf) || /[\\/]typescript[\\/]lib[\\/]/.test(sf.fileName))
      return name;
    const file = resolve(sf.fileName);
    if (file.startsWith(srcDir + sep)) {
      const moved = context.movedTo.get(name);
      const from = moved && context.movedFrom.get(name) === file ? moved : file;
      if (from !== context.file) context.imports.add(specifierFrom(context.file, from), name);
      return name;
    }
    const match =
      /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(file) ??
      /[\\/]packages[\\/]core[\\/]/.exec(file);
    const pkg = match?.[1]?.replace('\\', '/') ?? (match ? '@infra-sdk/core' : undefined);
    if (pkg === VALIBOT || pkg === undefined) return undefined;
    if (pkg === '@types/node') return name;
    context.imports.add(pkg, name);
    return name;
  }

  /** A function type of one signature and no properties: `(name: T) => R`. */
  functionType(type, context) {
    const [signature, ...others] = type.getCallSignatures();
    if (!signature || others.length > 0 || type.getConstructSignatures().length > 0) return undefined;
    if (this.checker.getPropertiesOfType(type).length > 0 || signature.typeParameters?.length)
      return undefined;
    const parameters = signature.parameters.map((parameter) => {
      const declaration = parameter.valueDeclaration;
      const rest = declaration && ts.isParameter(declaration) && declaration.dotDotDotToken ? '...' : '';
      const optional = declaration && ts.isParameter(declaration) && declaration.questionToken ? '?' : '';
      return `${rest}${parameter.name}${optional}: ${this.type(this.checker.getTypeOfSymbol(parameter), context, false)}`;
    });
    return `(${parameters.join(', ')}) => ${this.type(signature.getReturnType(), context, false)}`;
  }

  /** An object type, or an intersection of them (a loose object's fields and its index signature). */
  isObjectLike(type) {
    if (type.flags & ts.TypeFlags.Intersection) return type.types.every((part) => this.isPlainObject(part));
    return this.isPlainObject(type);
  }

  isPlainObject(type) {
    if (!(type.flags & ts.TypeFlags.Object)) return false;
    if (this.checker.isArrayType(type) || this.checker.isTupleType(type)) return false;
    if (type.getCallSignatures().length > 0 || type.getConstructSignatures().length > 0) return false;
    return true;
  }

  object(type, context) {
    const members = this.members(type, { ...context, indent: context.indent + INDENT });
    const properties = this.checker.getPropertiesOfType(type);
    const indexes = this.checker.getIndexInfosOfType(type);
    if (properties.length === 0 && indexes.length === 1 && indexes[0].keyType.flags & ts.TypeFlags.String) {
      const value = this.type(indexes[0].type, context, false);
      return indexes[0].isReadonly ? `Readonly<Record<string, ${value}>>` : `Record<string, ${value}>`;
    }
    // `{}` as biome allows it (noBannedTypes): the same type, an object with no property.
    if (members.length === 0) return 'Record<never, never>';
    return `{\n${members.join('\n')}\n${context.indent}}`;
  }

  /** The members of an object type, one per line at `context.indent`, with their doc comments. */
  members(type, context) {
    const lines = [];
    for (const index of this.checker.getIndexInfosOfType(type)) {
      const key = index.declaration?.parameters[0]?.name.getText() ?? 'key';
      const keyType = this.type(index.keyType, context, false);
      lines.push(
        `${context.indent}${index.isReadonly ? 'readonly ' : ''}[${key}: ${keyType}]: ${this.type(index.type, context, false)};`,
      );
    }
    for (const property of declarationOrder(this.checker.getPropertiesOfType(type))) {
      const declaration = property.valueDeclaration ?? property.declarations?.[0];
      const doc = declaration ? jsDocText(declaration) : undefined;
      const hints = declaration ? identifiersIn(declaration) : new Set();
      const inner = { ...context, hints: new Set([...(context.hints ?? []), ...hints]) };
      const optional = property.flags & ts.SymbolFlags.Optional ? '?' : '';
      const readonly = isReadonly(property) ? 'readonly ' : '';
      const propertyType = this.checker.getTypeOfSymbol(property);
      if (doc) lines.push(reindent(doc, context.indent));
      lines.push(
        `${context.indent}${readonly}${propertyKey(property.name)}${optional}: ${this.type(propertyType, inner, false)};`,
      );
    }
    return lines;
  }

  /** The undefined that `?` adds to an optional property under exactOptionalPropertyTypes (not written). */
  isMissing(type) {
    return type.flags & ts.TypeFlags.Undefined && type !== this.undefinedType;
  }

  /**
   * The written type that `type` is, if any. The compiler shares one type between equal unions and
   * records (`JobStatus` and `TaskStateName` are the same three names), so those are named only when the
   * field's schema names that type's schema; an object's type belongs to its schema alone.
   */
  lookup(type, context) {
    const names = this.named.get(context.kind)?.get(type) ?? this.alike(type, context);
    if (!names) return undefined;
    const hinted = names.find((candidate) => context.hints?.has(candidate.key));
    if (hinted) return this.use(hinted, context);
    const own = this.isObjectLike(type) && this.checker.getPropertiesOfType(type).length > 0;
    return own ? this.use(names[0], context) : undefined;
  }

  /**
   * The written types of the same shape as an object type that is not one of theirs: the compiler
   * makes a second type for a schema passed through a factory's parameter (an event's payload).
   */
  alike(type, context) {
    if (!this.isObjectLike(type)) return undefined;
    const keys = keySet(this.checker, type);
    if (keys === '') return undefined;
    if (!this.byKeys) {
      this.byKeys = new Map();
      for (const [kind, byType] of this.named) {
        for (const [named, entries] of byType) {
          if (!this.isObjectLike(named)) continue;
          const key = `${kind} ${keySet(this.checker, named)}`;
          if (!this.byKeys.has(key)) this.byKeys.set(key, []);
          this.byKeys.get(key).push({ named, entries });
        }
      }
    }
    const found = (this.byKeys.get(`${context.kind} ${keys}`) ?? []).filter(({ named }) =>
      sameShape(this.checker, named, type),
    );
    return found.length > 0 ? found.flatMap(({ entries }) => entries) : undefined;
  }

  use(entry, context) {
    if (entry.file !== context.file) context.imports.add(specifierFrom(context.file, entry.file), entry.name);
    return entry.name;
  }

  fallback(type, context) {
    const text = this.checker.typeToString(
      type,
      undefined,
      ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseFullyQualifiedType,
    );
    throw new Failure(
      `${context.self}: cannot write out the type ${text} (add a case to scripts/schema-types.mjs)`,
    );
  }
}

/** Properties in the order their schemas declare them (an object spread in first, as written). */
function declarationOrder(properties) {
  const position = (property) => {
    const declaration = property.valueDeclaration ?? property.declarations?.[0];
    if (!declaration) return undefined;
    return [relative(srcDir, declaration.getSourceFile().fileName), declaration.pos];
  };
  if (properties.some((property) => position(property) === undefined)) return properties;
  return properties
    .map((property, index) => ({ property, index, at: position(property) }))
    .sort((a, b) => (a.at[0] < b.at[0] ? -1 : a.at[0] > b.at[0] ? 1 : a.at[1] - b.at[1] || a.index - b.index))
    .map(({ property }) => property);
}

/** The lists of names that schemas enumerate (`openEnum([...])`, `v.picklist([...])`, `v.literal` unions), in source order. */
const enumerations = [];

function collectEnumerations(sf) {
  const visit = (node) => {
    if (ts.isArrayLiteralExpression(node) && node.elements.length > 1) {
      const values = node.elements.map((element) => {
        if (ts.isStringLiteral(element)) return element.text;
        if (
          ts.isCallExpression(element) &&
          element.arguments.length >= 1 &&
          ts.isStringLiteral(element.arguments[0])
        ) {
          const callee = element.expression;
          if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'literal')
            return element.arguments[0].text;
        }
        return undefined;
      });
      if (values.every((value) => value !== undefined)) enumerations.push(values);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

/** String literal types in the order of the smallest enumeration that holds them all (else as given). */
function literalOrder(literals) {
  if (literals.length < 2) return literals;
  const values = literals.map((literal) => literal.value);
  const holding = enumerations
    .filter((list) => values.every((value) => list.includes(value)))
    .sort((a, b) => a.length - b.length)[0];
  if (!holding) return literals;
  return [...literals].sort((a, b) => holding.indexOf(a.value) - holding.indexOf(b.value));
}

function isReadonly(symbol) {
  const checkFlags = symbol.links?.checkFlags ?? symbol.checkFlags ?? 0;
  if (checkFlags & 8) return true; // CheckFlags.Readonly: a readonly property of a mapped type
  return (symbol.declarations ?? []).some(
    (declaration) => (ts.getCombinedModifierFlags(declaration) & ts.ModifierFlags.Readonly) !== 0,
  );
}

function identifiersIn(node) {
  const names = new Set();
  const visit = (n) => {
    if (ts.isIdentifier(n)) names.add(n.text);
    ts.forEachChild(n, visit);
  };
  if (ts.isPropertyAssignment(node)) visit(node.initializer);
  else if (ts.isShorthandPropertyAssignment(node)) names.add(node.name.text);
  return names;
}

function propertyKey(name) {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : quote(name);
}

function quote(text) {
  return `'${JSON.stringify(text).slice(1, -1).replaceAll("\\'", "'").replaceAll("'", "\\'").replaceAll('\\"', '"')}'`;
}

/** A doc comment at `indent`, its lines re-aligned under the opening `/**`. */
function reindent(doc, indent) {
  return doc
    .split('\n')
    .map((line, i) => (i === 0 ? `${indent}${line.trim()}` : `${indent} ${line.trim()}`))
    .join('\n');
}

/** Imports of one generated file, by module specifier. */
class Imports {
  constructor() {
    this.byModule = new Map();
  }
  add(specifier, name) {
    if (!this.byModule.has(specifier)) this.byModule.set(specifier, new Set());
    this.byModule.get(specifier).add(name);
  }
  text() {
    return [...this.byModule]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([specifier, names]) => `import type { ${[...names].sort().join(', ')} } from '${specifier}';`)
      .join('\n');
  }
}

// ---------------------------------------------------------------------------------------------
// Formatting: the files are written as biome formats them, so the lint passes on them

/**
 * Biome's own executable: the platform package its npm package installs beside it. Each file is one
 * run of it, and going through the npm package's launcher would start Node for every file too.
 */
function biomeExecutable() {
  const launcher = join(
    workspaceRoot,
    'node_modules',
    '.bin',
    process.platform === 'win32' ? 'biome.cmd' : 'biome',
  );
  try {
    const fromBiome = createRequire(
      createRequire(join(workspaceRoot, 'package.json')).resolve('@biomejs/biome/package.json'),
    );
    const platformPackage = fromBiome.resolve(
      `@biomejs/cli-${process.platform}-${process.arch}/package.json`,
    );
    const executable = join(dirname(platformPackage), process.platform === 'win32' ? 'biome.exe' : 'biome');
    return existsSync(executable) ? executable : launcher;
  } catch {
    return launcher;
  }
}

function format(files) {
  const biome = biomeExecutable();
  const formatted = new Map();
  for (const [file, text] of files) {
    const run = spawnSync(
      biome,
      ['check', '--write', '--linter-enabled=false', `--stdin-file-path=${file}`],
      {
        input: text,
        encoding: 'utf8',
        cwd: workspaceRoot,
      },
    );
    if (run.status !== 0)
      throw new Failure(`biome could not format ${relative(packageDir, file)}:\n${run.stderr}${run.stdout}`);
    formatted.set(file, run.stdout);
  }
  return formatted;
}

// ---------------------------------------------------------------------------------------------
// Main

const HEADER =
  '// Written by scripts/schema-types.mjs from the schemas of this folder; do not edit. Each type is what its\n' +
  '// schema infers (src/schema-types.check.ts holds the compiler to that), written out so that the\n' +
  "// declarations of the package's main entry need no valibot.\n";

const CHECK_HEADER = `// Written by scripts/schema-types.mjs; do not edit. Each written type is exactly what its schema
// infers: assignable both ways, with the same properties. The package's typecheck compiles this file;
// a failing line names a type whose schema changed: run the script again.
import type * as v from 'valibot';
`;

const CHECK_HELPERS = `
/** The property names of \`T\`, without its index signature. */
type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: 0 };

/** True when \`A\` and \`B\` are assignable to each other and have the same properties. */
type Same<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? [KnownKeys<A>] extends [KnownKeys<B>]
      ? [KnownKeys<B>] extends [KnownKeys<A>]
        ? true
        : false
      : false
    : false
  : false;

type Assert<T extends true> = T;
`;

function main() {
  const started = performance.now();
  const files = sourceFiles(srcDir).filter((file) => !isGenerated(file));
  const parsed = new Map(
    files.map((file) => [
      file,
      ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true),
    ]),
  );

  // Module aliases of the check file.
  const taken = new Map();
  const moduleAliases = new Map(); // alias -> specifier from the check file
  const aliases = {
    of(file) {
      const alias = aliasOf(file, taken);
      moduleAliases.set(alias, specifierFrom(CHECK_FILE, file));
      return alias;
    },
    ofPackage(specifier) {
      const alias = specifier
        .replace(/^@[^/]+\//, '')
        .replace(/[^A-Za-z0-9]+(.)/g, (_, c) => c.toUpperCase());
      taken.set(alias, specifier);
      moduleAliases.set(alias, specifier);
      return alias;
    },
  };

  // 1. The types: those recorded in the check file, and those declared by inference in the sources.
  const entries = new Map(); // name -> { name, targetDir, exprText, legacy? }
  if (existsSync(CHECK_FILE)) {
    const sf = ts.createSourceFile(
      CHECK_FILE,
      readFileSync(CHECK_FILE, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    for (const entry of recordedEntries(sf)) {
      // Re-derive the aliases from today's file names (a module may have moved).
      // A schema that moved to another module of the package is followed there by its name.
      const exprText = entry.exprText.replace(
        /\b([A-Za-z_$][\w$]*)\.([A-Za-z_$][\w$]*)/g,
        (whole, alias, name) => {
          const specifier = entry.importsByAlias.get(alias);
          if (!specifier || alias === 'v') return whole;
          let file = resolveRelative(CHECK_FILE, specifier);
          if (!file || !exportsOf(file).has(name)) {
            const holders = files.filter((candidate) => exportsOf(candidate).declares(name));
            if (holders.length === 1) file = holders[0];
          }
          if (file) return `${aliases.of(file)}.${name}`;
          return specifier.startsWith('.') ? whole : `${aliases.ofPackage(specifier)}.${name}`;
        },
      );
      entries.set(entry.name, { name: entry.name, targetDir: entry.targetDir, exprText });
    }
  }
  for (const sf of parsed.values()) collectEnumerations(sf);
  const legacy = [];
  const needsExport = new Set();
  for (const [file, sf] of parsed) {
    for (const found of inferredDeclarations(sf)) {
      const schemaText = checkFileText(found.schemaNode, sf, aliases, needsExport);
      const heritage = found.heritage.map((node) => checkFileText(node, sf, aliases, needsExport));
      const exprText = [...heritage, `v.Infer${found.kind}<${schemaText}>`].join(' & ');
      entries.set(found.name, {
        name: found.name,
        targetDir: dirname(file),
        exprText,
        legacy: { ...found, file },
      });
      legacy.push({ ...found, file });
    }
  }
  if (checkOnly && legacy.length > 0) {
    throw new Failure(
      `${legacy.map((l) => `${relative(packageDir, l.file)}: ${l.name}`).join(', ')} ${legacy.length === 1 ? 'is' : 'are'} declared by inference: run \`node ../../scripts/schema-types.mjs\` to write ${legacy.length === 1 ? 'it' : 'them'} out`,
    );
  }
  if (checkOnly && needsExport.size > 0)
    throw new Failure('a schema of a written type is not exported: run the script');

  // 2. The check file, with one entry per type; compiled in memory first to read the schemas' types.
  const ordered = [...entries.values()];
  const checkText = (list) => {
    const used = new Set(['v']);
    for (const entry of list)
      for (const m of entry.exprText.matchAll(/\b([A-Za-z_$][\w$]*)\./g)) used.add(m[1]);
    const imports = [...moduleAliases]
      .filter(([alias]) => used.has(alias))
      .map(([alias, specifier]) => `import type * as ${alias} from '${specifier}';`);
    const targets = new Map();
    for (const entry of list) {
      const file = join(entry.targetDir, GENERATED);
      if (!targets.has(file))
        targets.set(file, `${aliasOf(file, taken).replace(/TypesGenerated$/, '')}Types`);
    }
    for (const [file, alias] of targets)
      imports.push(`import type * as ${alias} from '${specifierFrom(CHECK_FILE, file)}';`);
    const lines = list.map(
      (entry) =>
        `  Assert<Same<${targets.get(join(entry.targetDir, GENERATED))}.${entry.name}, ${entry.exprText}>>,`,
    );
    return `${CHECK_HEADER}${imports.sort().join('\n')}\n${CHECK_HELPERS}\nexport type Checks = [\n${lines.join('\n')}\n];\n`;
  };
  // The draft also asks for each response type's input side: where a schema reads what it gives
  // (no transform, no default), its written type serves the requests that embed it too.
  const probes = ordered.filter((entry) => /^v\.Infer(Output|Input)<.*>$/s.test(entry.exprText));
  const flip = (text) =>
    text.startsWith('v.InferOutput<')
      ? text.replace(/^v\.InferOutput</, 'v.InferInput<')
      : text.replace(/^v\.InferInput</, 'v.InferOutput<');
  const draft = `${checkText(ordered)}\nexport type Probes = [\n${probes.map((entry) => `  ${flip(entry.exprText)},`).join('\n')}\n];\n`;
  // The schemas the check names are read as exported (absorb() exports them in the files).
  const overrides = new Map([[CHECK_FILE, draft]]);
  const byPosition = [...needsExport].sort((a, b) => b.getStart() - a.getStart());
  for (const statement of byPosition) {
    const file = resolve(statement.getSourceFile().fileName);
    const text = overrides.get(file) ?? readFileSync(file, 'utf8');
    const at = statement.getStart(statement.getSourceFile());
    overrides.set(file, `${text.slice(0, at)}export ${text.slice(at)}`);
  }
  const program = createProgram(overrides);
  const checker = program.getTypeChecker();
  const checkSf = program.getSourceFile(CHECK_FILE);

  // The expression node of each entry, in order.
  const exprNodes = [];
  let probeNodes = [];
  const visit = (node) => {
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && node.typeName.text === 'Same') {
      exprNodes.push(node.typeArguments[1]);
    }
    if (ts.isTypeAliasDeclaration(node) && node.name.text === 'Probes') probeNodes = [...node.type.elements];
    ts.forEachChild(node, visit);
  };
  visit(checkSf);

  for (const [i, entry] of ordered.entries()) {
    const expr = exprNodes[i];
    const parts = ts.isIntersectionTypeNode(expr) ? [...expr.types] : [expr];
    const inferred = parts.filter((part) => inferKind(part, new Set(['v'])));
    if (inferred.length !== 1)
      throw new Failure(`${entry.name}: expected one v.InferOutput or v.InferInput in ${entry.exprText}`);
    entry.kind = inferKind(inferred[0], new Set(['v']));
    entry.inferNode = inferred[0];
    entry.heritage = parts.filter((part) => part !== inferred[0]);
    entry.type = checker.getTypeFromTypeNode(inferred[0]);
    const schemaNode = inferred[0].typeArguments[0];
    const schemaSymbol = primarySymbol(schemaNode, checker);
    const unresolved =
      !schemaSymbol ||
      entry.type.flags & ts.TypeFlags.Any ||
      checker.getTypeFromTypeNode(expr).flags & ts.TypeFlags.Any;
    if (unresolved && !entry.legacy) {
      // A recorded type whose schema is gone (deleted or renamed): the type goes with it.
      console.warn(
        `${label}: ${entry.name}: ${entry.exprText} no longer names a schema; the type is dropped`,
      );
      entry.dropped = true;
      continue;
    }
    if (unresolved)
      throw new Failure(
        `${entry.name}: ${entry.exprText} names no schema the script can find (is it exported?)`,
      );
    entry.key = schemaSymbol.name;
    const declaration = schemaSymbol.valueDeclaration ?? schemaSymbol.declarations?.[0];
    entry.schemaDeclaration = declaration;
    entry.position = declaration
      ? `${relative(srcDir, declaration.getSourceFile().fileName).padEnd(80)}${String(declaration.pos).padStart(10, '0')}`
      : entry.name;
  }
  for (let i = ordered.length - 1; i >= 0; i--) if (ordered[i].dropped) ordered.splice(i, 1);
  ordered.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));

  // 3. The written types, by the inferred type each stands for.
  const named = new Map([
    ['Output', new Map()],
    ['Input', new Map()],
  ]);
  for (const entry of ordered) {
    if (entry.heritage.length > 0) continue;
    entry.file = join(entry.targetDir, GENERATED);
    const byType = named.get(entry.kind);
    if (!byType.has(entry.type)) byType.set(entry.type, []);
    byType.get(entry.type).push({ name: entry.name, key: entry.key, file: entry.file });
  }
  for (const [i, entry] of probes.entries()) {
    if (entry.dropped) continue;
    const other = named.get(entry.kind === 'Output' ? 'Input' : 'Output');
    const type = checker.getTypeFromTypeNode(probeNodes[i]);
    if (other.get(type)?.some((e) => e.name === entry.name) || !sameShape(checker, type, entry.type))
      continue;
    if (!other.has(type)) other.set(type, []);
    other.get(type).push({ name: entry.name, key: entry.key, file: entry.file, mirrored: true });
  }
  const movedTo = new Map(legacy.map((l) => [l.name, join(dirname(l.file), GENERATED)]));
  const movedFrom = new Map(legacy.map((l) => [l.name, resolve(l.file)]));
  for (const entry of ordered) entry.file = join(entry.targetDir, GENERATED);

  const printer = new Printer(program, named);
  const outputs = new Map();
  const byFile = Map.groupBy(ordered, (entry) => entry.file);
  for (const [file, list] of byFile) {
    const imports = new Imports();
    const blocks = [];
    for (const entry of list) {
      const context = {
        kind: entry.kind,
        file,
        imports,
        self: entry.name,
        movedTo,
        movedFrom,
        hints: new Set([entry.key]),
      };
      const doc = schemaDoc(entry) ?? entry.legacy?.doc;
      const heritage = entry.heritage.map((node) => {
        const symbol =
          checker.getTypeFromTypeNode(node).aliasSymbol ?? checker.getTypeFromTypeNode(node).getSymbol();
        const name = symbol && printer.importName(symbol, context);
        if (!name) throw new Failure(`${entry.name}: cannot name ${node.getText()} in the written type`);
        return name;
      });
      const type = entry.type;
      const asInterface =
        heritage.length > 0 ||
        (printer.isPlainObject(type) && !printer.reference(type, { ...context, imports: new Imports() })) ||
        (type.flags & ts.TypeFlags.Intersection && type.types.every((part) => printer.isPlainObject(part)));
      let text;
      // Beside other types (`UploadOptions extends RequestOptions`), a schema's part that is itself a
      // written type is extended by name rather than written out again.
      const named = heritage.length > 0 ? printer.lookup(type, context) : undefined;
      if (named) heritage.push(named);
      if (asInterface) {
        const members = named ? [] : printer.members(type, { ...context, indent: INDENT });
        text = `export interface ${entry.name}${heritage.length > 0 ? ` extends ${heritage.join(', ')}` : ''} {\n${members.join('\n')}\n}`;
      } else {
        text = `export type ${entry.name} = ${printer.type(type, { ...context, indent: '' }, true)};`;
      }
      blocks.push(doc ? `${reindent(doc, '')}\n${text}` : text);
    }
    const importText = imports.text();
    outputs.set(file, `${HEADER}${importText ? `\n${importText}\n` : ''}\n${blocks.join('\n\n')}\n`);
  }
  outputs.set(CHECK_FILE, checkText(ordered));

  // 4. Compare or write.
  const formatted = format(outputs);
  const existing = sourceFiles(srcDir).filter((file) => basename(file) === GENERATED);
  const stale = [];
  for (const [file, text] of formatted) {
    const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    if (current !== text) stale.push(file);
  }
  const orphans = existing.filter((file) => !formatted.has(file));
  const mainProblems = mainEntrySchemas(program);
  if (checkOnly) {
    const problems = [];
    if (stale.length + orphans.length > 0) {
      problems.push(
        `${[...stale, ...orphans].map((file) => relative(packageDir, file)).join(', ')} ${stale.length + orphans.length === 1 ? 'is' : 'are'} stale: run \`node ../../scripts/schema-types.mjs\``,
      );
    }
    problems.push(...mainProblems);
    const dist = distProblems();
    problems.push(...dist);
    if (printer.unresolved)
      problems.push('a written type names a type that does not resolve (an `any` in it)');
    if (problems.length > 0) throw new Failure(problems.join('\n'));
    console.log(
      `${label}: ${ordered.length} types up to date in ${byFile.size} files; the main entry exports no schema${dist.checked ? `, and ${dist.checked} import no valibot` : ''} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    return;
  }
  if (printTo) {
    for (const [file, text] of formatted) {
      const target = join(printTo, relative(packageDir, file));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, text);
    }
    console.log(
      `${label}: ${ordered.length} types; ${stale.length} files would change; written to ${printTo}`,
    );
    return;
  }
  for (const file of stale) writeFileSync(file, formatted.get(file));
  for (const file of orphans) writeFileSync(file, `${HEADER}\nexport {};\n`);
  const written = new Map(ordered.map((entry) => [entry.name, entry.file]));
  const touched = absorb(legacy, needsExport, parsed, entries, written);
  if (printer.unresolved) {
    console.log(`${label}: some written types named types not written yet; writing again`);
    return 'again';
  }
  if (touched.length > 0) {
    const biome = join(workspaceRoot, 'node_modules', '.bin', 'biome');
    spawnSync(biome, ['check', '--write', ...touched], { cwd: workspaceRoot, stdio: 'inherit' });
  }
  console.log(
    `${label}: ${ordered.length} types in ${byFile.size} files; ${stale.length} file${stale.length === 1 ? '' : 's'} written${legacy.length > 0 ? `; ${legacy.length} declarations moved out of ${new Set(legacy.map((l) => l.file)).size} files` : ''}`,
  );
  for (const problem of mainProblems) console.warn(`${label}: ${problem}`);
  for (const file of orphans)
    console.warn(`${label}: ${relative(packageDir, file)} holds no type any more: delete it`);
}

const exported = new Map();

/**
 * The names a module of the package exports (what its own statements export, and its re-exports), and
 * apart those it declares itself.
 */
function exportsOf(file) {
  if (!exported.has(file)) {
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const names = new Set();
    const declared = new Set();
    let reexportsAll = false;
    for (const statement of sf.statements) {
      if (ts.isExportDeclaration(statement)) {
        if (!statement.exportClause) reexportsAll = true;
        else if (ts.isNamedExports(statement.exportClause)) {
          for (const element of statement.exportClause.elements) names.add(element.name.text);
        }
      } else if (isExported(statement)) {
        for (const name of declaredNames(statement)) {
          names.add(name);
          declared.add(name);
        }
      }
    }
    // A module that re-exports everything of another is taken to export any name.
    exported.set(file, {
      has: (name) => reexportsAll || names.has(name),
      declares: (name) => declared.has(name),
    });
  }
  return exported.get(file);
}

/** The names `sf` uses as types (in annotations, `typeof`, heritage), in the statements `include` keeps. */
function typeNamesIn(sf, include) {
  const names = new Set();
  const visit = (node) => {
    if (ts.isTypeReferenceNode(node)) names.add(leftmost(node.typeName).text);
    else if (ts.isExpressionWithTypeArguments(node))
      names.add(leftmostExpression(node.expression).getText(sf));
    ts.forEachChild(node, visit);
  };
  for (const statement of sf.statements) {
    if (include(statement) && !ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement))
      visit(statement);
  }
  return names;
}

function keySet(checker, type) {
  const properties = checker
    .getPropertiesOfType(type)
    .map((p) => `${p.name}${p.flags & ts.SymbolFlags.Optional ? '?' : ''}`)
    .sort();
  // A loose object's index signature is part of its shape: a strict one has none.
  const indexes = checker.getIndexInfosOfType(type).map((info) => `[${checker.typeToString(info.keyType)}]`);
  return [...properties, ...indexes.sort()].join();
}

/** Whether two types are assignable both ways and have the same properties, each as optional in both. */
function sameShape(checker, a, b) {
  if (!checker.isTypeAssignableTo(a, b) || !checker.isTypeAssignableTo(b, a)) return false;
  return keySet(checker, a) === keySet(checker, b);
}

/** The symbol of the schema (or schema factory) an `v.InferX<…>` names: the value in its `typeof`. */
function primarySymbol(node, checker) {
  let found;
  const visit = (n) => {
    if (found) return;
    if (ts.isTypeQueryNode(n)) {
      const symbol = checker.getSymbolAtLocation(
        n.exprName.kind === ts.SyntaxKind.QualifiedName ? n.exprName.right : n.exprName,
      );
      found = symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

function schemaDoc(entry) {
  const declaration = entry.schemaDeclaration;
  if (!declaration) return undefined;
  return jsDocText(declaration);
}

/** The schemas `src/index.ts` exports: the main entry's declarations would need valibot for them. */
function mainEntrySchemas(program) {
  const checker = program.getTypeChecker();
  const index = program.getSourceFile(join(srcDir, 'index.ts'));
  if (!index) return [];
  const symbol = checker.getSymbolAtLocation(index);
  const problems = [];
  for (const exported of checker.getExportsOfModule(symbol)) {
    const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    if (!(target.flags & (ts.SymbolFlags.Variable | ts.SymbolFlags.Function))) continue;
    const type = checker.getTypeOfSymbol(target);
    if (type.getProperty('~standard') && type.getProperty('~types')) {
      problems.push(
        `src/index.ts exports the schema ${exported.name}: export it from src/schemas.ts (the ./schemas entry) instead`,
      );
    }
  }
  return problems;
}

/** Whether the built declarations of the main entries import valibot (checked when dist/ exists). */
function distProblems() {
  const problems = [];
  problems.checked = 0;
  const checked = [];
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    if (!['.', './node'].includes(subpath) || typeof target !== 'object' || !target.types) continue;
    const start = join(packageDir, target.types);
    if (!existsSync(start)) continue;
    problems.checked += 1;
    checked.push(`"${subpath}"`);
    const seen = new Set();
    const queue = [start];
    while (queue.length > 0) {
      const file = queue.shift();
      if (seen.has(file) || !existsSync(file)) continue;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
        const specifier = match[1];
        if (specifier === VALIBOT || specifier.startsWith(`${VALIBOT}/`)) {
          problems.push(
            `${relative(packageDir, file)} (declarations of "${subpath}") imports valibot: a type of the entry is inferred from a schema`,
          );
        } else if (specifier.startsWith('.')) {
          queue.push(resolve(dirname(file), specifier).replace(/\.js$/, '.d.ts'));
        }
      }
    }
  }
  problems.checked = problems.checked === 0 ? 0 : `the built declarations of ${checked.join(' and ')}`;
  return problems;
}

/**
 * Moves the declarations by inference out of the sources: deletes them, exports the schemas their
 * check names, and points the package's imports of them (src/ and test/) at the generated files.
 */
function absorb(legacy, needsExport, parsed, entries, written) {
  const edits = new Map(); // file -> [{start, end, text}]
  const edit = (file, start, end, text) => {
    if (!edits.has(file)) edits.set(file, []);
    edits.get(file).push({ start, end, text });
  };
  for (const statement of needsExport) {
    const sf = statement.getSourceFile();
    edit(resolve(sf.fileName), statement.getStart(sf), statement.getStart(sf), 'export ');
  }
  const moved = new Map(); // legacy file -> Set(names)
  for (const l of legacy) {
    const sf = l.statement.getSourceFile();
    const docs = ts.getJSDocCommentsAndTags(l.statement);
    const start = docs.length > 0 ? docs[0].pos : l.statement.getStart(sf);
    let end = l.statement.end;
    if (sf.text[end] === '\n') end += 1;
    edit(resolve(l.file), start, end, '');
    // A doc comment that only the declaration had moves to its schema (found in the file as it is on disk).
    const schema = entries.get(l.name)?.schemaDeclaration;
    if (l.doc && schema && !jsDocText(schema) && ts.isVariableDeclaration(schema)) {
      const schemaFile = resolve(schema.getSourceFile().fileName);
      const onDisk = parsed.get(schemaFile);
      const statement = onDisk?.statements.find((s) => declaredNames(s).includes(schema.name.getText()));
      if (statement) {
        const at = statement.getStart(onDisk);
        edit(schemaFile, at, at, `${l.doc}\n`);
      }
    }
    const file = resolve(l.file);
    if (!moved.has(file)) moved.set(file, new Set());
    moved.get(file).add(l.name);
  }
  const generatedOf = (file) => join(dirname(file), GENERATED);
  const allFiles = [
    ...sourceFiles(srcDir),
    ...(existsSync(join(packageDir, 'test')) ? sourceFiles(join(packageDir, 'test')) : []),
  ].filter((file) => !isGenerated(file));
  for (const file of allFiles) {
    if (!parsed.has(file)) {
      parsed.set(file, ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true));
    }
    const sf = parsed.get(file);
    const additions = new Map(); // specifier -> {names, exported}
    for (const statement of sf.statements) {
      const isImport = ts.isImportDeclaration(statement);
      const isExport = ts.isExportDeclaration(statement);
      if (!(isImport || isExport) || !statement.moduleSpecifier) continue;
      const from = resolveRelative(file, statement.moduleSpecifier.text);
      if (!from || isGenerated(from)) continue;
      const elements = isImport
        ? statement.importClause?.namedBindings && ts.isNamedImports(statement.importClause.namedBindings)
          ? statement.importClause.namedBindings.elements
          : []
        : statement.exportClause && ts.isNamedExports(statement.exportClause)
          ? statement.exportClause.elements
          : [];
      // What moved out of that module now, and any written type it does not declare (an import
      // written from habit, `import { type Allocation } from './schemas.js'`).
      const target = (element) => {
        const name = (element.propertyName ?? element.name).text;
        if (moved.get(from)?.has(name)) return generatedOf(from);
        const file = written.get(name);
        return file && file !== from && !exportsOf(from).has(name) ? file : undefined;
      };
      const movedElements = elements.filter((element) => target(element) !== undefined);
      if (movedElements.length === 0) continue;
      for (const element of movedElements) {
        const specifier = specifierFrom(file, target(element));
        if (!additions.has(specifier)) additions.set(specifier, { imports: [], exports: [] });
        const text = element.getText(sf).replace(/^type\s+/, '');
        additions.get(specifier)[isImport ? 'imports' : 'exports'].push(text);
      }
      const kept = elements.filter((element) => !movedElements.includes(element));
      const hasDefault = isImport && statement.importClause.name;
      if (kept.length === 0 && !hasDefault) {
        let end = statement.end;
        if (sf.text[end] === '\n') end += 1;
        edit(file, statement.getStart(sf), end, '');
      } else {
        const list = isImport ? statement.importClause.namedBindings : statement.exportClause;
        edit(
          file,
          list.getStart(sf),
          list.end,
          `{ ${kept.map((element) => element.getText(sf)).join(', ')} }`,
        );
      }
    }
    // The declaring file itself, where it still names what moved.
    const own = moved.get(file);
    if (own) {
      const stillUsed = [
        ...typeNamesIn(sf, (statement) => !legacy.some((l) => l.statement === statement)),
      ].filter((name) => own.has(name));
      if (stillUsed.length > 0) {
        const specifier = specifierFrom(file, generatedOf(file));
        if (!additions.has(specifier)) additions.set(specifier, { imports: [], exports: [] });
        additions.get(specifier).imports.push(...stillUsed);
      }
    }
    if (additions.size > 0) {
      const lines = [];
      for (const [specifier, { imports, exports }] of additions) {
        if (imports.length > 0)
          lines.push(`import type { ${[...new Set(imports)].join(', ')} } from '${specifier}';`);
        if (exports.length > 0)
          lines.push(`export type { ${[...new Set(exports)].join(', ')} } from '${specifier}';`);
      }
      const imports = sf.statements.filter((s) => ts.isImportDeclaration(s));
      const at = imports.length > 0 ? imports.at(-1).end + 1 : (sf.statements[0]?.getStart(sf) ?? 0);
      edit(file, at, at, `${lines.join('\n')}\n`);
    }
  }
  const touched = [];
  for (const [file, list] of edits) {
    let text = readFileSync(file, 'utf8');
    const read = parsed.get(file)?.text;
    if (read !== undefined && read !== text) {
      // Changed on disk while the script ran: its positions no longer hold. The next run takes it.
      console.warn(
        `${label}: ${relative(packageDir, file)} changed meanwhile; left as it is (run the script again)`,
      );
      continue;
    }
    for (const e of list.sort((a, b) => b.start - a.start || b.end - a.end)) {
      text = text.slice(0, e.start) + e.text + text.slice(e.end);
    }
    writeFileSync(file, text);
    touched.push(file);
  }
  return touched;
}

try {
  // A schema typed by a written type (`v.GenericSchema<unknown, Task>`) needs that type's file: when a
  // first pass met names that did not resolve, a second pass reads the files the first one wrote.
  if (main() === 'again' && main() === 'again') {
    throw new Failure('some types do not resolve even after writing the files; see the `any` in them');
  }
} catch (error) {
  if (error instanceof Failure) {
    console.error(`${label}: ${error.message}`);
    process.exitCode = 1;
  } else throw error;
}
