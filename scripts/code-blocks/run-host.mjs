// The process code blocks run in, started by run-pool.mjs in the blocks' work folder (what a block
// writes lands there) with their environment. It keeps a few worker threads (run-worker.mjs) and gives
// each free one the next block: `{ id, file, timeoutMs }` in, `{ id, code, output }` or
// `{ id, code: null, output, stoppedAfter }` out, per block, over the IPC channel.
//
// A worker serves `BLOCKS_PER_WORKER` blocks at most (each block's module graph stays loaded) and none
// after one that failed or ran past its time limit: it is ended with whatever that block left running,
// and the next block gets a new worker.
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const BLOCKS_PER_WORKER = 25;
const size = Math.max(1, Number(process.argv[2]) || 1);
const fakesUrl = pathToFileURL(`${process.cwd()}/fakes.mjs`).href;

const queue = [];
const free = [];
let started = 0;

process.on('message', (message) => {
  queue.push(message);
  dispatch();
});
process.on('disconnect', () => process.exit(0));

function dispatch() {
  while (queue.length > 0) {
    let slot = free.pop();
    while (slot?.retired) slot = free.pop();
    if (slot === undefined) {
      if (started >= size) return;
      slot = startWorker();
    }
    runOn(slot, queue.shift());
  }
}

function startWorker() {
  started += 1;
  const slot = {
    worker: new Worker(new URL('./run-worker.mjs', import.meta.url)),
    served: 0,
    job: undefined,
    retired: false,
  };
  slot.worker.on('message', (message) => {
    if (message.type === 'output') slot.job?.output.push(message.text);
    else if (message.type === 'result') finish(slot, message.code);
  });
  slot.worker.on('error', (error) => slot.job?.output.push(`${error?.stack ?? error}\n`));
  slot.worker.on('exit', (code) => {
    // A block that called process.exit() ends its worker; so does an error with no block running.
    retire(slot);
    if (slot.job !== undefined) finish(slot, code);
  });
  return slot;
}

function runOn(slot, { id, file, timeoutMs }) {
  slot.served += 1;
  slot.job = {
    id,
    output: [],
    timer: setTimeout(() => stop(slot, timeoutMs), timeoutMs),
  };
  slot.worker.postMessage({ blockUrl: pathToFileURL(file).href, fakesUrl });
}

function stop(slot, timeoutMs) {
  const { job } = slot;
  slot.job = undefined;
  process.send({ id: job.id, code: null, output: job.output.join(''), stoppedAfter: timeoutMs });
  retire(slot);
  dispatch();
}

function finish(slot, code) {
  const { job } = slot;
  // A result can still arrive from a worker being ended at its block's time limit.
  if (job === undefined) return;
  slot.job = undefined;
  clearTimeout(job.timer);
  process.send({ id: job.id, code, output: job.output.join('') });
  if (code !== 0 || slot.served >= BLOCKS_PER_WORKER) retire(slot);
  else if (!slot.retired) free.push(slot);
  dispatch();
}

function retire(slot) {
  if (slot.retired) return;
  slot.retired = true;
  started -= 1;
  void slot.worker.terminate();
}
