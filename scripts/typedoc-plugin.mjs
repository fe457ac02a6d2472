// TypeDoc plugin for the API reference site (`npm run docs`):
//  - a field of a valibot schema is declared twice for TypeDoc (in the schema's object literal and in the
//    type inferred from it), both with the same comment, so every such field draws a "multiple
//    declarations with a comment" warning; only that message is dropped, every other warning still fails;
//  - a package's main entry is the package itself: its exports sit on the package's page, beside the
//    other entries (`/node`, `/testing`), so a breadcrumb reads `@infra-sdk/scheduler-client / readJob`
//    rather than naming the package twice;
//  - each package's page is a landing page written from the package itself: what it is (package.json),
//    how to install it, the first call (the first TypeScript block of its README, which the README check
//    compiles and runs) and links to its main parts (the client's groups, the entries).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Comment, CommentTag, Converter, MinimalSourceFile, ReflectionKind } from 'typedoc';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const DUPLICATE_COMMENT = /has multiple declarations with a comment\. An arbitrary comment will be used/;

/** The folder of a workspace package, from its name (`@infra-sdk/mesh-client` → packages/mesh-client). */
function packageDir(name) {
  return join(root, 'packages', name.replace(/^@infra-sdk\//, ''));
}

/** The first ```ts block of a README: its first call. */
function firstCall(readme) {
  const match = /^```(?:ts|typescript)\b[^\n]*\n([\s\S]*?)^```\s*$/m.exec(readme);
  return match?.[1].trimEnd();
}

/** A link to a reflection by name, in the doc comment syntax TypeDoc resolves. */
function link(name, text = name) {
  return `{@link ${name} | ${text}}`;
}

/** What a package's landing page links to: its client's groups, its factories, its other entries. */
function mainParts(project) {
  const lines = [];
  const factory = project.children?.find(
    (child) => child.kindOf(ReflectionKind.Function) && /^create\w+Client$/.test(child.name),
  );
  if (factory) {
    const returned = factory.signatures?.[0]?.type;
    const client = returned?.type === 'reference' ? project.getChildByName(returned.name) : undefined;
    lines.push(`- ${link(factory.name, `${factory.name}(options)`)}: the client, with these groups:`);
    for (const property of client?.children ?? []) {
      const type = property.type;
      if (type?.type !== 'reference' || property.name === 'core') continue;
      const summary = Comment.combineDisplayParts(property.comment?.summary ?? []);
      const name = project.getChildByName(type.name)
        ? link(type.name, `.${property.name}`)
        : `\`.${property.name}\``;
      lines.push(`  - ${name}${summary ? `: ${summary}` : ''}`);
    }
    for (const name of ['fromEnv']) {
      if (project.getChildByName(name))
        lines.push(`- ${link(name, `${name}()`)}: the client from environment variables`);
    }
  } else {
    for (const [name, what] of [
      ['createTransport', 'the transport every client is built on'],
      ['ApiError', 'the errors, and `isInstance`'],
      ['paginate', 'paging'],
      ['watch', 'blocking-query watches'],
      ['parseNdjson', 'NDJSON streams'],
    ]) {
      if (project.getChildByName(name)) lines.push(`- ${link(name)}: ${what}`);
    }
  }
  for (const entry of project.children ?? []) {
    if (entry.kindOf(ReflectionKind.Module)) lines.push(`- ${link(`"${entry.name}"`, `\`${entry.name}\``)}`);
  }
  return lines;
}

/** The landing page of a package, as markdown. */
function landingPage(project) {
  const name = project.packageName ?? project.name;
  const dir = packageDir(name);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const readme = readFileSync(join(dir, 'README.md'), 'utf8');
  const call = firstCall(readme);
  const repository = String(manifest.homepage ?? '').replace(/#readme$/, '');
  return [
    manifest.description,
    '',
    '## Install',
    '',
    '```sh',
    `npm install ${name}`,
    '```',
    '',
    `ESM only; Node ${manifest.engines?.node ?? ''}, Bun, Deno and browsers for the main entry.`,
    '',
    ...(call ? ['## First call', '', '```ts', call, '```', ''] : []),
    '## Main parts',
    '',
    ...mainParts(project),
    '',
    `The guide (every option, error and method, with examples) is the package's [README](${manifest.homepage}); its source is in [the repository](${repository}).`,
    '',
  ].join('\n');
}

/** Entry point TypeDoc calls when it loads the plugin. */
export function load(app) {
  const warn = app.logger.warn.bind(app.logger);
  app.logger.warn = (message, ...rest) => {
    if (DUPLICATE_COMMENT.test(String(message))) return;
    warn(message, ...rest);
  };

  // Before TypeDoc's own @mergeModuleWith handling (priority 10 000): the main entry merges into the package.
  app.converter.on(
    Converter.EVENT_RESOLVE_BEGIN,
    (context) => {
      // The package's name is not set on the project yet: the main entry is the module named like a
      // package (`@infra-sdk/mesh-client`), the others add a subpath (`@infra-sdk/mesh-client/testing`).
      const main = context.project.children?.find(
        (child) => child.kindOf(ReflectionKind.Module) && /^@[^/]+\/[^/]+$/.test(child.name),
      );
      if (main === undefined) return;
      main.comment ??= new Comment();
      main.comment.blockTags.push(new CommentTag('@mergeModuleWith', [{ kind: 'text', text: '<project>' }]));
    },
    20_000,
  );

  // After the package's README was read (priority 0) and the entries merged; before links are resolved.
  app.converter.on(
    Converter.EVENT_RESOLVE_BEGIN,
    (context) => {
      const project = context.project;
      if (!project.packageName?.startsWith('@infra-sdk/')) return;
      const file = join(packageDir(project.packageName), 'README.md');
      const { content } = app.converter.parseRawComment(
        new MinimalSourceFile(landingPage(project), file),
        project.files,
      );
      project.readme = content;
    },
    -100,
  );
}
