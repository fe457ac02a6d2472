// Compiles code blocks with the TypeScript their readers use. The declarations and libraries a block
// reads (lib.dom.d.ts, @types/node, the built packages) are most of a program's cost to parse; they are
// parsed once per process and shared by every program that reads them unchanged. Each program still has
// a checker of its own, so no block's types depend on another program's.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The TypeScript of the folder the blocks resolve from (the compiler users of the docs' packages run). */
export async function loadTypeScript(resolveFrom) {
  const require = createRequire(join(resolveFrom, 'package.json'));
  return (await import(pathToFileURL(require.resolve('typescript')).href)).default;
}

/** The compiler settings: what a project using the packages has, and the same with exact optional types. */
export const CONFIGS = {
  strict: {},
  exactOptionalPropertyTypes: { exactOptionalPropertyTypes: true },
};
export const BASE_OPTIONS = {
  strict: true,
  target: 'es2023',
  module: 'nodenext',
  moduleResolution: 'nodenext',
  lib: ['es2023', 'dom', 'dom.iterable', 'esnext.disposable'],
  types: ['node'],
  skipLibCheck: true,
  noEmitOnError: false,
  sourceMap: false,
};

// Per TypeScript instance: file name and parse settings → the text parsed and its source file.
const parsedByCompiler = new WeakMap();

/**
 * A compiler host that parses a file once per process and text: a file read again with the same text
 * and parse settings gives the source file parsed before, which a program takes as it is (its binding
 * included). `files` are texts that exist only in memory, by path.
 */
export function compilerHost(ts, options, files = new Map()) {
  let parsed = parsedByCompiler.get(ts);
  if (parsed === undefined) {
    parsed = new Map();
    parsedByCompiler.set(ts, parsed);
  }
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (name) => files.get(name) ?? readFile(name);
  host.fileExists = (name) => files.has(name) || fileExists(name);
  host.getSourceFile = (name, settings, onError) => {
    let text;
    try {
      text = host.readFile(name);
    } catch (error) {
      onError?.(error.message);
      text = '';
    }
    if (text === undefined) return undefined;
    const how =
      typeof settings === 'object'
        ? [settings.languageVersion, settings.impliedNodeFormat, settings.jsDocParsingMode]
        : [settings];
    const key = `${name}\0${how.join(',')}`;
    const known = parsed.get(key);
    if (known?.text === text) return known.sourceFile;
    const sourceFile = ts.createSourceFile(name, text, settings);
    parsed.set(key, { text, sourceFile });
    return sourceFile;
  };
  return host;
}

/** The compiler options of BASE_OPTIONS with `extra` on top, as TypeScript takes them. */
export function compilerOptions(ts, extra, basePath) {
  const { options, errors } = ts.convertCompilerOptionsFromJson({ ...BASE_OPTIONS, ...extra }, basePath);
  if (errors.length > 0) throw new Error(ts.flattenDiagnosticMessageText(errors[0].messageText, '\n'));
  return options;
}
