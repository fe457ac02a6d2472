// The registry fake (`@infra-sdk/registry-client/testing`) in a process of its own, storing uploads in a
// temporary folder, so that the memory it uses for a large upload can be measured apart from the client.
// Asked with the message 'memory', it answers with its RSS after start and its peak RSS so far, in MB.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { peakRssMb } from './stats.mjs';

/** Who uploads and where, in the fake the bench starts. */
export const fakeSeed = {
  token: 'bench-fake-token',
  tag: 'myuser/test',
  version: '1.2.3',
  provider: 'virtualbox',
};

/** Starts the fake in a child process; resolves with its address, `memory()` and `stop()`. */
export function startFakeProcess() {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['serve'], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const exited = (code) => reject(new Error(`the registry fake exited with ${code}`));
    child.once('error', reject);
    child.once('exit', exited);
    child.once('message', ({ url }) =>
      resolve({
        url,
        memory: () =>
          new Promise((answer) => {
            child.once('message', answer);
            child.send('memory');
          }),
        stop: () =>
          new Promise((done) => {
            child.off('exit', exited);
            child.once('exit', done);
            child.disconnect();
          }),
      }),
    );
  });
}

if (process.send && process.argv[2] === 'serve') {
  const { startFakeRegistry } = await import('@infra-sdk/registry-client/testing');
  const [username] = fakeSeed.tag.split('/');
  const fake = await startFakeRegistry({
    storage: 'temp-folder',
    users: [{ username, password: 'bench-password' }],
    tokens: { [fakeSeed.token]: username },
    boxes: [
      {
        tag: fakeSeed.tag,
        versions: [{ version: fakeSeed.version, providers: [{ name: fakeSeed.provider }] }],
      },
    ],
  });
  const baseline = process.memoryUsage().rss / 1e6;
  process.on('message', (message) => {
    if (message === 'memory') process.send({ baseline, peakRss: peakRssMb() });
  });
  process.on('disconnect', () => {
    fake.close().then(() => process.exit(0));
  });
  process.send({ url: fake.url });
}
