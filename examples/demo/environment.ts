// The environment variables of the demo. A scenario runs against a real service when its `*_ADDR` is
// set, and against a fake started in this process otherwise; every variable is listed in README.md.
import type { Target } from './output.ts';

/** A variable's value, or undefined when it is unset or blank. */
export function env(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/** Thrown when a real service is chosen but something the scenario needs is not given. */
export class MissingSetting extends Error {
  override readonly name = 'MissingSetting';
}

/** A variable a scenario cannot do without against a real service. */
export function required(name: string, purpose: string): string {
  const value = env(name);
  if (value === undefined) throw new MissingSetting(`set ${name}: ${purpose}`);
  return value;
}

/** The real service named by `addressVariable`, or undefined to use a fake. */
export function realTarget(addressVariable: string): Target | undefined {
  const url = env(addressVariable);
  // Only printed: the clients themselves refuse an address with credentials in it.
  return url === undefined
    ? undefined
    : { kind: 'real', url: url.replace(/\/\/[^/@]*@/, '//[redacted]@'), addressVariable };
}

/** A target for a fake listening at `url`. */
export function fakeTarget(addressVariable: string, url: string): Target {
  return { kind: 'fake', url, addressVariable };
}

/** Size of the registry's generated asset: `DEMO_ASSET_MB` mebibytes, 50 by default. */
export function assetBytes(): number {
  const text = env('DEMO_ASSET_MB') ?? '50';
  const megabytes = Number(text);
  if (!Number.isFinite(megabytes) || megabytes <= 0 || megabytes > 10_240) {
    throw new MissingSetting(`DEMO_ASSET_MB must be a number of MiB above 0 and at most 10240, not ${text}`);
  }
  return Math.round(megabytes * 1024 * 1024);
}

/**
 * Names of what the demo creates. Against a fake they are fixed, so the output reads the same every
 * time; against a real service they get a suffix of this run, so they never collide with earlier runs.
 */
export function nameFor(base: string, target: Target): string {
  return target.kind === 'fake' ? base : `${base}-${runSuffix}`;
}

const runSuffix = Date.now().toString(36);

/** How long a wait may take: fakes answer at once, real services need time to schedule and sync. */
export function patience(target: Target, fakeMs: number, realMs: number): number {
  return target.kind === 'fake' ? fakeMs : realMs;
}
