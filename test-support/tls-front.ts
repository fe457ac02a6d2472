// A TLS front for the tests of `<PREFIX>_CACERT`: it terminates TLS with a self-signed loopback
// certificate (fixtures/, a copy of packages/core/test/fixtures/) and passes the bytes on to a plain
// http server, so a client trusts a fake service only through the CA file the variable names.
import { readFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { createServer } from 'node:tls';
import { fileURLToPath } from 'node:url';

/** The certificate (for 127.0.0.1) a client must trust to reach a front: the file for `_CACERT`. */
export const LOOPBACK_CERT_FILE = fileURLToPath(new URL('./fixtures/loopback-cert.pem', import.meta.url));
const LOOPBACK_KEY_FILE = fileURLToPath(new URL('./fixtures/loopback-key.pem', import.meta.url));

/** A running front. */
export interface TlsFront {
  /** `https://127.0.0.1:<port>`. */
  readonly url: string;
  /** Drops what clients send from now on, so a request is never answered. */
  stall(): void;
  /** Ends every connection and stops listening. */
  close(): Promise<void>;
}

/** Starts a front on 127.0.0.1 (port 0) for the http server at `target`. */
export async function startTlsFront(target: string): Promise<TlsFront> {
  const [cert, key] = await Promise.all([
    readFile(LOOPBACK_CERT_FILE, 'utf8'),
    readFile(LOOPBACK_KEY_FILE, 'utf8'),
  ]);
  const sockets = new Set<Socket>();
  let stalled = false;
  const server = createServer({ cert, key }, (socket) => {
    const upstream = connect(Number(new URL(target).port), '127.0.0.1');
    const end = () => {
      socket.destroy();
      upstream.destroy();
    };
    for (const each of [socket, upstream]) {
      sockets.add(each);
      each.on('close', () => {
        sockets.delete(each);
        end();
      });
      each.on('error', end);
    }
    socket.on('data', (chunk: Buffer) => {
      if (!stalled) upstream.write(chunk);
    });
    upstream.pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `https://127.0.0.1:${port}`,
    stall: () => {
      stalled = true;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
