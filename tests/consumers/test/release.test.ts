// The releases of the round trip (global-setup.ts) as the release job made them: the first release
// publishes every package, with a CHANGELOG whose newest entry has at most 10 items (for the first
// release, its only entry); a client patch releases that client alone; and the release-plan rules refuse
// a core release leaving the clients' range beside a client patch.
import { describe, expect, inject, it } from 'vitest';
import { CORE, PACKAGES, SCHEDULER, versionsAfter } from './versions.js';

/** The newest entry of a changelog: its first `## <version>` section. */
function newestEntry(changelog: string): string {
  const sections = changelog.split(/^(?=## )/m).slice(1);
  return sections[0] ?? '';
}

/** The entries of a changelog section's lists: what a reader counts as items. */
function items(section: string): string[] {
  return section.split('\n').filter((line) => /^\s*[-*] /.test(line));
}

/** The versions the registry holds of a package. */
async function published(name: string): Promise<string[]> {
  const response = await fetch(`${inject('registry')}${name.replace('/', '%2f')}`);
  const packument = (await response.json()) as { versions?: Record<string, unknown> };
  return Object.keys(packument.versions ?? {});
}

describe('the first release', () => {
  it.each(PACKAGES)('publishes %s', async (name) => {
    expect(await published(name)).toContain(versionsAfter(0)[name]);
  });

  it('versions the packages of the pending changesets (0.0.0 → 0.1.0 on the first release)', () => {
    const before = inject('before');
    for (const name of PACKAGES) {
      if (before[name] === '0.0.0') expect(versionsAfter(0)[name], name).toBe('0.1.0');
    }
  });

  it.each(PACKAGES)('writes a CHANGELOG whose newest entry has at most 10 items: %s', (name) => {
    const changelog = inject('changelogs')[name] ?? '';
    expect(changelog.startsWith(`# ${name}\n`)).toBe(true);
    const entry = newestEntry(changelog);
    expect(entry.startsWith(`## ${versionsAfter(0)[name]}\n`)).toBe(true);
    expect(items(entry).length).toBeGreaterThan(1);
    expect(items(entry).length).toBeLessThanOrEqual(10);
    if (inject('before')[name] === '0.0.0') {
      expect(changelog.match(/^## /gm)).toEqual(['## ']); // the first release is the only entry
      expect(entry).toContain('First release.');
    }
  });
});

describe('the later releases', () => {
  it('publishes a client patch alone, on the core it was released with', () => {
    const [first, patch] = [versionsAfter(0), versionsAfter(1)];
    expect(Object.keys(inject('rounds')[1]?.released ?? {})).toEqual([SCHEDULER]);
    const [major, minor, micro] = (first[SCHEDULER] ?? '').split('.').map(Number);
    expect(patch[SCHEDULER]).toBe(`${major}.${minor}.${(micro ?? 0) + 1}`);
    expect(patch[CORE]).toBe(first[CORE]);
  });

  it('refuses a core release leaving the clients’ range beside a client patch, naming the clients', () => {
    const { ok, output } = inject('refusedPlan');
    const [from, to] = [versionsAfter(1)[CORE], versionsAfter(2)[CORE]];
    expect(ok).toBe(false);
    expect(output).toContain(
      `${SCHEDULER} depends on ${CORE}, which goes ${from} → ${to} (outside ^${from}), but ${SCHEDULER} is released as a patch`,
    );
    // The clients without a changeset of their own are named too: core leaves their range as well.
    expect(output).toContain(`@infra-sdk/mesh-client depends on ${CORE}`);
  });

  it('publishes the core release with every client, as the rules ask', () => {
    expect(Object.keys(inject('rounds')[2]?.released ?? {}).sort()).toEqual([...PACKAGES].sort());
  });
});
