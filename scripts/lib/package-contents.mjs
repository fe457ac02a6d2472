// What a published package must hold together, checked on its files as a user receives them (a packed
// tarball in the package checks, an installed folder in the registry round trip):
//  - no source map that is not there: every `sourceMappingURL` names a map in the package, and every
//    `sources` entry of a map is a file of the package (a debugger must never look for a missing file);
//  - a README that works on the package page: links are absolute or in-page anchors that exist, and links
//    into the project's repository start with the one repository URL the root package.json names;
//  - `repository`, `homepage` and `bugs` derived from that same URL.
// Files are given as a Map of package-relative POSIX path → Buffer or string.
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';

/** The web address of the repository named in a package.json `repository` (`git+https://…/x.git` → `https://…/x`). */
export function repositoryWebUrl(manifest) {
  const url = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  if (typeof url !== 'string' || url === '') throw new Error('package.json has no "repository" URL');
  return url.replace(/^git\+/, '').replace(/\.git$/, '');
}

/** The files of a folder (recursively) as a Map of relative POSIX path → Buffer. */
export function readFolder(dir) {
  const files = new Map();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path).split('\\').join('/'), readFileSync(path));
  }
  return files;
}

const MAP_COMMENT = /(?:\/\/|\/\*)[#@]\s*sourceMappingURL=([^\s*]+)\s*(?:\*\/)?\s*$/;

/** The source map a file points at (the last `sourceMappingURL` comment), or undefined. */
function mapReference(text) {
  const tail = text.slice(-4096).trimEnd().split('\n').at(-1) ?? '';
  return MAP_COMMENT.exec(tail)?.[1];
}

/**
 * Problems with source maps: a code file that points at a map the package does not hold, a map that does
 * not parse, or a map whose `sources` are not files of the package. Returns `{ problems, maps }`.
 */
export function sourceMapProblems(files) {
  const problems = [];
  let maps = 0;
  const checkMap = (mapText, mapPath, owner) => {
    maps += 1;
    let map;
    try {
      map = JSON.parse(mapText);
    } catch {
      problems.push(`${owner}: its source map ${mapPath} is not JSON`);
      return;
    }
    const root = typeof map.sourceRoot === 'string' ? map.sourceRoot : '';
    const missing = (map.sources ?? []).filter((source) => {
      if (/^[a-z][a-z0-9+.-]*:/i.test(source)) return true; // webpack://, file://: never in the package
      const resolved = posix.normalize(posix.join(posix.dirname(mapPath), root, source));
      return !files.has(resolved);
    });
    if (missing.length > 0) {
      problems.push(
        `${mapPath} maps sources the package does not hold: ${missing.slice(0, 3).join(', ')}${missing.length > 3 ? `, … (${missing.length})` : ''}`,
      );
    }
  };
  for (const [path, content] of files) {
    if (!/\.(?:[cm]?js|d\.[cm]?ts|css)$/.test(path)) continue;
    const reference = mapReference(content.toString('utf8'));
    if (reference === undefined) continue;
    if (reference.startsWith('data:')) {
      const comma = reference.indexOf(',');
      const payload = reference.slice(comma + 1);
      const text = reference.slice(0, comma).endsWith(';base64')
        ? Buffer.from(payload, 'base64').toString('utf8')
        : decodeURIComponent(payload);
      checkMap(text, path, path);
      continue;
    }
    const mapPath = posix.normalize(posix.join(posix.dirname(path), decodeURIComponent(reference)));
    const map = files.get(mapPath);
    if (map === undefined) problems.push(`${path} points at ${mapPath}, which the package does not hold`);
    else checkMap(map.toString('utf8'), mapPath, path);
  }
  return { problems, maps };
}

/** Markdown with fenced code blocks and code spans blanked out (same length, so offsets keep their lines). */
function proseOf(markdown) {
  const blank = (text) => text.replace(/[^\n]/g, ' ');
  return markdown
    .replace(/^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^\1\2[`~]*[ \t]*$|(?![\s\S]))/gm, blank)
    .replace(/(`+)[^`\n]+?\1/g, blank);
}

/** GitHub's (and npm's) anchor of a heading: lower case, punctuation dropped, spaces to dashes. */
function slugOf(heading) {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a markdown document defines (its headings, numbered like GitHub's when repeated). */
export function anchorsOf(markdown) {
  const anchors = new Set();
  const seen = new Map();
  const withoutFences = markdown.replace(/^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\2[`~]*[ \t]*$/gm, '');
  for (const match of withoutFences.matchAll(/^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const slug = slugOf(match[1]);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  for (const match of withoutFences.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(match[1]);
  return anchors;
}

/** Every link target of a markdown document, with its line: inline links, images, references, HTML, autolinks. */
export function linksOf(markdown) {
  const prose = proseOf(markdown);
  const links = [];
  const add = (target, index) => {
    const line = prose.slice(0, index).split('\n').length;
    links.push({ target: target.trim().replace(/^<|>$/g, ''), line });
  };
  for (const match of prose.matchAll(/\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g)) {
    add(match[1], match.index);
  }
  for (const match of prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*(\S+)/gm)) add(match[1], match.index);
  for (const match of prose.matchAll(/<(?:a|img|source)\b[^>]*?\s(?:href|src)="([^"]*)"/gi))
    add(match[1], match.index);
  for (const match of prose.matchAll(/<(https?:\/\/[^>\s]+)>/g)) add(match[1], match.index);
  return links;
}

/**
 * Problems with a README's links as the package page shows them. `repositoryUrl` is the web address of the
 * repository; `repoRoot`, when given, is a checkout of it: links to `<repositoryUrl>/blob/main/<file>` (or
 * `tree/main/<folder>`, or the bare repository URL) must name a file that exists there, and an anchor on
 * such a link must exist in that markdown file.
 */
export function readmeLinkProblems(markdown, { repositoryUrl, repoRoot, name = 'README.md' }) {
  const problems = [];
  const own = anchorsOf(markdown);
  const repo = new URL(repositoryUrl);
  const owner = repo.pathname.split('/')[1];
  for (const { target, line } of linksOf(markdown)) {
    const where = `${name}:${line}`;
    if (target.startsWith('#')) {
      if (!own.has(decodeURIComponent(target.slice(1))))
        problems.push(`${where}: ${target} is no heading of this README`);
      continue;
    }
    if (/^mailto:/i.test(target)) continue;
    if (!/^https?:\/\//i.test(target)) {
      problems.push(
        `${where}: relative link ${target} leads nowhere on the package page; use an absolute link (${repositoryUrl}/blob/main/…)`,
      );
      continue;
    }
    const url = new URL(target);
    if (url.host !== repo.host || url.pathname.split('/')[1] !== owner) continue; // another project's page
    const base = repositoryUrl.replace(/\/$/, '');
    const bare = `${url.origin}${url.pathname}`.replace(/\/$/, '');
    if (bare !== base && !bare.startsWith(`${base}/`)) {
      problems.push(
        `${where}: ${target} points into ${repo.host}/${owner} but not at the repository the root package.json names (${repositoryUrl})`,
      );
      continue;
    }
    if (repoRoot === undefined) continue;
    const rest = bare.slice(base.length).replace(/^\//, '');
    const fileMatch = /^(?:blob|tree)\/main\/(.+)$/.exec(rest);
    if (rest !== '' && !fileMatch) continue; // issues, pulls, releases: pages of the host
    const file = rest === '' ? 'README.md' : decodeURIComponent(fileMatch[1]);
    let text;
    try {
      text = readFileSync(join(repoRoot, file), 'utf8');
    } catch (error) {
      if (error.code === 'EISDIR') continue;
      problems.push(`${where}: ${target} names ${file}, which is not in the repository`);
      continue;
    }
    if (url.hash && file.endsWith('.md') && !anchorsOf(text).has(decodeURIComponent(url.hash.slice(1)))) {
      problems.push(`${where}: ${target}: ${file} has no heading ${url.hash}`);
    }
  }
  return problems;
}

/**
 * Problems with a package's `repository`, `homepage` and `bugs`: each must be derived from the repository
 * URL of the root package.json (the one place it is written), the repository with the package's folder.
 */
export function manifestLinkProblems(pkg, { repositoryUrl, directory }) {
  const problems = [];
  const expected = {
    'repository.url': `git+${repositoryUrl}.git`,
    'repository.directory': directory,
    homepage: `${repositoryUrl}/tree/main/${directory}#readme`,
    'bugs.url': `${repositoryUrl}/issues`,
  };
  const actual = {
    'repository.url': pkg.repository?.url,
    'repository.directory': pkg.repository?.directory,
    homepage: pkg.homepage,
    'bugs.url': typeof pkg.bugs === 'string' ? pkg.bugs : pkg.bugs?.url,
  };
  for (const [field, value] of Object.entries(expected)) {
    if (actual[field] !== value)
      problems.push(`"${field}" is ${JSON.stringify(actual[field])}, not "${value}"`);
  }
  return problems;
}
