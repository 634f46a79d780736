import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "#scripts/lib/embedded-postgres.ts";

/** What the control endpoint does to the outage database besides starting it. */
export type OutageAction = "stop" | "start";

/**
 * A second embedded Postgres that tests/api/database-outage.test.ts may stop and start, so an
 * outage never reaches the shared test database other files use at the same time. The Worker
 * reaches it through the same WebSocket bridge (the bridge connects to whatever address the
 * driver names). The tests in workerd drive it through a loopback control endpoint:
 * POST /database (started on first use, answers its URL), POST /stop, POST /start.
 */
export default async function setup(project: TestProject) {
  let postgres: Promise<EmbeddedPostgres> | undefined;
  const server = createServer(async (req, res) => {
    try {
      if (req.method !== "POST") {
        res.writeHead(405).end();
        return;
      }
      if (req.url === "/database") {
        postgres ??= startEmbeddedPostgres({});
        res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ url: (await postgres).url }));
        return;
      }
      if (!postgres || (req.url !== "/stop" && req.url !== "/start")) {
        res.writeHead(404).end();
        return;
      }
      const database = await postgres;
      await (req.url === "/stop" ? database.stopServing() : database.resumeServing());
      res.writeHead(204).end();
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  project.provide("outageDatabaseControl", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await (await postgres)?.close();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    outageDatabaseControl: string;
  }
}
