// `npm run bench`: every figure of the benchmark in one run, printed as one table and written to
// RESULTS.md with the machine, the Node version and the date. BENCH_QUICK=1 runs tiny sizes and one
// round, to check that the harness works; it writes .work/RESULTS-quick.md (figures not for comparison).
// BENCH_ONLY=transfer (or a comma-separated list of requests, stream, transfer, bundles, import, declarations) runs
// those parts alone and writes .work/RESULTS-only.md, leaving RESULTS.md to full runs.
import { writeFileSync } from 'node:fs';
import { arch, cpus, platform, totalmem } from 'node:os';
import { bundleCases, measureBundle, sizeLimitFigures } from './lib/bundles.mjs';
import { runChild, startServerProcess } from './lib/child.mjs';
import { bundlerEntry, coldImport } from './lib/cold-import.mjs';
import { declarationBytes, declarationPackages, typecheckCosts } from './lib/declarations.mjs';
import { boxFile, eventStreamFile } from './lib/generate.mjs';
import { median } from './lib/stats.mjs';
import { transferRows } from './lib/transfers.mjs';

const quick = process.env.BENCH_QUICK === '1';
const parts = ['requests', 'stream', 'transfer', 'bundles', 'import', 'declarations'];
const only = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',').map((part) => part.trim()) : parts;
const unknown = only.filter((part) => !parts.includes(part));
if (unknown.length > 0) throw new Error(`BENCH_ONLY: no part ${unknown.join(', ')} (${parts.join(', ')})`);
const runs = (part) => only.includes(part);
const settings = quick
  ? {
      rounds: 1,
      sequential: 20,
      concurrentRounds: 1,
      concurrent: 64,
      streamBytes: 2e6,
      streamRounds: 1,
      boxBytes: 8 * 2 ** 20,
      importRuns: 1,
      typecheckRounds: 1,
    }
  : {
      // Many short rounds: the paths of a round run within a second of each other, so a round's ratio
      // sees little drift of the machine, and the median of 40 of them is steady from run to run. A
      // concurrent round needs more requests for a steady figure of its own.
      rounds: 40,
      sequential: 125,
      concurrentRounds: 10,
      concurrent: 1280,
      streamBytes: 200e6,
      streamRounds: 5,
      boxBytes: 2 ** 30,
      importRuns: 7,
      typecheckRounds: 5,
    };
const width = 32;
const goals = {
  // CPU per request against the same read by hand with ky and valibot, one at a time and 32 at a time.
  request: 1.15,
  stream: 0.8,
  // Validation runs valibot alone, no checker of our own beside it: the floor accepted for it is lower.
  streamValidated: 0.5,
  streamRss: 150,
  oneOperation: 15_000,
  wholeClient: 25_000,
  // The scheduler's whole client: its surface is the largest of the four.
  wholeScheduler: 30_000,
  declarationBytes: 250_000,
  // CPU ms of type-checking a file that imports a client, beyond one that imports `node:fs` alone.
  typecheckExtra: 2_000,
};

const rows = [];
const row = (area, subject, ours, anchor, ratio, goal, met) =>
  rows.push({ area, subject, ours, anchor, ratio, goal, met });
const fixed = (value, digits = 0) => value.toFixed(digits);
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const yes = (ok) => (ok ? 'yes' : 'no');
const progress = (text) => process.stderr.write(`bench: ${text}\n`);
const startedAt = new Date();

progress(`${quick ? 'quick mode; ' : ''}generating inputs`);
const events = await eventStreamFile(runs('stream') ? settings.streamBytes : 2e6);
const box = await boxFile(runs('transfer') ? settings.boxBytes : 2 ** 20);
const server = await startServerProcess({ events: events.path, box: box.path, boxSha256: box.sha256 });

/** The request rounds, run in a child process against the server. */
function measureRequests() {
  progress(
    `requests: ${settings.rounds} rounds of ${settings.sequential} sequential, ${settings.concurrentRounds} of ${settings.concurrent} at ${width}`,
  );
  return runChild('requests', { base: server.base, width, ...settings });
}

try {
  const requests = runs('requests') ? await measureRequests() : [];
  for (const r of requests) {
    const ratio = r.ratios.ours;
    row(
      `request, ${r.mode}`,
      `${r.client} ${r.operation}`,
      `${fixed(r.ours)} µs CPU (${fixed(r.ratios.oursToFetch, 2)}× fetch)`,
      `ky + valibot by hand ${fixed(r.kyValibot)} µs (${fixed(r.ratios.kyValibot, 2)}× fetch); fetch+JSON.parse ${fixed(r.fetch)} µs; node:http ${fixed(r.http)} µs (${fixed(r.ratios.http, 2)}× fetch)`,
      `${fixed(ratio, 2)}×`,
      `<= ${goals.request}× ky + valibot`,
      yes(ratio <= goals.request),
    );
    if (r.vault !== undefined) {
      // The secrets service's own Node client, for the same read: ours should cost no more over fetch.
      row(
        `request, ${r.mode}`,
        `${r.client} ${r.operation} against node-vault`,
        `${fixed(r.ratios.oursToFetch, 2)}× fetch`,
        `node-vault ${fixed(r.vault)} µs (${fixed(r.ratios.vault, 2)}× fetch)`,
        `${fixed(r.ratios.oursToFetch / r.ratios.vault, 2)}×`,
        "<= node-vault's ratio to fetch",
        yes(r.ratios.oursToFetch <= r.ratios.vault),
      );
    }
  }

  const streamVariants = [
    'reference',
    'core parseNdjson',
    'streamEvents, validated',
    'streamEvents, validateResponse: false',
  ];
  const streamRuns = new Map(streamVariants.map((v) => [v, []]));
  for (let round = 1; runs('stream') && round <= settings.streamRounds; round++) {
    for (const variant of streamVariants) {
      progress(`event stream ${round}/${settings.streamRounds}: ${variant}`);
      const result = await runChild('stream', {
        base: server.base,
        variant,
        bytes: events.bytes,
        lastIndex: events.lastIndex,
      });
      if (result.events !== events.lastIndex)
        throw new Error(`${variant} read ${result.events} of ${events.lastIndex} events`);
      streamRuns.get(variant).push(result);
    }
  }
  const streamOf = (variant) => {
    const runs = streamRuns.get(variant);
    const of = (key) => median(runs.map((r) => r[key]));
    return { mbPerSecond: of('mbPerSecond'), mbPerCpuSecond: of('mbPerCpuSecond'), peakRss: of('peakRss') };
  };
  const streamCell = (s) =>
    `${fixed(s.mbPerSecond)} MB/s, ${fixed(s.mbPerCpuSecond)} MB per CPU-s, peak RSS ${fixed(s.peakRss)} MB`;
  const reference = streamOf('reference');
  // A round runs the variants one after another: each one's ratio to the reference of its own round,
  // then the median of those, so that drift of the machine between rounds cancels.
  const roundRatio = (variant, key) =>
    median(streamRuns.get(variant).map((r, round) => r[key] / streamRuns.get('reference')[round][key]));
  for (const variant of runs('stream') ? streamVariants.slice(1) : []) {
    const ours = streamOf(variant);
    const ratio = roundRatio(variant, 'mbPerCpuSecond');
    const goal = variant === 'streamEvents, validated' ? goals.streamValidated : goals.stream;
    row(
      `event stream, ${fixed(events.bytes / 1e6)} MB NDJSON`,
      variant,
      streamCell(ours),
      `fetch+split+parse ${streamCell(reference)}`,
      `${fixed(ratio, 2)}× (per CPU-s; ${fixed(roundRatio(variant, 'mbPerSecond'), 2)}× wall)`,
      `>= ${goal}×, RSS <= ${goals.streamRss} MB`,
      yes(ratio >= goal && ours.peakRss <= goals.streamRss),
    );
  }

  if (runs('transfer')) rows.push(...(await transferRows({ base: server.base, box, progress })));
} finally {
  await server.stop();
}

progress(runs('bundles') ? 'bundles' : 'bundles: not in BENCH_ONLY');
const bundles = [];
for (const entry of runs('bundles') ? bundleCases : []) bundles.push(await measureBundle(entry));
const limitClients = runs('bundles') ? ['core', 'secrets', 'scheduler', 'registry', 'mesh'] : [];
const limitFigures = await Promise.all(limitClients.map(sizeLimitFigures));
const limits = new Map(limitClients.map((client, i) => [client, limitFigures[i]]));
const anchors = bundles.filter((b) => b.kind === 'anchor');
const perModule = bundles.filter((b) => b.kind === 'per-module build');
for (const b of bundles.filter((x) => ['one operation', 'whole client', 'one group'].includes(x.kind))) {
  const limit = (limits.get(b.client) ?? []).find((l) => l.name.startsWith(b.kind));
  // A client of one group is held to the whole client's goal: it is the client such a program ships.
  const goal =
    b.kind === 'one operation'
      ? goals.oneOperation
      : b.client === 'scheduler'
        ? goals.wholeScheduler
        : goals.wholeClient;
  const largest = b.packages
    .slice(0, 4)
    .map(([name, bytes]) => `${name.replace('@infra-sdk/', '')} ${fixed((100 * bytes) / b.minified)}%`)
    .join(', ');
  row(
    `bundle, ${b.kind}`,
    `${b.client}: ${b.names}`,
    `${kB(b.brotli)} (min ${kB(b.minified)}; ${largest})`,
    limit ? `size-limit ${kB(limit.size)}` : 'size-limit: none',
    '',
    `<= ${kB(goal)}`,
    yes(b.brotli <= goal),
  );
}
for (const b of perModule) {
  const today = bundles.find((x) => x.client === b.client && x.kind === 'one operation');
  row(
    'bundle, one operation, one module per file',
    `${b.client}: ${b.names} (built from the sources)`,
    `${kB(b.brotli)} (min ${kB(b.minified)})`,
    `today's dist ${kB(today.brotli)}`,
    `${fixed(b.brotli / today.brotli, 2)}×`,
    `<= ${kB(goals.oneOperation)}`,
    yes(b.brotli <= goals.oneOperation),
  );
}
for (const b of anchors)
  row('bundle, anchor', `${b.client}: ${b.names}`, `${kB(b.brotli)} (min ${kB(b.minified)})`, '', '', '', '');

const importMs = (t) => `${fixed(t.cpu, 1)} ms CPU (${fixed(t.wall, 1)} ms wall)`;
const importClients = ['core', 'secrets-client', 'scheduler-client', 'registry-client', 'mesh-client'];
if (runs('import')) progress('cold import');
const importAnchors = runs('import')
  ? `ky ${importMs(coldImport('ky', settings.importRuns))}; valibot ${importMs(coldImport('valibot', settings.importRuns))}`
  : '';
for (const client of runs('import') ? importClients : []) {
  // Node loads a client's bundled build (`node` condition); the modules bundlers take, for comparison.
  const modules = bundlerEntry(`@infra-sdk/${client}`);
  const layout = modules
    ? `; its modules (what bundlers load) ${importMs(coldImport(modules, settings.importRuns))}`
    : '';
  row(
    'cold import',
    `@infra-sdk/${client}`,
    importMs(coldImport(`@infra-sdk/${client}`, settings.importRuns)),
    `${importAnchors}${layout}`,
    '',
    '',
    '',
  );
}

if (runs('declarations')) progress(`declarations: ${settings.typecheckRounds} rounds of type-checks`);
const typecheck = runs('declarations') ? typecheckCosts(settings.typecheckRounds) : undefined;
for (const { name } of runs('declarations') ? declarationPackages : []) {
  const bytes = declarationBytes(name);
  row(
    'declarations',
    `@infra-sdk/${name} dist/index.d.ts, with the chunks it imports`,
    `${kB(bytes.reached)} (index.d.ts alone ${kB(bytes.index)})`,
    '',
    '',
    `<= ${kB(goals.declarationBytes)}`,
    // What loading the entry costs: a split into chunks moves bytes, it does not remove them.
    yes(bytes.reached <= goals.declarationBytes),
  );
}
for (const t of typecheck?.packages ?? []) {
  row(
    'type-check, skipLibCheck off',
    `a file importing @infra-sdk/${t.name}`,
    `${fixed(t.cpu)} ms CPU (${t.extra < 0 ? '' : '+'}${fixed(t.extra)} ms)`,
    `a file importing node:fs ${fixed(typecheck.baseline)} ms CPU`,
    '',
    `<= +${goals.typecheckExtra} ms`,
    // core is not a client: its figure is for information.
    t.name === 'core' ? '' : yes(t.extra <= goals.typecheckExtra),
  );
}

const header = ['area', 'subject', 'ours', 'anchor', 'ratio', 'goal', 'met'];
const cells = rows.map((r) => header.map((h) => String(r[h]).replaceAll('|', '\\|')));
const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
const line = (values) => `| ${values.map((v, i) => v.padEnd(widths[i])).join(' | ')} |`;
const table = [line(header), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
const machine = `${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores), ${fixed(totalmem() / 2 ** 30, 1)} GiB, ${platform()} ${arch()}`;
const context = [
  `Machine: ${machine}`,
  `Node: ${process.version}`,
  `Date: ${startedAt.toISOString()} (took ${fixed((Date.now() - startedAt) / 1000)} s)`,
  `Mode: ${quick ? 'quick (BENCH_QUICK=1: tiny sizes, one round; not for comparison)' : 'full'}${only === parts ? '' : `; only ${only.join(', ')} (BENCH_ONLY)`}`,
  `Requests: CPU time per request of this process (server in another process), median of ${settings.rounds} interleaved rounds of ${settings.sequential} sequential requests / ${settings.concurrentRounds} of ${settings.concurrent} requests ${width} at a time; event stream: median of ${settings.streamRounds} interleaved rounds, one process per run, ratio per CPU second of the reading process (the machine may be shared); every ratio is the median of the rounds' own ratios to their anchor; transfers: one process per run, RSS growth = peak RSS minus RSS after imports; type-checks: CPU of a fresh process's TypeScript program and diagnostics, median of ${settings.typecheckRounds} interleaved rounds.`,
];
const breakdown = bundles
  .filter((b) => b.kind === 'one operation')
  .map(
    (b) =>
      `- ${b.client}: ${b.files
        .slice(0, 8)
        .map((f) => `${f.path} ${fixed(f.bytes / 1000, 1)} kB`)
        .join(', ')}`,
  )
  .join('\n');
console.log(`\n${context.join('\n')}\n\n${table}\n`);
// A quick run checks the harness; its figures never replace those of a full run.
const resultsFile = quick
  ? new URL('./.work/RESULTS-quick.md', import.meta.url)
  : only !== parts
    ? new URL('./.work/RESULTS-only.md', import.meta.url)
    : new URL('./RESULTS.md', import.meta.url);
writeFileSync(
  resultsFile,
  `# Benchmark results\n\nWritten by \`npm run bench\` (see README.md for what each figure means).\n\n${context.map((c) => `- ${c}`).join('\n')}\n\n${table}\n\n## Largest inputs of the one-operation bundles (minified bytes)\n\n${breakdown}\n`,
);
