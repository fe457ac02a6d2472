// A test that leaves a server listening, a connection open or a timer pending keeps its process alive
// after the suite, and slows or breaks the tests after it. This compares what holds the event loop
// (`process.getActiveResourcesInfo()`: referenced handles only, so an `unref`-ed server a kit forgets
// on purpose does not count) before and after each test. Timers are told apart one by one instead:
// the runner starts and ends timers of its own while a test runs, so their number says nothing; each
// timer created while the check is armed is kept with where it was created. No vitest import: the
// caller passes its hooks, so this file type-checks from any package's tests.
import { createHook } from 'node:async_hooks';

/** How many of each kind of resource hold the event loop, by the names Node gives them. */
export type ResourceCounts = ReadonlyMap<string, number>;

/**
 * Kinds the test runner itself holds and changes during a test (its channel to the main process, the
 * terminal), and requests that finish by themselves (file system calls, DNS look-ups in progress).
 */
const RUNNER_KINDS: ReadonlySet<string> = new Set([
  'PipeWrap',
  'TTYWrap',
  'MessagePort',
  'FSReqCallback',
  'FSReqPromise',
  'FileHandle',
  'GetAddrInfoReqWrap',
  'Immediate',
  // Counted one by one below.
  'Timeout',
]);

/** The parts of Node's `Timeout` object this reads. */
interface TimerState {
  readonly _destroyed?: boolean;
  hasRef?(): boolean;
}

/**
 * Timers created since `armTimers()`, and an error holding the stack that created each. Both held
 * weakly: a pending timer is held by Node's timer list anyway, while holding a finished one (or the
 * unformatted stack of its creation, which refers to the frames' objects) would keep alive what it
 * refers to, and hide from the tests what the garbage collector does in use.
 */
let timers: Set<WeakRef<TimerState>> | undefined;
const creations = new WeakMap<TimerState, Error>();
let hooked = false;

/** A frame of Node's own code, of the hook that noted the timer, or of this check (its short waits). */
const OWN_FRAME = /\(node:|AsyncHook\.init|[\\/]test-support[\\/]open-handles\.ts/;

/** A frame of the runner's own code: its timers (task updates, hook time-outs) are its business. */
const RUNNER_FRAME =
  /[\\/]node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(?:vitest|@vitest|tinypool|birpc)[\\/]/;

/** Starts noting each timer created from now on (and forgets those noted before). */
export function armTimers(): void {
  timers = new Set();
  if (hooked) return;
  hooked = true;
  createHook({
    init(_id, type, _trigger, resource) {
      if (type === 'Timeout' && timers !== undefined) {
        // Node's own frames come first; keep enough to reach the code that asked for the timer.
        const limit = Error.stackTraceLimit;
        Error.stackTraceLimit = 25;
        // Formatted only if the timer is still pending when the test ends.
        timers.add(new WeakRef(resource as TimerState));
        creations.set(resource as TimerState, new Error('timer created'));
        Error.stackTraceLimit = limit;
      }
    },
  }).enable();
}

/** The timers created since `armTimers()` that are still pending and hold the event loop, with their stacks. */
export function pendingTimers(): string[] {
  const held: string[] = [];
  for (const ref of timers ?? []) {
    const timer = ref.deref();
    if (timer === undefined || timer._destroyed === true || timer.hasRef?.() === false) continue;
    const created = creations.get(timer);
    if (created === undefined) continue;
    // From who called setTimeout on: the hook, Node's timer code and this check are not the test's.
    const frames = (created.stack ?? '').split('\n').slice(1);
    const caller = frames.findIndex((frame) => !OWN_FRAME.test(frame));
    const made = caller < 0 ? [] : frames.slice(caller);
    // The runner's own timers are not the test's either.
    if (made.length === 0 || RUNNER_FRAME.test(made[0] ?? '')) continue;
    held.push(made.slice(0, 4).join('\n'));
  }
  return held;
}

/** What each kind usually is in a test, for the message. */
const MEANING: Readonly<Record<string, string>> = {
  TCPServerWrap: 'a listening server: close it',
  TCPSocketWrap: 'an open connection: close the server (it must end its connections) or the client',
  TCPWrap: 'an open connection: close the server (it must end its connections) or the client',
  ConnectWrap: 'a connection still being made',
  Timeout: 'a timer or interval: clear it, or abort the work that waits on it',
  ProcessWrap: 'a child process: wait for it or kill it',
  UDPWrap: 'a UDP socket: close it',
  FSEventWrap: 'a file watcher: close it',
  StatWatcher: 'a file watcher: unwatch it',
};

/** Counts what holds the event loop now, leaving out what the runner holds. */
export function openHandles(): ResourceCounts {
  const counts = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) {
    if (!RUNNER_KINDS.has(kind)) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return counts;
}

/**
 * The kinds there are more of now than `before`, with how many more; and as `Timeout`, the timers
 * created since `armTimers()` that still hold the event loop.
 */
export function leftOpen(before: ResourceCounts, now: ResourceCounts = openHandles()): ResourceCounts {
  const more = new Map<string, number>();
  for (const [kind, count] of now) {
    const extra = count - (before.get(kind) ?? 0);
    if (extra > 0) more.set(kind, extra);
  }
  const pending = pendingTimers().length;
  if (pending > 0) more.set('Timeout', pending);
  return more;
}

/** Settings of the check after each test. */
export interface OpenHandleOptions {
  /**
   * Real time in ms that resources opened by the test get to finish closing (a socket whose server
   * just ended it closes on the next turns of the event loop). The check waits only while something is
   * left. Default 1 000.
   */
  readonly graceMs?: number | undefined;
}

/** Describes what was left open, one kind a line, and where each pending timer was created. */
export function describeLeftOpen(left: ResourceCounts): string {
  const lines = [...left].map(([kind, count]) => `  ${count} × ${kind}: ${MEANING[kind] ?? 'close it'}`);
  const stacks = left.has('Timeout') ? pendingTimers().map((stack) => `timer created\n${stack}`) : [];
  return [
    `the test left ${lines.length === 1 ? 'this' : 'these'} holding the event loop:`,
    ...lines,
    ...stacks,
  ].join('\n');
}

/**
 * Resolves once nothing more holds the event loop than `before`; rejects, naming what is left, when
 * something still does after `graceMs` of real time.
 */
export async function expectNothingLeftOpen(
  before: ResourceCounts,
  options: OpenHandleOptions = {},
): Promise<void> {
  const graceMs = options.graceMs ?? 1_000;
  const deadline = Date.now() + graceMs;
  // A few turns first: most closing sockets are gone after them, without waiting on a timer.
  for (let turn = 0; turn < 3 && leftOpen(before).size > 0; turn++) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  while (leftOpen(before).size > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const left = leftOpen(before);
  if (left.size > 0) throw new Error(describeLeftOpen(left));
}

/** The test runner's hooks this needs (vitest's `beforeEach` and `afterEach`). */
export interface EachHooks {
  beforeEach(fn: () => void): void;
  afterEach(fn: () => Promise<void>): void;
}

/**
 * Fails each test that leaves more holding the event loop than there was before it. Call it from a
 * setup file (see `open-handles.setup.ts`), before the test files register their own hooks, so that
 * their `afterEach` hooks (which close what `beforeEach` opened) run before the check.
 */
export function failOnOpenHandles(hooks: EachHooks, options: OpenHandleOptions = {}): void {
  let before: ResourceCounts = new Map();
  hooks.beforeEach(() => {
    before = openHandles();
    armTimers();
  });
  hooks.afterEach(() => expectNothingLeftOpen(before, options));
}
