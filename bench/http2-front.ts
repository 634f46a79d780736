import { execFileSync } from "node:child_process";
import { request } from "node:http";
import {
  constants,
  createSecureServer,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
  type ServerHttp2Session,
} from "node:http2";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface Http2Front {
  /** https://127.0.0.1:<port>, with a certificate of its own (the browser is told to accept it). */
  origin: string;
  stop(): Promise<void>;
}

/** Headers of one HTTP/1.1 connection, which HTTP/2 forbids (RFC 9113 §8.2.2). */
const CONNECTION_HEADERS = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade"]);

/**
 * HTTP/2 in front of a local HTTP/1.1 server, as Cloudflare's edge is in front of the Worker:
 * Miniflare speaks HTTP/1.1 only, where Chrome opens six connections to an origin and each request
 * waits for one, while production answers over HTTP/2, one connection carrying every request at
 * once. Bodies pass through as they are (compressed as the server sent them), so the bytes a
 * throttled browser receives are the server's. A self-signed certificate for 127.0.0.1 is made with
 * openssl for the run and deleted after.
 */
export async function startHttp2Front(target: string): Promise<Http2Front> {
  const dir = mkdtempSync(join(tmpdir(), "valuseal-h2-"));
  const [keyFile, certFile] = [join(dir, "key.pem"), join(dir, "cert.pem")];
  // An EC key: quick to make, and as a browser meets Cloudflare's.
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
      ...["-keyout", keyFile, "-out", certFile, "-days", "1", "-subj", "/CN=127.0.0.1"],
      ...["-addext", "subjectAltName=IP:127.0.0.1"],
    ],
    { stdio: "ignore" },
  );
  const upstream = new URL(target);
  const server = createSecureServer({ key: readFileSync(keyFile), cert: readFileSync(certFile) });
  const sessions = new Set<ServerHttp2Session>();
  server.on("session", (session) => {
    sessions.add(session);
    session.on("close", () => sessions.delete(session));
  });
  server.on("stream", (stream, headers: IncomingHttpHeaders) => {
    const forwarded: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(headers)) {
      if (!name.startsWith(":") && value !== undefined && !CONNECTION_HEADERS.has(name)) forwarded[name] = value;
    }
    forwarded.host = upstream.host;
    const outgoing = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: headers[constants.HTTP2_HEADER_METHOD] as string,
        path: headers[constants.HTTP2_HEADER_PATH] as string,
        headers: forwarded,
      },
      (response) => {
        const answer: OutgoingHttpHeaders = { [constants.HTTP2_HEADER_STATUS]: response.statusCode ?? 502 };
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined && !CONNECTION_HEADERS.has(name)) answer[name] = value;
        }
        if (stream.destroyed) return response.resume();
        stream.respond(answer);
        response.pipe(stream);
      },
    );
    outgoing.on("error", () => {
      if (!stream.headersSent && !stream.destroyed) stream.respond({ [constants.HTTP2_HEADER_STATUS]: 502 });
      stream.end();
    });
    stream.on("error", () => outgoing.destroy());
    stream.pipe(outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `https://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        rmSync(dir, { recursive: true, force: true });
        server.close(() => resolve());
        // Open sessions (the browser's) would hold the close: they end with the run.
        for (const session of sessions) session.destroy();
      }),
  };
}
