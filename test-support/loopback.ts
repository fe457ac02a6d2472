// Loopback servers the security tests open and close per test, the redirecting routes they answer with,
// and the rejection a call must end in. Typed by shape, so this folder needs none of the packages.

/** Something that listens and can be closed. */
interface Closable {
  close(): Promise<void>;
}

/** Servers started during a test, closed together after it. */
export interface ServerPool<S extends Closable> {
  /** Starts one more server and keeps it for `closeAll`. */
  start(): Promise<S>;
  /** Closes every server started since the last call. */
  closeAll(): Promise<void>;
}

/** A pool over `startServer` (e.g. the core test kit's `startTestServer`). */
export function serverPool<S extends Closable>(startServer: () => Promise<S>): ServerPool<S> {
  const open: S[] = [];
  return {
    async start() {
      const server = await startServer();
      open.push(server);
      return server;
    },
    async closeAll() {
      await Promise.all(open.splice(0).map((server) => server.close()));
    },
  };
}

/** A server whose routes can answer with an empty redirect (the core test kit's `TestServer`). */
interface RoutingServer {
  route(
    methods: readonly string[],
    pattern: string,
    handler: (
      req: { readonly path: string },
      res: { empty(status: number, headers: Record<string, string>): unknown },
    ) => unknown,
  ): unknown;
}

/** Makes every route in `patterns` answer GET, POST, PUT and DELETE with `status` and `location(path)`. */
export function redirectRoutes<S extends RoutingServer>(
  server: S,
  patterns: readonly string[],
  status: number,
  location: (path: string) => string,
): S {
  for (const pattern of patterns) {
    server.route(['GET', 'POST', 'PUT', 'DELETE'], pattern, (req, res) =>
      res.empty(status, { location: location(req.path) }),
    );
  }
  return server;
}

/** The error `promise` rejects with; a promise that resolves fails the test. */
export async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}
