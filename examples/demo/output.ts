// What the demo prints: a section per scenario, numbered steps with their facts and a check mark, a
// progress bar for long transfers, and a closing summary. Colour only on a terminal, never with NO_COLOR.
import { ApiError, RequestValidationError } from '@infra-sdk/core';

const stdout = process.stdout;
const colour = stdout.isTTY === true && !process.env.NO_COLOR;

function paint(code: number, text: string): string {
  return colour ? `\x1b[${code}m${text}\x1b[0m` : text;
}

export const bold = (text: string): string => paint(1, text);
export const dim = (text: string): string => paint(2, text);
export const green = (text: string): string => paint(32, text);
export const red = (text: string): string => paint(31, text);
export const yellow = (text: string): string => paint(33, text);
export const cyan = (text: string): string => paint(36, text);

export function print(line = ''): void {
  stdout.write(`${line}\n`);
}

/** `1.2 s`, `85 ms`. */
export function formatElapsed(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** `50.0 MiB`, `512 KiB`, `12 B`. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KiB`;
  return `${bytes} B`;
}

/** The first characters of a secret, enough to tell two apart, never enough to use it. */
export function masked(secret: string | undefined, shown = 4): string {
  if (!secret) return '(none)';
  return `${secret.slice(0, shown)}${'•'.repeat(6)} (${secret.length} chars)`;
}

/** The first 8 characters of an id, as the services' own tools print them. */
export function short(id: string | undefined): string {
  return (id ?? '').slice(0, 8);
}

/** A readable account of any error, with what the SDK's error classes know beyond the message. */
export function describeError(error: unknown): string[] {
  if (!(error instanceof Error)) return [String(error)];
  const lines = [`${error.name}: ${error.message}`];
  if (RequestValidationError.isInstance(error)) {
    for (const issue of error.issues) lines.push(`  ${issue.path || '(input)'}: ${issue.message}`);
  } else if (ApiError.isInstance(error) && error.requestId) {
    lines.push(`  request id: ${error.requestId}`);
  }
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error) lines.push(`  cause: ${cause.name}: ${cause.message}`);
  return lines;
}

/** Thrown by a step's own checks: what the demo expected and did not see. */
export class CheckFailed extends Error {
  override readonly name = 'CheckFailed';
}

/** Fails the step with `message` unless `condition` holds. */
export function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

/** Where a scenario runs: a fake started by the demo, or a service named by the environment. */
export interface Target {
  readonly kind: 'fake' | 'real';
  readonly url: string;
  /** The variable that switches to a real service, named in the output of a fake run. */
  readonly addressVariable: string;
}

/** How one scenario ended, for the summary. */
export interface SectionResult {
  readonly name: string;
  readonly target: Target | undefined;
  readonly steps: number;
  readonly elapsedMs: number;
  /** Set when a step failed. */
  readonly failure?: { readonly step: string; readonly error: unknown };
}

/** Lines a step prints while it runs. */
export interface StepLog {
  /** A fact the step learned: an id, a status, an index, a checksum. */
  info(text: string): void;
  /** Something worth knowing that is not a failure. */
  note(text: string): void;
  /** A live bar for a transfer of `total` bytes. */
  progress(label: string, total: number): ProgressBar;
}

/** One scenario's part of the output. */
export class Section {
  readonly name: string;
  #target: Target | undefined;
  #steps = 0;
  #started = performance.now();
  #failure: { step: string; error: unknown } | undefined;

  constructor(name: string, title: string, index: number, count: number) {
    this.name = name;
    print();
    print(bold(cyan(`━━ ${index}/${count} ${title} ${'━'.repeat(Math.max(4, 70 - title.length))}`)));
  }

  /** Says which service the scenario talks to. */
  target(target: Target, description: string): void {
    this.#target = target;
    if (target.kind === 'fake') {
      print(`   ${description}: ${bold('fake')} at ${target.url}`);
      print(dim(`   (started by the demo in this process; set ${target.addressVariable} to use a real one)`));
    } else {
      print(
        `   ${description}: ${bold('real')} service at ${target.url} ${dim(`(from ${target.addressVariable})`)}`,
      );
    }
  }

  /** Runs one numbered step: prints its title, its facts, then a check mark or the error. */
  async step<T>(title: string, run: (log: StepLog) => Promise<T>): Promise<T> {
    this.#steps += 1;
    const number = this.#steps;
    const started = performance.now();
    print();
    print(`  ${bold(`${number}.`)} ${title}`);
    const log: StepLog = {
      info: (text) => print(`     ${dim('·')} ${text}`),
      note: (text) => print(`     ${yellow('!')} ${text}`),
      progress: (label, total) => new ProgressBar(label, total),
    };
    try {
      const result = await run(log);
      print(`     ${green('✓')} ${dim(`done in ${formatElapsed(performance.now() - started)}`)}`);
      return result;
    } catch (error) {
      print(`     ${red('✗')} ${red(`failed after ${formatElapsed(performance.now() - started)}`)}`);
      for (const line of describeError(error)) print(`       ${red(line)}`);
      this.#failure ??= { step: `${number}. ${title}`, error };
      throw error;
    }
  }

  /** Records a failure outside any step (a fake that did not start, a missing variable). */
  fail(error: unknown): void {
    if (this.#failure) return;
    print(`  ${red('✗')} ${red('could not run this scenario:')}`);
    for (const line of describeError(error)) print(`       ${red(line)}`);
    this.#failure = { step: 'set-up', error };
  }

  result(): SectionResult {
    const base = {
      name: this.name,
      target: this.#target,
      steps: this.#steps,
      elapsedMs: performance.now() - this.#started,
    };
    return this.#failure ? { ...base, failure: this.#failure } : base;
  }
}

/**
 * A transfer's progress: redrawn in place on a terminal (at most every 100 ms), one line per tenth
 * otherwise, so logs of a CI run stay short.
 */
export class ProgressBar {
  readonly #label: string;
  readonly #total: number;
  readonly #started = performance.now();
  #lastDraw = 0;
  #lastTenth = 0;
  #finished = false;

  constructor(label: string, total: number) {
    this.#label = label;
    this.#total = Math.max(total, 1);
  }

  update(loaded: number): void {
    if (this.#finished) return;
    const now = performance.now();
    if (stdout.isTTY) {
      if (now - this.#lastDraw < 100 && loaded < this.#total) return;
      this.#lastDraw = now;
      stdout.write(`\r\x1b[2K${this.#line(loaded, now)}`);
    } else {
      const tenth = Math.floor((loaded / this.#total) * 10);
      if (tenth === this.#lastTenth) return;
      this.#lastTenth = tenth;
      print(this.#line(loaded, now));
    }
  }

  /** Draws the final state and moves to the next line; returns the elapsed milliseconds. */
  finish(loaded: number): number {
    const now = performance.now();
    if (!this.#finished) {
      if (stdout.isTTY) stdout.write(`\r\x1b[2K${this.#line(loaded, now)}\n`);
      else if (Math.floor((loaded / this.#total) * 10) !== this.#lastTenth) print(this.#line(loaded, now));
      this.#finished = true;
    }
    return now - this.#started;
  }

  #line(loaded: number, now: number): string {
    const width = 30;
    const share = Math.min(loaded / this.#total, 1);
    const filled = Math.round(share * width);
    const bar = `${green('█'.repeat(filled))}${dim('░'.repeat(width - filled))}`;
    const seconds = (now - this.#started) / 1000;
    const rate = seconds > 0 ? `${formatBytes(loaded / seconds)}/s` : '';
    const percent = `${Math.floor(share * 100)}%`.padStart(4);
    return `     ${this.#label} ${bar} ${percent} ${formatBytes(loaded)} of ${formatBytes(this.#total)} ${dim(rate)}`;
  }
}

/** Prints the closing table; returns whether every step of every scenario succeeded. */
export function printSummary(results: readonly SectionResult[], elapsedMs: number): boolean {
  print();
  print(bold(`━━ Summary ${'━'.repeat(66)}`));
  let steps = 0;
  for (const result of results) {
    steps += result.steps;
    const where = result.target ? `${result.target.kind} ${result.target.url}` : 'not started';
    const mark = result.failure ? red('✗') : green('✓');
    const counted = `${result.steps} step${result.steps === 1 ? '' : 's'}`;
    print(
      `  ${mark} ${result.name.padEnd(10)} ${counted.padEnd(9)} ${formatElapsed(result.elapsedMs).padStart(7)}  ${dim(where)}`,
    );
    if (result.failure) {
      print(`      ${red(`failed at step ${result.failure.step}:`)}`);
      for (const line of describeError(result.failure.error)) print(`        ${red(line)}`);
    }
  }
  const failed = results.filter((result) => result.failure !== undefined);
  print();
  if (failed.length === 0) {
    print(green(bold(`All ${steps} steps succeeded in ${formatElapsed(elapsedMs)}.`)));
  } else {
    print(red(bold(`${failed.length} of ${results.length} scenarios failed (see above); exit status 1.`)));
  }
  return failed.length === 0;
}
