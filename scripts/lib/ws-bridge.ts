import { createServer, type Server } from "node:http";
import { connect, type Socket } from "node:net";
import { WebSocketServer, type WebSocket } from "ws";

/**
 * A local stand-in for Neon's WebSocket proxy: the Worker's Neon driver opens
 * ws://host:port/v1?address=pg-host:pg-port and this pipes it to plain TCP Postgres.
 *
 * workerd keeps the WebSocket open after pool.end(), so the bridge watches the
 * client's Postgres messages and closes both ends when it sees Terminate ('X'),
 * otherwise every request would leak a server connection.
 */
export interface WsBridge {
  port: number;
  openConnections(): number;
  close(): Promise<void>;
}

const TERMINATE = 0x58; // 'X'

/** Splits the client→server byte stream into Postgres messages to spot Terminate. */
export function createTerminateDetector(onTerminate: () => void) {
  let buffer = Buffer.alloc(0);
  let startupDone = false;
  return (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      if (!startupDone) {
        // Startup, SSLRequest and CancelRequest have no type byte: int32 length first.
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) return;
        const code = buffer.readInt32BE(4);
        buffer = buffer.subarray(length);
        // SSLRequest (80877103) / GSSENCRequest (80877104) are followed by the real startup.
        if (code !== 80877103 && code !== 80877104) startupDone = true;
        continue;
      }
      if (buffer.length < 5) return;
      const type = buffer[0];
      const length = buffer.readInt32BE(1);
      if (buffer.length < 1 + length) return;
      buffer = buffer.subarray(1 + length);
      if (type === TERMINATE) {
        onTerminate();
        return;
      }
    }
  };
}

export async function startWsBridge(options: { port?: number; host?: string } = {}): Promise<WsBridge> {
  const host = options.host ?? "127.0.0.1";
  const server: Server = createServer((_req, res) => {
    res.writeHead(426).end("WebSocket only");
  });
  const wss = new WebSocketServer({ server });
  const live = new Set<Socket>();

  wss.on("connection", (ws: WebSocket, req) => {
    const address = new URL(req.url ?? "/", "http://bridge").searchParams.get("address");
    const [pgHost, pgPort] = (address ?? "").split(":");
    // Only loopback targets: this bridge is a local development and test tool.
    if (!pgHost || !pgPort || !["127.0.0.1", "localhost", "::1"].includes(pgHost)) {
      ws.close(1008, "address must be a loopback host:port");
      return;
    }
    const tcp = connect({ host: pgHost, port: Number(pgPort) });
    live.add(tcp);
    const closeBoth = () => {
      tcp.end();
      if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close();
    };
    const detect = createTerminateDetector(() => setImmediate(closeBoth));
    const pending: Buffer[] = [];
    let connected = false;
    tcp.on("connect", () => {
      connected = true;
      for (const chunk of pending.splice(0)) tcp.write(chunk);
    });
    ws.on("message", (data: Buffer) => {
      detect(data);
      if (connected) tcp.write(data);
      else pending.push(data);
    });
    tcp.on("data", (data) => {
      if (ws.readyState === ws.OPEN) ws.send(data);
    });
    tcp.on("close", () => {
      live.delete(tcp);
      if (ws.readyState === ws.OPEN) ws.close();
    });
    tcp.on("error", () => closeBoth());
    ws.on("close", () => tcp.end());
    ws.on("error", () => tcp.destroy());
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    openConnections: () => live.size,
    close: async () => {
      for (const socket of live) socket.destroy();
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => server.close(() => resolve())));
    },
  };
}
