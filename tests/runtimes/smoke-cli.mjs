// Entry for Node, Bun and Deno: reads the fakes' addresses from the first argument, prints the results
// as one JSON line.
import { runSmoke } from './smoke.mjs';

const targets = JSON.parse(globalThis.Deno ? globalThis.Deno.args[0] : globalThis.process.argv[2]);
const results = await runSmoke(targets);
console.log(JSON.stringify(results));
