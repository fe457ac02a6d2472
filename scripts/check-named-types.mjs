#!/usr/bin/env node
// Checks that the built declarations name the types of the public API. A function whose return type
// is an object written out field by field (an inline literal, or a type inferred from a schema without
// a name) shows that whole object in the reference, in editor hovers and in type errors; a named
// interface shows one word that links to its own page. The rule: no exported function, nor a method
// of an exported object type (the client's groups), returns an unnamed object type of more than
// MAX_MEMBERS members, whether directly or as a type argument (ApiPromise<…>, AsyncIterable<…>, …)
// or a union member.
//
// Run from a package folder after its build (scripts/check-package.mjs calls it), or with the
// declaration files to check as arguments. Uses the TypeScript compiler API: the checker resolves
// each type as a user's editor would, so an alias to an inferred type counts as unnamed.
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

/** Unnamed object types up to this many members are fine inline (`{ id: string }`). */
const MAX_MEMBERS = 3;

const packageDir = process.cwd();
// The package's own TypeScript, the one its build and typecheck use.
const ts = createRequire(join(packageDir, 'package.json'))('typescript');

const roots =
  process.argv.length > 2
    ? process.argv.slice(2).map((file) => resolve(file))
    : readdirSync(join(packageDir, 'dist'))
        .filter((name) => name.endsWith('.d.ts'))
        .map((name) => join(packageDir, 'dist', name));
if (roots.length === 0 || !roots.every((file) => existsSync(file))) {
  console.error('check-named-types: no declaration files to check (build the package first)');
  process.exit(1);
}

const program = ts.createProgram(roots, {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  strict: true,
  noEmit: true,
  skipLibCheck: true,
});
const checker = program.getTypeChecker();
const print = (type) =>
  checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.InTypeAlias);

/** The unnamed object types of more than MAX_MEMBERS members that `type` shows, with where they sit. */
function unnamedObjects(type, seen = new Set()) {
  if (seen.has(type)) return [];
  seen.add(type);
  const found = [];
  if (type.isUnion() || type.isIntersection()) {
    // A named intersection or union (an alias) shows as its name; only an unnamed one is looked into.
    if (type.aliasSymbol === undefined) {
      if (type.isIntersection() && isUnnamedObject(type)) return [type];
      for (const part of type.types) found.push(...unnamedObjects(part, seen));
    }
    return found;
  }
  if (isUnnamedObject(type)) return [type];
  // Type arguments: ApiPromise<T>, Promise<T>, AsyncIterable<T>, T[], an alias's own arguments. A
  // schema's type arguments describe the schema, not a value a user holds: they are not looked into.
  if (isSchemaLibraryType(type)) return found;
  const args = [
    ...(type.aliasTypeArguments ?? []),
    ...(type.flags & ts.TypeFlags.Object && type.objectFlags & ts.ObjectFlags.Reference
      ? checker.getTypeArguments(type)
      : []),
  ];
  for (const arg of args) found.push(...unnamedObjects(arg, seen));
  return found;
}

/** True when `type` is declared by the schema library (a schema, an issue, a result of its own). */
function isSchemaLibraryType(type) {
  const symbol = type.aliasSymbol ?? type.symbol;
  return (symbol?.declarations ?? []).some((declaration) =>
    /[\\/]node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?valibot[\\/]/.test(
      declaration.getSourceFile().fileName,
    ),
  );
}

/** True when `type` prints as an object literal (`{ … }`) of more than MAX_MEMBERS members. */
function isUnnamedObject(type) {
  if (!(type.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection))) return false;
  if (type.aliasSymbol !== undefined && (type.aliasTypeArguments ?? []).length === 0) return false;
  if (type.symbol && type.symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class)) return false;
  if (checker.getSignaturesOfType(type, ts.SignatureKind.Call).length > 0) return false;
  if (!print(type).startsWith('{')) return false;
  return checker.getPropertiesOfType(type).length > MAX_MEMBERS;
}

const failures = [];
let checked = 0;

/** Checks every call signature of `type`, and the methods of the object types it holds. */
function checkCallable(name, type, depth, visited) {
  if (visited.has(type) || depth > 3) return;
  visited.add(type);
  const signatures = checker.getSignaturesOfType(type, ts.SignatureKind.Call);
  for (const signature of signatures) {
    checked += 1;
    const returned = checker.getReturnTypeOfSignature(signature);
    for (const object of unnamedObjects(returned)) {
      const members = checker.getPropertiesOfType(object).length;
      const shown = print(object);
      failures.push(
        `${name} returns ${print(returned).slice(0, 120)}…\n    an unnamed object of ${members} members: ${shown.slice(0, 160)}…`,
      );
    }
  }
  if (signatures.length > 0) return;
  // An object of methods (a client, a group of operations): look at each method and each group.
  // Data (arrays, a schema's own `~standard` members, the library's types) holds no operations.
  if (!(type.flags & ts.TypeFlags.Object) || depth === 0) return;
  if (checker.isArrayType(type) || checker.isTupleType(type) || isSchemaLibraryType(type)) return;
  for (const property of checker.getPropertiesOfType(type)) {
    if (property.name.startsWith('~') || property.name.startsWith('__@')) continue;
    const declaration = property.valueDeclaration ?? property.declarations?.[0];
    if (declaration === undefined) continue;
    const propertyType = checker.getTypeOfSymbolAtLocation(property, declaration);
    const isMethod = checker.getSignaturesOfType(propertyType, ts.SignatureKind.Call).length > 0;
    const isGroup = checker.getPropertiesOfType(propertyType).some((member) => {
      const at = member.valueDeclaration ?? member.declarations?.[0];
      return (
        at !== undefined &&
        checker.getSignaturesOfType(checker.getTypeOfSymbolAtLocation(member, at), ts.SignatureKind.Call)
          .length > 0
      );
    });
    if (isMethod || (isGroup && !checker.isArrayType(propertyType))) {
      checkCallable(`${name}.${property.name}`, propertyType, depth + 1, visited);
    }
  }
}

for (const file of roots) {
  const source = program.getSourceFile(file);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (moduleSymbol === undefined) continue;
  const visited = new Set();
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    if (symbol.flags & ts.SymbolFlags.Function) {
      const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
      checkCallable(exported.name, checker.getTypeOfSymbolAtLocation(symbol, declaration), 0, visited);
    } else if (symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) {
      // The client and its groups: `SchedulerClient['jobs']['read']`.
      checkCallable(exported.name, checker.getDeclaredTypeOfSymbol(symbol), 1, visited);
    }
  }
}

if (failures.length > 0) {
  console.error(failures.join('\n'));
  console.error(
    `check-named-types: ${failures.length} function(s) return an unnamed object type of more than ${MAX_MEMBERS} members; declare a named interface for it (see "Naming schemas and their types" and "Named types" in packages/core/DESIGN-NOTES.md)`,
  );
  process.exit(1);
}
console.log(`check-named-types: ${checked} signatures return named types`);
