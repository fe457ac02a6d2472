// Helpers shared by the test files: servers closed after each test, and small waiting aids.
import { afterEach, expect } from 'vitest';
import { RequestValidationError } from '../src/errors.js';
import { startTestServer, type TestServer, type TestServerOptions } from '../src/testing/index.js';

/** Returns a `serve()` that starts test servers and closes all of them after each test. */
export function trackServers(): (options?: TestServerOptions) => Promise<TestServer> {
  const servers: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return async (options) => {
    const server = await startTestServer(options);
    servers.push(server);
    return server;
  };
}

/** A promise with its resolve function, for steering a handler from the test. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Polls `condition` every 5 ms, giving up after about five seconds (the assertion that follows then fails). */
export async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
}

/**
 * Runs a test of a limit kept on the system's timers (ky's time-outs and its waits between attempts)
 * with its times at `scale` 1, and again at 4 and 16 times that while `telling(result)` says the run
 * could tell nothing (the machine was too busy for the first attempt to reach the server inside the
 * limit). A busy machine makes the test slower, never wrong. Returns the last run's result.
 */
export async function atScales<T>(
  run: (scale: number) => Promise<T>,
  telling: (result: T) => boolean,
): Promise<T> {
  let result = await run(1);
  for (const scale of [4, 16]) {
    if (telling(result)) break;
    result = await run(scale);
  }
  return result;
}

/** Runs `fn`, expecting a RequestValidationError, and returns its message. */
export function rejection(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(RequestValidationError.isInstance(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error('expected a RequestValidationError');
}
