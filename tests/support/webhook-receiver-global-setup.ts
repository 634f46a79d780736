import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { requestBody } from "#scripts/lib/request-body.ts";

/** One POST as the receiver saw it, and what it answered. */
export interface ReceivedDelivery {
  headers: Record<string, string>;
  body: string;
  receivedAt: number;
  answeredStatus: number;
}

/**
 * A real HTTP webhook receiver on loopback for tests/api/webhooks.test.ts, reachable from workerd.
 * POST /hooks/<name>?failures=N answers 500 to the first N deliveries and 200 afterwards, so the
 * Worker's queue retry is exercised end to end; ?answerBytes=N answers a body of N bytes, for the
 * delivery log's cut; GET /deliveries/<name> lists what arrived.
 */
export default async function setup(project: TestProject) {
  const deliveries = new Map<string, ReceivedDelivery[]>();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://receiver");
    const [, kind, name] = url.pathname.split("/");
    if (req.method === "GET" && kind === "deliveries" && name) {
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(deliveries.get(name) ?? []));
      return;
    }
    if (req.method !== "POST" || kind !== "hooks" || !name) {
      res.writeHead(404).end();
      return;
    }
    const received = deliveries.get(name) ?? [];
    deliveries.set(name, received);
    const failures = Number(url.searchParams.get("failures") ?? 0);
    const answeredStatus = received.length < failures ? 500 : 200;
    received.push({
      headers: Object.fromEntries(Object.entries(req.headers).map(([key, value]) => [key, String(value)])),
      body: await requestBody(req),
      receivedAt: Date.now(),
      answeredStatus,
    });
    const answerBytes = Number(url.searchParams.get("answerBytes") ?? 0);
    const answer = answerBytes > 0 ? "x".repeat(answerBytes) : answeredStatus === 200 ? "ok" : "receiver failure";
    res.writeHead(answeredStatus).end(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  project.provide("webhookReceiverUrl", `http://127.0.0.1:${port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

declare module "vitest" {
  export interface ProvidedContext {
    webhookReceiverUrl: string;
  }
}
