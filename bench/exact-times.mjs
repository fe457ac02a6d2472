// `node bench/exact-times.mjs`: what keeping every digit of the scheduler's nanosecond times costs a
// parse of the documented allocation (six times of 19 digits), in µs per parse, median of 9 rounds:
// `JSON.parse` alone (which rounds the times), the client's parse, which reads each time's digits off
// the text, and the same body with one time's key written with an escape (`"\u0043reateTime"`), which
// the client parses a second time, with a reviver, to be sure of the digits. Run after a build: it
// imports the client's built modules, whose schemas and time walk are one module graph.
import { AllocationSchema } from '../packages/scheduler-client/dist/schemas.js';
import { parseWithTimes, timeFields } from '../packages/scheduler-client/dist/time-fields.js';
import { loadFixture } from './lib/fixtures.mjs';
import { median } from './lib/stats.mjs';

const text = loadFixture('scheduler-read-allocation.json').text;
const escaped = text.replace('"CreateTime"', '"\\u0043reateTime"');
const fields = timeFields(AllocationSchema);
const CALLS = 5_000;

const variants = {
  'JSON.parse': () => JSON.parse(text),
  'exact times, read off the text': () => parseWithTimes(text, fields),
  'exact times, a key escaped (second parse)': () => parseWithTimes(escaped, fields),
};
const exact = parseWithTimes(text, fields);
if (String(exact.CreateTime) !== /"CreateTime": (\d+)/.exec(text)[1]) throw new Error('a time lost digits');

const samples = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
for (let round = 0; round < 10; round++) {
  for (const [name, parse] of Object.entries(variants)) {
    const started = performance.now();
    for (let call = 0; call < CALLS; call++) parse();
    // The first round warms the compiler up and is not counted.
    if (round > 0) samples[name].push(((performance.now() - started) * 1000) / CALLS);
  }
}
console.log(`the documented allocation, ${text.length} bytes:`);
for (const [name, values] of Object.entries(samples))
  console.log(`${median(values).toFixed(1).padStart(7)} µs  ${name}`);
