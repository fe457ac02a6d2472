// The API reference site (`npm run docs`, built into docs/api by the docs:site task) as a reader opens it:
// served over HTTP on 127.0.0.1 and loaded in headless Chromium. Every package's landing page (with its
// groups and guides), the scheduler's guide "Deploy a canary", the operation page of the scheduler's
// readJob and the pages of the types it links to load without a script error, and no link on them is
// broken (the page exists; an anchor names an element of it). The breadcrumb names each level once, the
// search finds names in every package, and every "Throws" block of the site names and links its class.
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { dirname, extname, join, normalize } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const site = join(import.meta.dirname, '..', '..', '..', 'docs', 'api');
const PACKAGES = ['core', 'secrets-client', 'scheduler-client', 'registry-client', 'mesh-client'];
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.md': 'text/markdown; charset=utf-8',
};

let server: Server;
let origin: string;
let browser: Browser;

/** Debian's chromium (what .ci/run installs), or the browser CHROMIUM_PATH names. */
function chromiumPath(): string {
  const found = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (file) => file !== undefined && file !== '' && existsSync(file),
  );
  if (found === undefined) throw new Error('no Chromium: apt-get install chromium, or set CHROMIUM_PATH');
  return found;
}

beforeAll(async () => {
  if (!existsSync(join(site, 'index.html'))) throw new Error(`${site} holds no site: run npm run docs`);
  server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    const file = join(site, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(site)) return response.writeHead(403).end();
    try {
      const body = await readFile(file);
      response
        .writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
        .end(body);
    } catch {
      response.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    // Nothing may leave the machine: external links are checked for their form only.
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

interface Visit {
  page: Page;
  links: string[];
  errors: string[];
}

/** Opens a page of the site; resolves to the page, its links (absolute) and the script errors it raised. */
async function open(path: string): Promise<Visit> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // Only the site itself is served; a request elsewhere fails fast instead of waiting on the network.
  await page.route(
    (url) => !url.href.startsWith(origin),
    (route) => route.abort(),
  );
  const response = await page.goto(`${origin}/${path}`, { waitUntil: 'load' });
  expect(response?.status(), path).toBe(200);
  const links = await page.$$eval('a[href]', (anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  return { page, links, errors };
}

const checkedTargets = new Map<string, Promise<string | undefined>>();

/** Why a link of the site is broken, or undefined: its page answers 200, its anchor names an element there. */
function brokenLink(href: string): Promise<string | undefined> {
  let known = checkedTargets.get(href);
  if (known === undefined) {
    known = (async () => {
      const url = new URL(href);
      if (url.origin !== origin) {
        return /^(https?|mailto):$/.test(url.protocol) ? undefined : `${href}: not a web address`;
      }
      const response = await fetch(`${url.origin}${url.pathname}`);
      if (response.status !== 200) return `${href}: status ${response.status}`;
      const fragment = decodeURIComponent(url.hash.slice(1));
      if (fragment === '' || !url.pathname.endsWith('.html')) return undefined;
      const html = await response.text();
      const escaped = fragment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return new RegExp(`\\s(?:id|name)="${escaped}"`).test(html)
        ? undefined
        : `${href}: no element #${fragment}`;
    })();
    checkedTargets.set(href, known);
  }
  return known;
}

async function expectNoBrokenLinks(visit: Visit) {
  const broken = (await Promise.all([...new Set(visit.links)].map(brokenLink))).filter(Boolean);
  expect(broken).toEqual([]);
  expect(visit.errors).toEqual([]);
}

/** The texts of the breadcrumb. */
async function breadcrumb(page: Page): Promise<string[]> {
  return page.$$eval('.tsd-breadcrumb li', (items) => items.map((item) => item.textContent?.trim() ?? ''));
}

describe.each(PACKAGES)('the landing page of @infra-sdk/%s', (name) => {
  it('says what the package is, how to install it, its first call and its main parts, with no broken link', async () => {
    const visit = await open(`modules/_infra-sdk_${name}.html`);
    try {
      const text = await visit.page.locator('.col-content').textContent();
      expect(text).toContain(`npm install @infra-sdk/${name}`);
      const headings = await visit.page.$$eval('.col-content h2, .col-content h3', (nodes) =>
        nodes.map((node) => node.textContent?.trim()),
      );
      expect(headings).toEqual(expect.arrayContaining(['Install', 'First call', 'Main parts', 'Guides']));
      const firstCall = await visit.page.locator('.col-content pre code').nth(1).textContent();
      expect(firstCall).toContain(`from '@infra-sdk/${name}`);
      expect(await breadcrumb(visit.page)).toEqual([`@infra-sdk/${name}`]);
      await expectNoBrokenLinks(visit);
    } finally {
      await visit.page.close();
    }
  });
});

describe("the scheduler's guides", () => {
  it('lists every group of the client and "Deploy a canary", which loads with no broken link', async () => {
    const landing = await open('modules/_infra-sdk_scheduler-client.html');
    let guide: string | null;
    try {
      const groups = await landing.page.locator('.col-content li').allTextContents();
      for (const group of ['.jobs', '.nodes', '.allocations', '.deployments', '.evaluations', '.events']) {
        expect(
          groups.some((text) => text.startsWith(`${group}:`)),
          group,
        ).toBe(true);
      }
      guide = await landing.page
        .locator('.col-content a', { hasText: 'Deploy a canary' })
        .first()
        .getAttribute('href');
    } finally {
      await landing.page.close();
    }
    expect(guide).toMatch(/^\.\.\/documents\/.*\.html$/);
    const visit = await open(`modules/${guide}`);
    try {
      const text = await visit.page.locator('.col-content').textContent();
      for (const field of [
        'Canary',
        'MaxParallel',
        'AutoRevert',
        'MinHealthyTime',
        'AutoPromote',
        'DeploymentFailedError',
      ])
        expect(text).toContain(field);
      await expectNoBrokenLinks(visit);
    } finally {
      await visit.page.close();
    }
  });
});

describe("the scheduler's readJob", () => {
  it('has its own page, a breadcrumb naming the package once, and linked types that load with no broken link', async () => {
    const visit = await open('functions/_infra-sdk_scheduler-client.readJob.html');
    try {
      expect(await breadcrumb(visit.page)).toEqual(['@infra-sdk/scheduler-client', 'readJob']);
      const signature = await visit.page.locator('.tsd-signature').first().textContent();
      expect(signature).toMatch(
        /readJob\(\s*core: SchedulerCore,\s*jobId: string,\s*options\?: ReadJobOptions,?\s*\): ApiPromise<Job>/,
      );
      await expectNoBrokenLinks(visit);
      const types = await visit.page.$$eval('.tsd-signature a[href]', (anchors) =>
        anchors.map((a) => (a as HTMLAnchorElement).href),
      );
      const pages = [...new Set(types.map((href) => href.replace(/#.*$/, '')))];
      expect(pages.length).toBeGreaterThanOrEqual(3); // SchedulerCore, ReadJobOptions, ApiPromise, Job
      for (const href of pages) {
        const typePage = await open(href.slice(origin.length + 1));
        try {
          await expectNoBrokenLinks(typePage);
        } finally {
          await typePage.page.close();
        }
      }
    } finally {
      await visit.page.close();
    }
  });
});

describe('the search', () => {
  it('finds a name in every client', async () => {
    const visit = await open('index.html');
    try {
      await visit.page.click('#tsd-search-trigger');
      await visit.page.fill('#tsd-search-input', 'fromEnv');
      await visit.page.waitForSelector('#tsd-search-results li');
      const hrefs = await visit.page.$$eval('#tsd-search-results a', (anchors) =>
        anchors.map((a) => (a as HTMLAnchorElement).href),
      );
      for (const client of PACKAGES.filter((name) => name !== 'core')) {
        expect(
          hrefs.some((href) => href.includes(`_infra-sdk_${client}.fromEnv`)),
          client,
        ).toBe(true);
      }
      expect(visit.errors).toEqual([]);
    } finally {
      await visit.page.close();
    }
  });
});

describe('the "Throws" blocks', () => {
  it('each name the class thrown first, linked to its page (or to MDN for a built-in error)', async () => {
    const pages = readdirSync(site, { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.html'));
    let blocks = 0;
    const unnamed: string[] = [];
    const targets = new Set<string>();
    for (const file of pages) {
      const html = await readFile(join(site, file), 'utf8');
      for (const [, block = ''] of html.matchAll(/<div class="tsd-tag-throws">([\s\S]*?)<\/div>/g)) {
        blocks += 1;
        const text = block.replace(/^[\s\S]*?<\/h4>/, '');
        const named = /^<p>((?:<a href="[^"]+"[^>]*><code>\w+<\/code><\/a>(?: \| )?)+) /.exec(text);
        if (named === null) {
          unnamed.push(
            `${file}: ${text
              .replace(/<[^>]+>/g, '')
              .trim()
              .slice(0, 100)}`,
          );
          continue;
        }
        for (const [, href = ''] of (named[1] ?? '').matchAll(/href="([^"]+)"/g)) {
          targets.add(href.startsWith('http') ? href : join(dirname(file), href.replace(/#.*$/, '')));
        }
      }
    }
    console.log(`the site: ${blocks - unnamed.length} of ${blocks} "Throws" blocks name their class`);
    expect(blocks).toBeGreaterThan(1000);
    expect(unnamed).toEqual([]);
    const missing = [...targets].filter((target) =>
      target.startsWith('http')
        ? !target.startsWith('https://developer.mozilla.org/')
        : !existsSync(join(site, target)),
    );
    expect(missing).toEqual([]);
  });
});
