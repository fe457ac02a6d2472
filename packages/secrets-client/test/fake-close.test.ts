// What a closed fake leaves behind: nothing holding the event loop (`process.getActiveResourcesInfo()`,
// timers told apart one by one). Its own file, so no other test's connections come and go meanwhile.
import { Agent, request as httpRequest } from 'node:http';
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  armTimers,
  expectNothingLeftOpen,
  leftOpen,
  openHandles,
} from '../../../test-support/open-handles.js';
import { startFakeSecrets } from '../src/testing/index.js';

describe('closing', () => {
  it('releases every socket and timer it holds: nothing of it keeps the process alive', async () => {
    const before = openHandles();
    armTimers();
    const agent = new Agent({ keepAlive: true });
    const clientSockets = new Set<Socket>();
    {
      // The system clock: a purge waits on a real timer.
      await using fake = await startFakeSecrets({ purgeDelayMs: 3_600_000 });
      const send = (method: string, path: string, body?: unknown) =>
        new Promise<number>((resolve, reject) => {
          const request = httpRequest(
            `${fake.url}/v1/${path}`,
            { method, agent, headers: { 'x-secrets-token': fake.rootToken } },
            (response) => {
              response.resume();
              response.on('end', () => resolve(response.statusCode ?? 0));
            },
          );
          request.on('socket', (socket) => clientSockets.add(socket));
          request.on('error', reject);
          request.end(body === undefined ? undefined : JSON.stringify(body));
        });
      // The LIST verb goes through the gateway in front of the server: its connections too are the fake's.
      expect(await send('LIST', 'gcp/rolesets')).toBe(404);
      expect(await send('POST', 'sys/sync/destinations/cloud1-sm/d', { region: 'r' })).toBe(200);
      // A purge of an hour, under way when the fake closes: its timer holds the event loop until then.
      expect(await send('DELETE', 'sys/sync/destinations/cloud1-sm/d?purge=true')).toBe(204);
      expect(leftOpen(before).get('Timeout')).toBeGreaterThanOrEqual(1);
    }
    // The client's side of the connections is the client's to end; the fake ended its own.
    agent.destroy();
    await Promise.all(
      [...clientSockets].map((socket) =>
        socket.closed ? undefined : new Promise((resolve) => socket.once('close', resolve)),
      ),
    );
    await expectNothingLeftOpen(before);
  });
});
