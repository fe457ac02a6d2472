// Each measurement that needs a clean process (CPU time, peak RSS) runs in a child of its own.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('..', import.meta.url));

/**
 * Runs `cases/<name>.mjs` in a fresh Node process with `input` (and `env` added to this process's
 * environment); resolves with the one message it sends.
 */
export function runChild(name, input, execArgv = [], env = {}) {
  return new Promise((resolve, reject) => {
    const child = fork(
      fileURLToPath(new URL(`../cases/${name}.mjs`, import.meta.url)),
      [JSON.stringify(input)],
      {
        cwd: here,
        execArgv,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
    let result;
    child.on('message', (message) => {
      result = message;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0 && result !== undefined) resolve(result);
      else reject(new Error(`bench case ${name} ${JSON.stringify(input)} exited with ${code}`));
    });
  });
}

/** Starts the loopback server in its own process; it stops when this process disconnects or exits. */
export function startServerProcess(files) {
  return new Promise((resolve, reject) => {
    const child = fork(
      fileURLToPath(new URL('./server.mjs', import.meta.url)),
      ['serve', JSON.stringify(files)],
      {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
    child.once('message', ({ base }) =>
      resolve({
        base,
        stop: () =>
          new Promise((done) => {
            child.once('exit', done);
            child.disconnect();
          }),
      }),
    );
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the bench server exited with ${code}`)));
  });
}

/** The input a case was started with. */
export function caseInput() {
  return JSON.parse(process.argv[2] ?? '{}');
}

/** Sends a case's result to the parent and lets the process end. */
export function report(result) {
  process.send?.(result, () => process.disconnect?.());
}
