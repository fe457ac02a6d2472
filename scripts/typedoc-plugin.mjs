// TypeDoc plugin for the API reference site (`npm run docs`):
//  - a field of a valibot schema is declared twice for TypeDoc (in the schema's object literal and in the
//    type inferred from it), both with the same comment, so every such field draws a "multiple
//    declarations with a comment" warning; only that message is dropped, every other warning still fails;
//  - a package's main entry is the package itself: its exports sit on the package's page, beside the
//    other entries (`/node`, `/testing`), so a breadcrumb reads `@infra-sdk/scheduler-client / readJob`
//    rather than naming the package twice;
//  - each package's page is a landing page written from the package itself: what it is (package.json),
//    how to install it, the first call (the first TypeScript block of its README, which the README check
//    compiles and runs), links to its main parts (the client's groups, the entries) and its guides (the
//    README, and the documents its typedoc.json lists from docs/guides/);
//  - a group member (`client.kv.read`) shows its standalone function's doc, the one place an operation is
//    documented (scripts/group-docs/tables.mjs finds the function each member calls);
//  - every "Throws" block names and links the error class of its `@throws {ConflictError} ...` tag (the
//    type annotation TypeDoc keeps with `preservedTypeAnnotationTags`, and would otherwise drop).
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Comment, CommentTag, Converter, MinimalSourceFile, ReflectionKind, RendererEvent } from 'typedoc';
import { packageMembers } from './group-docs/tables.mjs';

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
      // A group is a property (not one of the client's own methods) other than the client's core.
      if (!property.kindOf(ReflectionKind.Property) || property.name === 'core') continue;
      const type = property.type;
      const summary = Comment.combineDisplayParts(property.comment?.summary ?? []);
      const name =
        type?.type === 'reference' && project.getChildByName(type.name)
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
    '## Guides',
    '',
    `- [The package's README](${manifest.homepage}): what it is for and the tasks users come for`,
    ...guides(project, dir),
    '',
    `Its source is in [the repository](${repository}).`,
    '',
  ].join('\n');
}

/** The guides of a package: the documents its typedoc.json lists, linked by their file (TypeDoc links the page). */
function guides(project, dir) {
  return (project.documents ?? []).flatMap((document) => {
    const path = project.files.getReflectionPath(document);
    return path === undefined ? [] : [`- [${document.name}](${relative(dir, path).split('\\').join('/')})`];
  });
}

// ---------------------------------------------------------------------------------------------
// Group members: the doc of the standalone function each one calls

const membersByPackage = new Map();

/** The group member (scripts/group-docs/tables.mjs) a declaration of the sources is, if any. */
function memberAt(declaration) {
  const file = declaration.getSourceFile().fileName;
  const packageDir = /^(.*\/packages\/[^/]+)\/src\//.exec(file)?.[1];
  if (packageDir === undefined) return undefined;
  let members = membersByPackage.get(packageDir);
  if (members === undefined) {
    members = new Map(
      packageMembers(packageDir).map((member) => [`${member.file}:${member.node.getStart()}`, member]),
    );
    membersByPackage.set(packageDir, members);
  }
  return members.get(`${file}:${declaration.getStart()}`);
}

/**
 * Gives each group member of `project` its function's comment: the whole of it (TypeDoc's own
 * `@inheritDoc` copies the summary only, not `@example` or `@throws`). `pending` holds the members met
 * while converting, with the functions they call.
 */
function documentMembers(project, pending, logger) {
  for (const { reflection, members } of pending) {
    const fn = members[0].fn;
    const source = project.getChildByName(fn);
    const sourceSignatures = source?.signatures ?? [];
    if (sourceSignatures.length === 0) {
      logger.warn(`${reflection.getFriendlyFullName()}: no function ${fn} to take its doc from`);
      continue;
    }
    if (reflection.signatures?.length) {
      // A member declared by hand with overloads: each takes the doc of the function's overload at its place.
      reflection.signatures.forEach((signature, index) => {
        const from = sourceSignatures[index] ?? sourceSignatures[0];
        if (from.comment) signature.comment = from.comment.clone();
      });
      reflection.comment = undefined;
    } else if (sourceSignatures[0].comment) {
      reflection.comment = sourceSignatures[0].comment.clone();
    }
  }
}

// ---------------------------------------------------------------------------------------------
// "Throws" blocks: the class named and linked

const BUILT_IN_ERRORS = new Set(['Error', 'RangeError', 'TypeError', 'SyntaxError', 'DOMException']);

/** The module of a package a reflection belongs to (`@infra-sdk/secrets-client`), in the merged project. */
function packageOf(reflection) {
  let current = reflection;
  while (current.parent !== undefined && !current.parent.isProject()) current = current.parent;
  return current;
}

/** Where a class name of a `@throws` links: the class of the same package, else of another (core's), else MDN. */
function throwsTarget(name, owner, classes) {
  const found = classes.get(name) ?? [];
  const home = packageOf(owner);
  const target = found.find((candidate) => packageOf(candidate) === home) ?? found[0];
  if (target !== undefined) return target;
  if (BUILT_IN_ERRORS.has(name)) {
    return name === 'DOMException'
      ? 'https://developer.mozilla.org/en-US/docs/Web/API/DOMException'
      : `https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/${name}`;
  }
  return undefined;
}

/**
 * Puts the classes of each `@throws {A | B} condition` tag at the start of its text, each linked:
 * "A | B condition". Returns how many tags it changed.
 */
function nameThrownClasses(project, logger) {
  const classes = new Map();
  for (const reflection of project.getReflectionsByKind(ReflectionKind.Class)) {
    classes.set(reflection.name, [...(classes.get(reflection.name) ?? []), reflection]);
  }
  const done = new WeakSet();
  for (const reflection of Object.values(project.reflections)) {
    for (const tag of reflection.comment?.blockTags ?? []) {
      if (tag.tag !== '@throws' || tag.typeAnnotation === undefined || done.has(tag)) continue;
      done.add(tag);
      const names = tag.typeAnnotation
        .replace(/^\{|\}$/g, '')
        .split('|')
        .map((name) => name.trim())
        .filter(Boolean);
      const parts = [];
      for (const [index, name] of names.entries()) {
        if (index > 0) parts.push({ kind: 'text', text: ' | ' });
        const target = throwsTarget(name, reflection, classes);
        if (target === undefined) {
          logger.warn(
            `${reflection.getFriendlyFullName()}: @throws names ${name}, which is no class of the packages`,
          );
          parts.push({ kind: 'code', text: `\`${name}\`` });
        } else {
          parts.push({ kind: 'inline-tag', tag: '@linkcode', text: name, target });
        }
      }
      const rest = Comment.cloneDisplayParts(tag.content);
      if (rest[0]?.kind === 'text') rest[0] = { ...rest[0], text: rest[0].text.replace(/^\s*/, ' ') };
      else rest.unshift({ kind: 'text', text: ' ' });
      tag.content = [...parts, ...rest];
      tag.typeAnnotation = undefined;
    }
  }
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

  // Group members met while converting a package, with the functions they call.
  let pending = [];
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    if (!reflection.kindOf(ReflectionKind.Property | ReflectionKind.Method)) return;
    const declarations = context.getSymbolFromReflection(reflection)?.declarations ?? [];
    const members = declarations.map(memberAt).filter((member) => member !== undefined);
    if (members.length > 0) pending.push({ reflection, members });
  });
  // Once the package's entries are merged (the functions are the package's own children).
  app.converter.on(
    Converter.EVENT_RESOLVE_BEGIN,
    (context) => {
      documentMembers(context.project, pending, app.logger);
      pending = [];
    },
    0,
  );

  // The packages are one project by now: a client's `@throws` can link core's classes.
  app.renderer.on(RendererEvent.BEGIN, (event) => nameThrownClasses(event.project, app.logger));

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
