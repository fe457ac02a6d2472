// Runs compiled code blocks in one Node process (run-host.mjs) started in the blocks' work folder, with
// a few blocks at a time in its worker threads, rather than a process per block. Each block still runs
// alone in a fresh module graph, against fakes of its own, within its time limit (run-worker.mjs).
import { fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const here = import.meta.dirname;

/**
 * A pool for the blocks compiled into `dir` (which holds fakes.mjs and a node_modules), run with `env`.
 * `run(file, timeoutMs)` resolves to `{ code, output }` (`code` null when the block was stopped at its
 * limit, with `stoppedAfter`); `close()` ends the process. The process starts with the first run.
 */
export function startRunPool({ dir, env, size = Math.min(2, availableParallelism()) }) {
  let host;
  let hostErrors = '';
  let ended;
  let next = 0;
  const pending = new Map();

  const start = () => {
    host = fork(join(here, 'run-host.mjs'), [String(size)], {
      cwd: dir,
      env,
      execArgv: [],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    host.stderr.on('data', (chunk) => {
      hostErrors += chunk;
    });
    host.on('message', (message) => {
      pending.get(message.id)?.resolve(message);
      pending.delete(message.id);
      if (pending.size === 0) unref();
    });
    ended = new Promise((resolve) => {
      host.on('exit', (code, signal) => {
        for (const { reject } of pending.values())
          reject(new Error(`the run host ended (${signal ?? code}) with blocks running\n${hostErrors}`));
        pending.clear();
        host = undefined;
        resolve();
      });
    });
  };
  // While no block runs, the host does not keep the caller alive.
  const unref = () => {
    host?.unref();
    host?.channel?.unref();
    host?.stderr.unref?.();
  };
  const ref = () => {
    host.ref();
    host.channel?.ref();
    host.stderr.ref?.();
  };

  return {
    run(file, timeoutMs) {
      if (host === undefined) start();
      ref();
      const id = next;
      next += 1;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        host.send({ id, file, timeoutMs });
      });
    },
    async close() {
      if (host === undefined) return;
      ref();
      host.disconnect();
      await ended;
    },
  };
}
