// Type errors a user meets first should say which type was expected by its name (`HeaderAuth`,
// `RequestOptions`, `WatchCallOptions<...>`), not spell out a union or an index signature. Each snippet
// is compiled with the package's own settings and its first error checked.
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

function compilerOptions(): ts.CompilerOptions {
  const file = ts.findConfigFile(root, ts.sys.fileExists, 'tsconfig.json');
  if (file === undefined) throw new Error('no tsconfig.json');
  const config = ts.readConfigFile(file, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config.config, ts.sys, root).options;
}

/** The messages of the errors of each snippet, each compiled as a test file of this package; one program for all. */
function errorsOf(snippets: readonly string[]): string[][] {
  const options = { ...compilerOptions(), noEmit: true };
  const sources = new Map(
    snippets.map((code, index) => [
      `${root}test/__snippet_${index}__.ts`,
      `import * as core from '../src/index.js';\n${code}\nexport {};\n`,
    ]),
  );
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (name) => sources.has(name) || fileExists(name);
  host.readFile = (name) => sources.get(name) ?? readFile(name);
  host.getSourceFile = (name, version, ...rest) => {
    const source = sources.get(name);
    return source === undefined
      ? getSourceFile(name, version, ...rest)
      : ts.createSourceFile(name, source, version);
  };
  const program = ts.createProgram([...sources.keys()], options, host);
  return [...sources.keys()].map((name) =>
    ts
      .getPreEmitDiagnostics(program, program.getSourceFile(name))
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')),
  );
}

describe('type errors name what was expected', () => {
  const cases: Array<[string, string, RegExp]> = [
    [
      'an auth scheme without its header name',
      `core.createTransport({ baseUrl: 'http://h', auth: { type: 'header' } });`,
      /required in type 'HeaderAuth'/,
    ],
    [
      'a misspelt call option',
      `core.createTransport({ baseUrl: 'http://h' }).request({ method: 'GET', path: '/x' }, { timout: 5 });`,
      /does not exist in type 'RequestOptions'\. Did you mean to write 'timeout'\?/,
    ],
    [
      'a misspelt watch option of a client call',
      `interface ReadOptions extends core.RequestOptions { readonly namespace?: string | undefined }
       declare function watchThing(options?: core.WatchCallOptions<ReadOptions>): void;
       watchThing({ waitMs: 5 });`,
      /does not exist in type 'WatchCallOptions<ReadOptions>'\. Did you mean to write 'wait'\?/,
    ],
    [
      'an object as a query value',
      `core.createTransport({ baseUrl: 'http://h' }).request({ method: 'GET', path: '/x', query: { a: new Date() } });`,
      /not assignable to type 'QueryValue'/,
    ],
    [
      'a retry hook that expects another event',
      `core.createTransport({ baseUrl: 'http://h', hooks: { onRetry: (event: { status: number }) => {} } });`,
      /RetryEvent/,
    ],
    [
      'console.log as the debug logger',
      `core.createTransport({ baseUrl: 'http://h', debug: { logger: console.log } });`,
      /not assignable to type 'DebugLogger'/,
    ],
    [
      'an envelope unwrap that returns the bare payload',
      `core.createTransport({ baseUrl: 'http://h' }).request({ method: 'GET', path: '/x', unwrap: (body) => body });`,
      /ApiResult<unknown, ResponseMeta>/,
    ],
  ];
  const valid = `core.createTransport({ baseUrl: 'http://h', auth: { type: 'header', name: 'X-T' } });`;
  let errors: string[][] = [];
  // One compile of the package and the snippets: seconds, more on a busy machine.
  beforeAll(() => {
    errors = errorsOf([valid, ...cases.map(([, code]) => code)]);
  }, 120_000);

  it('compiles a correct snippet in the same frame without errors', () => {
    expect(errors[0]).toEqual([]);
  });
  cases.forEach(([what, , expected], index) => {
    it(what, () => {
      const found = errors[index + 1] ?? [];
      expect(found.length).toBeGreaterThan(0);
      expect(found.join('\n')).toMatch(expected);
    });
  });
});
