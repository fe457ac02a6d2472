// The releases of the round trip (global-setup.ts) as the release job made them: the first release
// versions every package 0.1.0 with a first CHANGELOG of a few lines, and the release-plan rules refuse
// a core minor that would reach teams through a client patch.
import { describe, expect, inject, it } from 'vitest';

const PACKAGES = ['core', 'secrets-client', 'scheduler-client', 'registry-client', 'mesh-client'].map(
  (folder) => `@infra-sdk/${folder}`,
);

/** The entries of a changelog's lists: what a reader counts as items. */
function items(changelog: string): string[] {
  return changelog.split('\n').filter((line) => /^\s*[-*] /.test(line));
}

describe('the first release', () => {
  it('publishes every package as 0.1.0', () => {
    expect(inject('releases')[0]).toEqual(Object.fromEntries(PACKAGES.map((name) => [name, '0.1.0'])));
  });

  it.each(PACKAGES)('writes a first CHANGELOG of at most 10 items for %s', (name) => {
    const changelog = inject('firstChangelogs')[name] ?? '';
    expect(changelog.startsWith(`# ${name}\n`)).toBe(true);
    expect(changelog.match(/^## /gm)).toEqual(['## ']); // one version: 0.1.0
    expect(changelog).toContain('## 0.1.0');
    expect(changelog).toContain('First release.');
    expect(items(changelog).length).toBeGreaterThan(1);
    expect(items(changelog).length).toBeLessThanOrEqual(10);
  });
});

describe('the later releases', () => {
  it('publishes a client patch alone', () => {
    expect(inject('releases')[1]).toEqual({ '@infra-sdk/scheduler-client': '0.1.1' });
  });

  it('refuses a core minor released with a client patch, naming the client and the fix', () => {
    const { ok, output } = inject('refusedPlan');
    expect(ok).toBe(false);
    expect(output).toContain(
      '@infra-sdk/scheduler-client depends on @infra-sdk/core, which goes 0.1.0 → 0.2.0 (outside ^0.1.0), but @infra-sdk/scheduler-client is released as a patch',
    );
    // The clients without a changeset of their own are named too: core leaves their range as well.
    expect(output).toContain('@infra-sdk/mesh-client depends on @infra-sdk/core');
  });

  it('publishes the core minor with every client as a minor', () => {
    expect(inject('releases')[2]).toEqual(Object.fromEntries(PACKAGES.map((name) => [name, '0.2.0'])));
  });
});
