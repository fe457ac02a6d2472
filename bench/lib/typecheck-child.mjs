// One type-check in a fresh process: the TypeScript program of one file (skipLibCheck off, so every
// declaration file it reaches is checked, as in a user's project with that setting) and its
// diagnostics. Prints the CPU and wall milliseconds of that work alone, without loading the compiler.
import { createRequire } from 'node:module';

const [file, typeRoot] = process.argv.slice(2);
const require = createRequire(new URL('../../package.json', import.meta.url));
const ts = require('typescript');

const options = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.esnext.disposable.d.ts'],
  types: ['node'],
  typeRoots: [typeRoot],
  strict: true,
  skipLibCheck: false,
  noEmit: true,
};
const cpu = process.cpuUsage();
const started = performance.now();
const program = ts.createProgram([file], options);
const diagnostics = ts.getPreEmitDiagnostics(program);
const { user, system } = process.cpuUsage(cpu);
const messages = diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
process.stdout.write(
  JSON.stringify({ cpu: (user + system) / 1000, wall: performance.now() - started, errors: messages }),
);
