import type { IncomingHttpHeaders, IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { MailDev } from "maildev";
import { makePrivateDirectory, tightenTree } from "./private-files";

export interface MailInbox {
  smtpPort: number;
  /** The inbox web page, and its REST API under /api/email. */
  url: string;
  stop: () => Promise<void>;
}

/** The names a browser on this machine may use for the inbox (it listens on 127.0.0.1 only). */
const LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "[::1]"];

/**
 * Why a request to the inbox on `port` is refused, or null when it is the inbox's own page (or a
 * client that is not a browser, such as the tests' fetch) asking. The inbox holds every reset,
 * confirmation and invitation link the app sent, so no other web page may read it:
 * - `Host` must be a loopback name with this port: a page on another domain that rebinds its
 *   name to 127.0.0.1 sends its own name;
 * - `Origin`, which browsers send on cross-origin requests, WebSockets and every POST or DELETE,
 *   must be the inbox's own origin;
 * - `Sec-Fetch-Site`, which browsers send on every request, must be `same-origin` or `none` (the
 *   address typed or opened from the terminal): another site, or another port of this machine, is
 *   refused even for a request that carries no Origin (an image, a script, a navigation).
 */
export function foreignRequestReason(headers: IncomingHttpHeaders, port: number): string | null {
  const host = (headers.host ?? "").toLowerCase();
  if (!LOOPBACK_HOSTS.some((name) => host === `${name}:${port}`)) return "unknown host";
  if (headers.origin !== undefined && headers.origin.toLowerCase() !== `http://${host}`) return "foreign origin";
  const site = headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none") return "cross-site request";
  return null;
}

/**
 * MailDev answers every origin: its REST API registers @fastify/cors with `origin: true` (any
 * Origin echoed, with credentials) and its Socket.IO server `origin: '*'`, and neither can be
 * configured through the MailDev class. So the checks run in front of both, on the HTTP server
 * itself: its `request` and `upgrade` listeners (Fastify's, and Socket.IO's wrapper around them)
 * are called only for a request foreignRequestReason lets through; any other gets 403 with no
 * Access-Control-Allow-Origin, before MailDev sees it.
 */
function acceptOwnOriginOnly(server: Server, port: number) {
  const requestListeners = server.listeners("request") as ((...args: unknown[]) => void)[];
  server.removeAllListeners("request");
  server.on("request", (req: IncomingMessage, res) => {
    const reason = foreignRequestReason(req.headers, port);
    if (reason) {
      res.writeHead(403, { "Content-Type": "text/plain; charset=utf-8", Vary: "Origin" });
      res.end(`The local inbox answers its own page only (${reason}).\n`);
      return;
    }
    for (const listener of requestListeners) listener.call(server, req, res);
  });
  const upgradeListeners = server.listeners("upgrade") as ((...args: unknown[]) => void)[];
  server.removeAllListeners("upgrade");
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (foreignRequestReason(req.headers, port)) {
      socket.end("HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    for (const listener of upgradeListeners) listener.call(server, req, socket, head);
  });
}

/**
 * MailDev, a real SMTP server with an inbox, for `npm run dev` and the tests: the Worker sends
 * email to it over SMTP exactly as it would to a provider. Both ports listen on 127.0.0.1 only
 * (MailDev's own default is every interface), each copy of the app keeps its own mail folder, and
 * the web UI and REST API answer only their own origin (foreignRequestReason).
 *
 * The mail folder is made 0700, and what earlier runs left in it 0600: MailDev writes each email
 * (`<id>.eml`, attachments, a metadata file) with Node's default mode, so new ones are 0600 only
 * under a private umask (`npm run dev` sets one, private-files.ts); the folder's mode keeps them
 * out of other users' reach either way.
 */
export async function startMailInbox(options: {
  smtpPort: number;
  uiPort: number;
  mailDirectory: string;
}): Promise<MailInbox> {
  makePrivateDirectory(options.mailDirectory);
  tightenTree(options.mailDirectory);
  const maildev = new MailDev({
    ip: "127.0.0.1",
    smtp: options.smtpPort,
    webIp: "127.0.0.1",
    web: options.uiPort,
    mailDirectory: options.mailDirectory,
    silent: true,
  });
  const { smtp, api } = await maildev.start();
  const smtpPort = (smtp.getAddress() as { port: number }).port;
  // The inbox UI and its REST API are always started here (no disableWeb option is passed).
  const uiPort = (api!.getAddress() as { port: number }).port;
  acceptOwnOriginOnly(api!.server.server, uiPort);
  return { smtpPort, url: `http://127.0.0.1:${uiPort}`, stop: () => maildev.stop() };
}
