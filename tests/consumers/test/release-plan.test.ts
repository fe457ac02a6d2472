// The rules the release script checks before versioning: a client never takes a new core minor in a
// patch, and a changed API report needs a changeset of the matching size.
import { describe, expect, it } from 'vitest';
import { planProblems } from '../../../scripts/release-plan.mjs';

const manifests = new Map([
  ['@infra-sdk/core', { name: '@infra-sdk/core', version: '0.2.3' }],
  [
    '@infra-sdk/scheduler-client',
    {
      name: '@infra-sdk/scheduler-client',
      version: '0.5.1',
      dependencies: { '@infra-sdk/core': 'workspace:^' },
    },
  ],
  [
    '@infra-sdk/examples',
    { name: '@infra-sdk/examples', private: true, dependencies: { '@infra-sdk/core': 'workspace:*' } },
  ],
]);

function release(name: string, type: string, oldVersion: string, newVersion: string) {
  return { name, type, oldVersion, newVersion };
}

describe('the pinning rule', () => {
  it('refuses a core minor that would reach teams through a client patch', () => {
    const problems = planProblems({
      releases: [
        release('@infra-sdk/core', 'minor', '0.2.3', '0.3.0'),
        release('@infra-sdk/scheduler-client', 'patch', '0.5.1', '0.5.2'),
      ],
      manifests,
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(
      '@infra-sdk/scheduler-client depends on @infra-sdk/core, which goes 0.2.3 → 0.3.0',
    );
  });

  it('refuses it when the client is not released at all', () => {
    const problems = planProblems({
      releases: [release('@infra-sdk/core', 'minor', '0.2.3', '0.3.0')],
      manifests,
    });
    expect(problems).toHaveLength(1);
  });

  it('accepts the client released as a minor, and a core patch inside the range', () => {
    expect(
      planProblems({
        releases: [
          release('@infra-sdk/core', 'minor', '0.2.3', '0.3.0'),
          release('@infra-sdk/scheduler-client', 'minor', '0.5.1', '0.6.0'),
        ],
        manifests,
      }),
    ).toEqual([]);
    expect(
      planProblems({
        releases: [
          release('@infra-sdk/core', 'patch', '0.2.3', '0.2.4'),
          release('@infra-sdk/scheduler-client', 'patch', '0.5.1', '0.5.2'),
        ],
        manifests,
      }),
    ).toEqual([]);
  });
});

describe('the API report rule', () => {
  it('needs a breaking bump (a minor under 0.x) when the report lost or changed lines', () => {
    const breaking = new Map([['@infra-sdk/core', 'breaking']]);
    const patch = [release('@infra-sdk/core', 'patch', '0.2.3', '0.2.4')];
    expect(planProblems({ releases: patch, manifests, apiChanges: breaking })[0]).toContain(
      'at least a minor',
    );
    const minor = [
      release('@infra-sdk/core', 'minor', '0.2.3', '0.3.0'),
      release('@infra-sdk/scheduler-client', 'minor', '0.5.1', '0.6.0'),
    ];
    expect(planProblems({ releases: minor, manifests, apiChanges: breaking })).toEqual([]);
  });

  it('needs a major from 1.0, and any release for an addition', () => {
    const stable = new Map([['@infra-sdk/core', { name: '@infra-sdk/core', version: '1.4.0' }]]);
    const minor = [release('@infra-sdk/core', 'minor', '1.4.0', '1.5.0')];
    expect(
      planProblems({
        releases: minor,
        manifests: stable,
        apiChanges: new Map([['@infra-sdk/core', 'breaking']]),
      })[0],
    ).toContain('at least a major');
    expect(
      planProblems({
        releases: [],
        manifests: stable,
        apiChanges: new Map([['@infra-sdk/core', 'additive']]),
      })[0],
    ).toContain('at least a minor');
  });
});
