// Fixtures are the services' documented samples, each file naming its source (see fixtures/).
import { readFileSync } from 'node:fs';

const cache = new Map();

/** A fixture file: `{ source, note?, headers?, body }`. */
export function loadFixture(name) {
  let fixture = cache.get(name);
  if (!fixture) {
    fixture = JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8'));
    cache.set(name, fixture);
  }
  return fixture;
}
