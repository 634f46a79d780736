import { connect, type Socket } from "node:net";
import type { WebSocket } from "ws";
import { ConnectionCap } from "./connection-cap";
import { isLoopbackHost } from "./sql-over-http";

/**
 * A local stand-in for Neon's WebSocket proxy: the Worker's Neon driver opens
 * ws://bridge/<secret>/v1?address=pg-host:pg-port and this pipes it to plain TCP Postgres.
 *
 * workerd keeps the WebSocket open after pool.end(), so the bridge watches the
 * client's Postgres messages and closes both ends when it sees Terminate ('X'),
 * otherwise every request would leak a server connection.
 */

const TERMINATE = 0x58; // 'X'

/** Splits the client→server byte stream into Postgres messages to spot Terminate. */
function createTerminateDetector(onTerminate: () => void) {
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

/** A FATAL ErrorResponse, so a client still connecting fails with a Postgres error it understands. */
export function fatalErrorMessage(code: string, message: string): Buffer {
  const fields = Buffer.concat([Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0`, "utf8"), Buffer.from([0])]);
  const header = Buffer.alloc(5);
  header[0] = 0x45; // 'E'
  header.writeInt32BE(4 + fields.length, 1);
  return Buffer.concat([header, fields]);
}

interface WebSocketSessions {
  /** Pipes one accepted WebSocket to the Postgres at `address` (host:port), once the cap allows. */
  accept(ws: WebSocket, address: string | null): void;
  /** Server connections open now, over every target. */
  openConnections(): number;
  /** The most server connections ever open at once to one target. */
  peakConnections(): number;
  close(): void;
}

/**
 * Each session is one server connection, so the sessions to one target are capped at
 * `maxConnections`: the ones beyond wait, with their first messages buffered, and one that waits
 * longer than `queueTimeoutMs` is told "too many connections" (SQLSTATE 53300), as Postgres would.
 * `latencyMs` delays every chunk in each direction, like a network between the Worker and Neon.
 */
export function createWebSocketSessions(options: {
  maxConnections: number;
  queueTimeoutMs: number;
  latencyMs: number;
}): WebSocketSessions {
  const caps = new Map<string, ConnectionCap>();
  const live = new Set<Socket>();
  // Chunks in one direction all wait the same time, so timers keep them in order.
  const later = (work: () => void) => (options.latencyMs ? setTimeout(work, options.latencyMs) : work());

  const capFor = (target: string) => {
    let cap = caps.get(target);
    if (!cap) {
      cap = new ConnectionCap(options.maxConnections, options.queueTimeoutMs);
      caps.set(target, cap);
    }
    return cap;
  };

  const accept = (ws: WebSocket, address: string | null) => {
    const match = (address ?? "").match(/^(\[[^\]]+\]|[^:]+):(\d+)$/);
    const pgHost = match?.[1]?.replace(/^\[(.*)\]$/, "$1");
    // Only loopback targets: this bridge is a local development and test tool.
    if (!match || !pgHost || !isLoopbackHost(pgHost)) {
      ws.close(1008, "address must be a loopback host:port");
      return;
    }
    const target = `${pgHost}:${match[2]}`;
    const cap = capFor(target);
    const pending: Buffer[] = [];
    let tcp: Socket | undefined;
    let connected = false;
    let finished = false;
    const wsGone = new AbortController();

    const closeWs = () => {
      if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close();
    };
    const closeBoth = () => {
      finished = true;
      tcp?.end();
      closeWs();
    };
    const detect = createTerminateDetector(() => later(() => setImmediate(closeBoth)));

    ws.on("message", (data: Buffer) => {
      detect(data);
      later(() => {
        if (connected) tcp!.write(data);
        else pending.push(data);
      });
    });
    ws.on("close", () => {
      wsGone.abort();
      tcp?.end();
    });
    ws.on("error", () => tcp?.destroy());

    cap.acquire(wsGone.signal).then(
      () => {
        if (finished || ws.readyState !== ws.OPEN) {
          cap.release();
          return;
        }
        let released = false;
        const socket = connect({ host: pgHost, port: Number(match[2]) });
        tcp = socket;
        live.add(socket);
        socket.on("connect", () => {
          connected = true;
          for (const chunk of pending.splice(0)) socket.write(chunk);
        });
        socket.on("data", (data) => later(() => ws.readyState === ws.OPEN && ws.send(data)));
        socket.on("close", () => {
          live.delete(socket);
          if (!released) {
            released = true;
            cap.release();
          }
          later(closeWs);
        });
        socket.on("error", () => closeBoth());
      },
      (error: Error) => {
        if (wsGone.signal.aborted || ws.readyState !== ws.OPEN) return;
        ws.send(fatalErrorMessage("53300", `sorry, too many clients: ${error.message}`));
        ws.close();
      },
    );
  };

  return {
    accept,
    openConnections: () => live.size,
    peakConnections: () => Math.max(0, ...[...caps.values()].map((cap) => cap.peak)),
    close() {
      for (const cap of caps.values()) cap.rejectAll(new Error("bridge closing"));
      for (const socket of live) socket.destroy();
    },
  };
}
