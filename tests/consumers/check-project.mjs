#!/usr/bin/env node
// Compiles consumer projects as `tsc -p <config>` would with `skipLibCheck: false`, one after another in
// one process, and prints one JSON line per config: `{ "config": ..., "errors": "..." }` (empty when it
// compiles). The compiler is the `typescript.js` given first. What it checks of the installed declarations
// is ours: the project's files and every declaration file of @infra-sdk, with the program's option, global
// and syntax errors. Other packages' declarations (@types/node, undici's, ky's, valibot's) and the lib
// files are read but not checked again in each compile: no declaration of ours can raise an error inside
// them, as none declares a global (the first test of types.test.ts checks that).
// Those files are also parsed once for all the configs (most of a compile's time): a parsed file depends
// only on its text and the settings of the key below, and the programs only read them. Our declarations
// and the project's files are parsed afresh for each config, as they are the files checked.
//   node check-project.mjs <path to typescript.js> <tsconfig file> [<tsconfig file> ...]
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const [compiler, ...configFiles] = process.argv.slice(2);
const ts = createRequire(import.meta.url)(compiler);

const ours = (fileName) => !/[\\/]node_modules[\\/]/.test(fileName) || /[\\/]@infra-sdk[\\/]/.test(fileName);

/** Parsed declaration files of other packages and of the lib, shared by the configs' programs. */
const shared = new Map();

function compile(configFile) {
  const configHost = {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic(diagnostic) {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  };
  const config = ts.getParsedCommandLineOfConfigFile(configFile, {}, configHost);
  const host = ts.createCompilerHost(config.options);
  const parse = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, settings, onError, shouldCreate) => {
    if (ours(fileName)) return parse(fileName, settings, onError, shouldCreate);
    const { languageVersion, impliedNodeFormat, jsDocParsingMode } =
      typeof settings === 'object' ? settings : { languageVersion: settings };
    const strict = config.options.alwaysStrict ?? config.options.strict;
    const key = [fileName, languageVersion, impliedNodeFormat, jsDocParsingMode, strict].join('|');
    let file = shared.get(key);
    if (file === undefined) {
      file = parse(fileName, settings, onError, shouldCreate);
      if (file !== undefined) shared.set(key, file);
    }
    return file;
  };
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences,
    host,
  });
  const diagnostics = [
    ...config.errors,
    ...program.getConfigFileParsingDiagnostics(),
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...program.getSyntacticDiagnostics(),
  ];
  for (const file of program.getSourceFiles()) {
    if (ours(file.fileName)) diagnostics.push(...program.getSemanticDiagnostics(file));
  }
  const formatHost = {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => dirname(configFile),
    getNewLine: () => '\n',
  };
  return ts.formatDiagnostics(diagnostics, formatHost);
}

for (const config of configFiles) {
  let errors;
  try {
    errors = compile(config);
  } catch (error) {
    errors = `could not compile: ${error instanceof Error ? error.message : String(error)}`;
  }
  process.stdout.write(`${JSON.stringify({ config, errors })}\n`);
}
