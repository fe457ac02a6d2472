// The log files of the fake's tasks: `alloc/logs/<task>.stdout.0` and `.stderr.0`. A running task
// writes `<task>: started` to stdout when it starts and `<task>: tick <n>` every `lineMs` of the fake's
// clock until it stops (`<task>: stopped`); tests add their own lines with `writeTaskLog`. Lines due
// are written when a file is read, so the fake keeps no timer of its own for them.

/** Which of a task's two log files. */
export type LogType = 'stdout' | 'stderr';

interface Writer {
  readonly task: string;
  readonly startedAt: number;
  /** Lines written so far: the start line is 0, tick n is n. */
  written: number;
  stoppedAt: number | undefined;
}

/** The log files of every task of every allocation, and who waits for them to grow. */
export class TaskLogs {
  readonly #lineMs: number;
  readonly #files = new Map<string, Buffer[]>();
  readonly #writers = new Map<string, Writer[]>();
  #waiters = new Set<() => void>();

  constructor(lineMs: number) {
    this.#lineMs = lineMs;
  }

  /** The allocation's tasks start writing at `at`. */
  started(allocId: string, tasks: readonly string[], at: number): void {
    const writers = tasks.map((task) => ({ task, startedAt: at, written: -1, stoppedAt: undefined }));
    this.#writers.set(allocId, writers);
    this.catchUp(allocId, at);
    this.#wake();
  }

  /** The allocation's tasks stop at `at`: the lines due until then are written, then the last one. */
  stopped(allocId: string, at: number): void {
    this.catchUp(allocId, at);
    for (const writer of this.#writers.get(allocId) ?? []) {
      if (writer.stoppedAt !== undefined) continue;
      writer.stoppedAt = at;
      this.#append(fileKey(allocId, writer.task, 'stdout'), `${writer.task}: stopped\n`);
    }
    this.#wake();
  }

  /** Writes the lines due by `now`. */
  catchUp(allocId: string, now: number): void {
    for (const writer of this.#writers.get(allocId) ?? []) {
      const until = Math.min(now, writer.stoppedAt ?? now);
      const due = this.#lineMs > 0 ? Math.floor((until - writer.startedAt) / this.#lineMs) : 0;
      while (writer.written < due) {
        writer.written += 1;
        const line = writer.written === 0 ? 'started' : `tick ${writer.written}`;
        this.#append(fileKey(allocId, writer.task, 'stdout'), `${writer.task}: ${line}\n`);
      }
    }
  }

  /** When the next simulated line of the allocation is due, if any. */
  nextDue(allocId: string): number | undefined {
    let soonest: number | undefined;
    for (const writer of this.#writers.get(allocId) ?? []) {
      if (writer.stoppedAt !== undefined || this.#lineMs <= 0) continue;
      const at = writer.startedAt + (writer.written + 1) * this.#lineMs;
      soonest = soonest === undefined ? at : Math.min(soonest, at);
    }
    return soonest;
  }

  /** Appends text a test writes to a task's log. */
  write(allocId: string, task: string, type: LogType, text: string): void {
    this.#append(fileKey(allocId, task, type), text);
    this.#wake();
  }

  /** The bytes of a log file from `from` on, and its size. */
  read(allocId: string, task: string, type: LogType, from = 0): { bytes: Buffer; size: number } {
    const key = fileKey(allocId, task, type);
    const whole = Buffer.concat(this.#files.get(key) ?? []);
    return { bytes: whole.subarray(Math.min(from, whole.length)), size: whole.length };
  }

  /** The lines a task has written so far past its start line (its ticks): what its progress file counts. */
  ticks(allocId: string, task: string): number {
    const writer = this.#writers.get(allocId)?.find((candidate) => candidate.task === task);
    return writer === undefined ? 0 : Math.max(0, writer.written);
  }

  /** When the task started, by the fake's clock; undefined before it did. */
  startedAt(allocId: string, task: string): number | undefined {
    return this.#writers.get(allocId)?.find((candidate) => candidate.task === task)?.startedAt;
  }

  /** Tells the waiters that something they read changed (a file a test wrote). */
  changed(): void {
    this.#wake();
  }

  /** Calls `wake` once, the next time a file grows or an allocation stops; returns the unsubscribe. */
  onChange(wake: () => void): () => void {
    this.#waiters.add(wake);
    return () => this.#waiters.delete(wake);
  }

  #append(key: string, text: string): void {
    const chunk = Buffer.from(text, 'utf8');
    const parts = this.#files.get(key);
    if (parts === undefined) this.#files.set(key, [chunk]);
    else parts.push(chunk);
  }

  #wake(): void {
    const waiters = this.#waiters;
    this.#waiters = new Set();
    for (const wake of waiters) wake();
  }
}

function fileKey(allocId: string, task: string, type: LogType): string {
  return `${allocId}\u0000${task}\u0000${type}`;
}

/** The path of a task's log file inside the allocation directory, as frames name it. */
export function logFileName(task: string, type: LogType): string {
  return `alloc/logs/${task}.${type}.0`;
}
