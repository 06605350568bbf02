import { connect, createServer } from 'node:net';
import type { Socket } from 'node:net';
import { freePort } from './git-fixtures';

/** A TCP proxy that can hold connections open without answering (a server that hangs). */
export interface StallingProxy {
  port: number;
  /** Connections held since the proxy was stalled. */
  held(): number;
  /** Forwards from now on, and drops the connections held so far. */
  release(): void;
  stop(): Promise<void>;
}

/** Starts a proxy to 127.0.0.1:`targetPort` that holds every connection until `release()`. */
export async function startStallingProxy(targetPort: number): Promise<StallingProxy> {
  const port = await freePort();
  let stalled = true;
  const heldSockets = new Set<Socket>();
  const open = new Set<Socket>();
  const server = createServer((client) => {
    open.add(client);
    client.once('close', () => open.delete(client));
    client.on('error', () => undefined);
    if (stalled) {
      heldSockets.add(client);
      return;
    }
    const upstream = connect(targetPort, '127.0.0.1');
    open.add(upstream);
    upstream.once('close', () => open.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    held: () => heldSockets.size,
    release: () => {
      stalled = false;
      for (const socket of heldSockets) socket.destroy();
      heldSockets.clear();
    },
    stop: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
