// `npm run demo`: the four clients doing real work over HTTP, one scenario each. Every scenario talks to
// a fake service started in this process on 127.0.0.1, or to a real one when its `*_ADDR` variable is
// set. The exit status is 0 only when every step of every scenario succeeded.
import { env } from './environment.ts';
import { runMesh } from './mesh.ts';
import { bold, dim, print, printSummary, red, Section, type SectionResult } from './output.ts';
import { runRegistry } from './registry.ts';
import { runScheduler } from './scheduler.ts';
import { runSecrets } from './secrets.ts';

interface Scenario {
  readonly name: string;
  readonly title: string;
  readonly run: (section: Section) => Promise<void>;
}

const scenarios: readonly Scenario[] = [
  { name: 'registry', title: 'Registry: publish a box, find it, download it', run: runRegistry },
  {
    name: 'scheduler',
    title: 'Scheduler: a job, its allocations, events, drain, exec, dispatch',
    run: runScheduler,
  },
  {
    name: 'secrets',
    title: 'Secrets: database credentials, cloud tokens and keys, secret sync',
    run: runSecrets,
  },
  { name: 'mesh', title: 'Mesh: a namespace from creation to removal', run: runMesh },
];

function chosenScenarios(): readonly Scenario[] | undefined {
  const wanted = env('DEMO_SCENARIOS');
  if (wanted === undefined) return scenarios;
  const names = wanted.split(',').map((name) => name.trim().toLowerCase());
  const unknown = names.filter((name) => !scenarios.some((scenario) => scenario.name === name));
  if (unknown.length > 0) {
    print(red(`DEMO_SCENARIOS names unknown scenarios: ${unknown.join(', ')}`));
    print(`Known: ${scenarios.map((scenario) => scenario.name).join(', ')}`);
    return undefined;
  }
  return scenarios.filter((scenario) => names.includes(scenario.name));
}

async function main(): Promise<boolean> {
  const chosen = chosenScenarios();
  if (chosen === undefined) return false;
  const started = performance.now();
  print(bold('infra-sdk demo'));
  print('Each scenario drives one client against its service over real HTTP: a fake started here on');
  print("127.0.0.1 unless the service's *_ADDR variable names a real one (see examples/README.md).");
  print(
    dim(`Node ${process.version}, ${chosen.length} scenario(s): ${chosen.map((s) => s.name).join(', ')}`),
  );

  const results: SectionResult[] = [];
  for (const [position, scenario] of chosen.entries()) {
    const section = new Section(scenario.name, scenario.title, position + 1, chosen.length);
    try {
      await scenario.run(section);
    } catch (error) {
      // A failed step has reported itself; anything else failed around the steps.
      section.fail(error);
    }
    results.push(section.result());
  }
  return printSummary(results, performance.now() - started);
}

process.exitCode = (await main()) ? 0 : 1;
