/** Port helpers: emulators keep their port across restarts when it is free (tokens name their issuer's port). */
import * as net from 'node:net';
import type { Server } from 'node:http';

export const LOCAL_HOST = '127.0.0.1';

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, LOCAL_HOST, () => probe.close(() => resolve(true)));
  });
}

/** The preferred port when it is free, otherwise 0 (any free port). */
export async function portToUse(preferred: number | undefined): Promise<number> {
  return preferred && (await isFree(preferred)) ? preferred : 0;
}

export function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, LOCAL_HOST, () => {
      server.off('error', reject);
      resolve((server.address() as net.AddressInfo).port);
    });
  });
}

/** Closes a server without waiting for idle keep-alive connections (the SDK keeps them open). */
export function closeServer(server: Server | undefined): Promise<void> {
  if (!server?.listening) return Promise.resolve();
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
