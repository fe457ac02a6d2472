// A worker thread of the run host (run-host.mjs). It runs the blocks it is given one at a time, each as
// if in a Node process of its own, without starting one:
// - a module graph of its own: every file the block and fakes.mjs import is loaded anew, tagged with the
//   block's number, so the packages' module state and the fakes are fresh and fetch is routed by this
//   block's fakes.mjs (CommonJS modules the graph loaded are dropped from the require cache after it);
// - its output is its own (stdout and stderr go to the host, which holds the block's);
// - it fails as its process would: its code throws or rejects, a rejection goes unhandled or an
//   exception uncaught at any time, its top-level await never settles, or its exit code is not 0;
// - it ends as its process would: when the thread's event loop empties; the fakes it started are closed
//   once its code settled, timers it left unreferenced are cleared, and what it changed of the thread
//   (globals, environment variables, process listeners, exit code) is put back.
// After a failure the host ends the worker with whatever the block left running; it also ends a block
// that runs past its time limit.
import { createRequire, registerHooks } from 'node:module';
import { inspect, promisify } from 'node:util';
import { parentPort } from 'node:worker_threads';

const TAG = 'code-block';

// Where a specifier leads from a file, whatever the block: resolved once per worker, then tagged.
const resolvedUntagged = new Map();

registerHooks({
  resolve(specifier, context, nextResolve) {
    const tag = context.parentURL?.includes(TAG) ? new URL(context.parentURL).searchParams.get(TAG) : null;
    if (tag === null) return nextResolve(specifier, context);
    const parent = new URL(context.parentURL);
    parent.searchParams.delete(TAG);
    const key = `${specifier}\0${parent.href}\0${context.conditions?.join(',')}\0${JSON.stringify(context.importAttributes)}`;
    let resolved = resolvedUntagged.get(key);
    if (resolved === undefined) {
      resolved = nextResolve(specifier, { ...context, parentURL: parent.href });
      resolvedUntagged.set(key, resolved);
    }
    // Not resolved again: the rest of the chain is skipped on purpose.
    if (!resolved.url.startsWith('file:')) return { ...resolved, shortCircuit: true };
    const url = new URL(resolved.url);
    url.searchParams.set(TAG, tag);
    return { ...resolved, url: url.href, shortCircuit: true };
  },
});

const requireCache = createRequire(import.meta.url).cache;

for (const stream of [process.stdout, process.stderr]) {
  stream.write = (chunk, encoding, callback) => {
    const text =
      typeof chunk === 'string'
        ? chunk
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString();
    parentPort.postMessage({ type: 'output', text });
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') process.nextTick(done);
    return true;
  };
}

// The block running now, if any. An error with no block running ends the worker.
let running;
const failRunning = (error) => {
  if (running === undefined) throw error;
  running.fail(error);
};
process.on('uncaughtException', failRunning);
process.on('unhandledRejection', failRunning);
// While a block runs, the worker's port to the host is unreferenced, so the thread's event loop empties
// exactly when a process running the block would exit.
process.on('beforeExit', () => running?.loopEmptied());

let blocksRun = 0;

parentPort.on('message', (job) => {
  parentPort.unref();
  running = startBlock(job);
});

/** Starts a block; what it returns ends it, as failed or once nothing it started is left running. */
function startBlock({ blockUrl, fakesUrl }) {
  blocksRun += 1;
  const tag = `?${TAG}=${blocksRun}`;
  const restore = snapshotThread();
  const timers = trackTimers();
  let fakes;
  let settled = false;
  let fakesClosed = false;
  const end = (code) => {
    running = undefined;
    if (code === 0) {
      timers.clear();
      restore();
    }
    parentPort.postMessage({ type: 'result', code });
    // After a failure the host ends this worker; otherwise it waits for the next block.
    if (code === 0) parentPort.ref();
  };
  const block = {
    fail(error) {
      if (running !== block) return;
      // Node prints an uncaught error this way before it exits with 1.
      process.stderr.write(`${inspect(error)}\n`);
      end(1);
    },
    loopEmptied() {
      if (!settled) {
        process.stderr.write(`Warning: Detected unsettled top-level await at ${blockUrl}\n`);
        end(13);
      } else if (fakesClosed) {
        end(Number(process.exitCode ?? 0));
      }
    },
  };
  (async () => {
    fakes = await import(`${fakesUrl}${tag}`);
    await import(`${blockUrl}${tag}`);
  })().then(
    async () => {
      settled = true;
      // The block's code is done: the fakes it started are closed now, whatever they would keep open.
      // The port keeps the loop alive meanwhile, so that what the block left running can then end it.
      parentPort.ref();
      await fakes.closeFakes();
      fakesClosed = true;
      parentPort.unref();
    },
    (error) => block.fail(error),
  );
  return block;
}

/**
 * Records the timers the block sets through the globals, to clear those still pending when it ends:
 * only unreferenced ones can be (a referenced one keeps the block running), and a process would end
 * without running them.
 */
function trackTimers() {
  const set = new Set();
  const track = (original) => {
    const wrapper = (...args) => {
      const timer = original(...args);
      set.add(timer);
      return timer;
    };
    // `promisify(setTimeout)` keeps working (timers/promises' timers are not tracked).
    wrapper[promisify.custom] = original[promisify.custom];
    return wrapper;
  };
  globalThis.setTimeout = track(globalThis.setTimeout);
  globalThis.setInterval = track(globalThis.setInterval);
  return {
    clear() {
      for (const timer of set) clearTimeout(timer);
    },
  };
}

/** What a block may change of the thread, and a function that puts it back. */
function snapshotThread() {
  const globals = new Map(
    Reflect.ownKeys(globalThis).map((key) => [key, Object.getOwnPropertyDescriptor(globalThis, key)]),
  );
  const environment = { ...process.env };
  const listeners = new Map(process.eventNames().map((name) => [name, process.listeners(name)]));
  const modules = new Set(Object.keys(requireCache));
  return () => {
    for (const key of Reflect.ownKeys(globalThis)) {
      const before = globals.get(key);
      const now = Object.getOwnPropertyDescriptor(globalThis, key);
      if (before === undefined) {
        if (now.configurable) delete globalThis[key];
      } else if (now.configurable && !sameDescriptor(before, now)) {
        Object.defineProperty(globalThis, key, before);
      }
    }
    for (const [key, descriptor] of globals) {
      if (!Reflect.getOwnPropertyDescriptor(globalThis, key))
        Object.defineProperty(globalThis, key, descriptor);
    }
    for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
    Object.assign(process.env, environment);
    for (const name of process.eventNames()) {
      const kept = listeners.get(name) ?? [];
      for (const listener of process.listeners(name)) {
        if (!kept.includes(listener)) process.removeListener(name, listener);
      }
    }
    for (const name of Object.keys(requireCache)) if (!modules.has(name)) delete requireCache[name];
    process.exitCode = undefined;
  };
}

function sameDescriptor(a, b) {
  return a.value === b.value && a.get === b.get && a.set === b.set && a.writable === b.writable;
}
