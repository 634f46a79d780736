import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { requestBody } from "./request-body";

/** One event as Sentry's ingest would store it: the envelope's event item, parsed. */
export interface ReceivedSentryEvent {
  eventId: string;
  /** The envelope's whole text, to check what was (not) sent. */
  envelope: string;
  event: {
    exception?: { values?: { type?: string; value?: string; mechanism?: { type?: string; handled?: boolean } }[] };
    tags?: Record<string, string>;
    request?: Record<string, unknown>;
    user?: unknown;
    environment?: string;
  };
}

/**
 * A local stand-in for Sentry's ingest, speaking its envelope protocol: POST
 * /api/<project>/envelope/ with the DSN's public key as `sentry_key` (query) or in X-Sentry-Auth,
 * a body of newline-separated JSON (the envelope header, then each item's header and payload).
 * A wrong key or project answers 401/404 as Sentry does. Event items are kept and listed at GET
 * /events. The DSN to configure is `http://<publicKey>@127.0.0.1:<port>/<project>`.
 */
export async function startSentryReceiver({ publicKey, project }: { publicKey: string; project: string }) {
  const events: ReceivedSentryEvent[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://sentry.local");
    if (req.method === "GET" && url.pathname === "/events") {
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(events));
      return;
    }
    const match = /^\/api\/([^/]+)\/envelope\/?$/.exec(url.pathname);
    if (req.method !== "POST" || !match) {
      res.writeHead(404).end();
      return;
    }
    const body = await requestBody(req);
    const key =
      url.searchParams.get("sentry_key") ??
      /sentry_key=([^,\s]+)/.exec(String(req.headers["x-sentry-auth"] ?? ""))?.[1];
    if (key !== publicKey) {
      res.writeHead(401, { "Content-Type": "application/json" }).end('{"detail":"invalid api key"}');
      return;
    }
    if (match[1] !== project) {
      res.writeHead(404, { "Content-Type": "application/json" }).end('{"detail":"project not found"}');
      return;
    }
    const [header, ...items] = body.split("\n");
    const envelopeHeader = JSON.parse(header!) as { event_id?: string };
    for (let index = 0; index + 1 < items.length; index += 2) {
      const itemHeader = JSON.parse(items[index]!) as { type?: string };
      if (itemHeader.type !== "event") continue;
      const event = JSON.parse(items[index + 1]!) as ReceivedSentryEvent["event"] & { event_id?: string };
      events.push({ eventId: event.event_id ?? envelopeHeader.event_id ?? "", envelope: body, event });
    }
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ id: envelopeHeader.event_id }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    dsn: `http://${publicKey}@127.0.0.1:${port}/${project}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
