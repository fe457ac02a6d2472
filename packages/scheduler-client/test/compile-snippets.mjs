// The compiler run of type-errors.test.ts, in a worker thread: compiles in-memory snippets with the
// TypeScript compiler under the package's settings and posts each one's diagnostics back. A worker
// thread runs outside the test process's coverage, which would double the compiler's time, and the
// snippets resolve their imports from beside the test file, as the tests' own imports do.
import { dirname } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import ts from 'typescript';

/** @type {{ configPath: string, files: [string, string][] }} */
const { configPath, files: entries } = workerData;
const files = new Map(entries);
const config = ts.readConfigFile(configPath, ts.sys.readFile);
const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, dirname(configPath));
const host = ts.createCompilerHost(parsed.options);
const read = host.readFile.bind(host);
const exists = host.fileExists.bind(host);
const source = host.getSourceFile.bind(host);
host.readFile = (file) => files.get(file) ?? read(file);
host.fileExists = (file) => files.has(file) || exists(file);
host.getSourceFile = (file, language, onError) => {
  const text = files.get(file);
  return text === undefined ? source(file, language, onError) : ts.createSourceFile(file, text, language);
};
const program = ts.createProgram([...files.keys()], { ...parsed.options, noEmit: true }, host);
parentPort?.postMessage(
  [...files.keys()].map((file) => [
    file,
    ts
      .getPreEmitDiagnostics(program, program.getSourceFile(file))
      .map((item) => ts.flattenDiagnosticMessageText(item.messageText, '\n')),
  ]),
);
