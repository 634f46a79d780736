import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A local stand-in's HTTP server once it listens: its address, and a stop that ends every connection. */
export interface LocalServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Listens on loopback (port 0: any free one) and answers where it listens and how to stop it. */
export async function listenOnLoopback(server: Server, port = 0): Promise<LocalServer> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
