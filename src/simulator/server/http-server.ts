import { createServer } from 'node:http';
import type { RequestListener, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RunningServer {
  port: number;
  close(): Promise<void>;
}

/** Listen on `host:port` (0 = a free port); resolves once connections are accepted. */
export async function listen(
  listener: RequestListener,
  host: string,
  port: number,
): Promise<RunningServer> {
  const server: Server = createServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Clients keep connections alive between polls; without this, close waits for them.
        server.closeAllConnections();
      }),
  };
}
