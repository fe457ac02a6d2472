#!/usr/bin/env node
// Compiles a consumer project as `tsc -p <config>` would with `skipLibCheck: false`, and prints its errors
// (exit 1) or nothing (exit 0); the compiler is the `typescript.js` given first. What it checks of the
// installed declarations is ours: the project's files and every declaration file of @infra-sdk, with the
// program's option, global and syntax errors. Other packages' declarations (@types/node, undici's, ky's,
// valibot's) are read but not checked again in each of the eighteen compiles: no declaration of ours can
// raise an error inside them, as none declares a global (the first test of types.test.ts checks that).
//   node check-project.mjs <path to typescript.js> <tsconfig file>
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const [compiler, configFile] = process.argv.slice(2);
const ts = createRequire(import.meta.url)(compiler);

const host = {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic(diagnostic) {
    throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  },
};
const config = ts.getParsedCommandLineOfConfigFile(configFile, {}, host);
const program = ts.createProgram({
  rootNames: config.fileNames,
  options: config.options,
  projectReferences: config.projectReferences,
});
const ours = (file) =>
  !/[\\/]node_modules[\\/]/.test(file.fileName) || /[\\/]@infra-sdk[\\/]/.test(file.fileName);
const diagnostics = [
  ...config.errors,
  ...program.getConfigFileParsingDiagnostics(),
  ...program.getOptionsDiagnostics(),
  ...program.getGlobalDiagnostics(),
  ...program.getSyntacticDiagnostics(),
];
for (const file of program.getSourceFiles()) {
  if (ours(file)) diagnostics.push(...program.getSemanticDiagnostics(file));
}
if (diagnostics.length > 0) {
  const formatHost = {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => dirname(configFile),
    getNewLine: () => '\n',
  };
  process.stdout.write(ts.formatDiagnostics(diagnostics, formatHost));
  process.exitCode = 1;
}
