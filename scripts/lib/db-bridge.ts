import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import { WebSocketServer } from "ws";
import { createSqlOverHttp } from "./sql-over-http";
import { createWebSocketSessions } from "./ws-bridge";

/**
 * The local stand-in for Neon's two front doors, on one loopback port: the HTTP SQL endpoint
 * (`/<secret>/sql`, sql-over-http.ts) and the WebSocket proxy (`/<secret>/v1`, ws-bridge.ts).
 *
 * It reaches any loopback database with the credentials the caller sends, so a web page must never
 * reach it: any request carrying an Origin header (every browser fetch and WebSocket does) is
 * refused, and both paths start with a random secret per run that only whoever started the bridge
 * knows and hands to the Worker.
 */
interface DbBridgeOptions {
  port?: number;
  host?: string;
  /**
   * Server connections per target and per path (HTTP pool, WebSocket sessions); the rest wait in
   * order. Default VALUSEAL_DB_MAX_CONNECTIONS or 20, so both paths stay under Postgres' default
   * max_connections of 100.
   */
  maxConnections?: number;
  /** Delay in each direction of every exchange. Default VALUSEAL_DB_LATENCY_MS or 0. */
  latencyMs?: number;
  /** How long a request may wait for a connection before it fails cleanly. Default 30 s. */
  queueTimeoutMs?: number;
  /** The path prefix; random by default. */
  secret?: string;
}

export interface DbBridge {
  port: number;
  /** For `neonConfig.fetchEndpoint` (the Worker's DB_HTTP_ENDPOINT). */
  httpEndpoint: string;
  /** host:port/path for `neonConfig.wsProxy` (the Worker's DB_WS_PROXY); the driver appends ?address=. */
  wsProxy: string;
  maxConnections: number;
  latencyMs: number;
  /** Server connections the bridge holds now: HTTP pools (busy or idle) and WebSocket sessions. */
  openConnections(): number;
  close(): Promise<void>;
}

function numberFromEnv(name: string): number | undefined {
  const value = process.env[name];
  if (value === undefined || value === "") return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) throw new Error(`${name} must be a number of 0 or more, got "${value}"`);
  return number;
}

const DEFAULT_MAX_CONNECTIONS = 20;

export async function startDbBridge(options: DbBridgeOptions = {}): Promise<DbBridge> {
  const host = options.host ?? "127.0.0.1";
  const secret = options.secret ?? randomBytes(16).toString("hex");
  const maxConnections =
    options.maxConnections ?? numberFromEnv("VALUSEAL_DB_MAX_CONNECTIONS") ?? DEFAULT_MAX_CONNECTIONS;
  const latencyMs = options.latencyMs ?? numberFromEnv("VALUSEAL_DB_LATENCY_MS") ?? 0;
  const limits = { maxConnections, latencyMs, queueTimeoutMs: options.queueTimeoutMs ?? 30_000 };
  const sql = createSqlOverHttp(limits);
  const sessions = createWebSocketSessions(limits);

  const server: Server = createServer((req, res) => {
    if (req.headers.origin !== undefined) {
      res.writeHead(403).end("browsers may not use the database bridge");
      return;
    }
    const { pathname } = new URL(req.url ?? "/", "http://bridge");
    if (pathname !== `/${secret}/sql`) {
      res.writeHead(404).end();
      return;
    }
    if (req.method !== "POST") {
      res.writeHead(405, { Allow: "POST" }).end();
      return;
    }
    void sql.handle(req, res);
  });

  // workerd keeps its connections to the bridge and sends the next request on any idle one. With
  // Node's 5 s default the bridge closes idle ones, and a request sent on one as it closes is lost
  // ("Network connection lost", a 503 page for the scanner): after a burst, dozens of a new burst's
  // requests were. Idle connections are kept for ten minutes instead, as an HTTP endpoint in front of
  // a database (Neon's) keeps them far longer than a few seconds.
  server.keepAliveTimeout = 10 * 60_000;
  server.headersTimeout = server.keepAliveTimeout + 1000;

  const wss = new WebSocketServer({ noServer: true });
  server.on("upgrade", (req, socket, head) => {
    const url = new URL(req.url ?? "/", "http://bridge");
    const refuse = (status: string) =>
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    if (req.headers.origin !== undefined) return refuse("403 Forbidden");
    if (url.pathname !== `/${secret}/v1`) return refuse("404 Not Found");
    wss.handleUpgrade(req, socket, head, (ws) => sessions.accept(ws, url.searchParams.get("address")));
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const port = (server.address() as { port: number }).port;
  const authority = host.includes(":") ? `[${host}]:${port}` : `${host}:${port}`;
  return {
    port,
    httpEndpoint: `http://${authority}/${secret}/sql`,
    wsProxy: `${authority}/${secret}/v1`,
    maxConnections,
    latencyMs,
    openConnections: () => sql.openConnections() + sessions.openConnections(),
    close: async () => {
      sessions.close();
      for (const client of wss.clients) client.terminate();
      await sql.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => wss.close(() => server.close(() => resolve())));
    },
  };
}
