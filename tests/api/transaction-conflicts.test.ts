import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { describe, expect, inject, it } from "vitest";
import { handleError } from "../../worker/request/errors";
import type { DatabaseKind } from "../support/database-global-setup";
import { withServices } from "./fixtures/database";

const databaseKind: DatabaseKind = inject("databaseKind");

/**
 * Two transactions that each wait for a lock the other holds: Postgres ends one with a deadlock
 * error (40P01). The error is the driver's own, made by a real deadlock on the suite's PostgreSQL
 * server, then answered by the app's one error handler: 503 with Retry-After, since the transaction
 * was undone and sending the request again is safe. (PGlite runs one session at a time, so there
 * two transactions never hold locks at once.)
 */
describe.skipIf(databaseKind !== "postgres")("a transaction the database ends", () => {
  it("answers a deadlock with 503 and Retry-After, never 500", async () => {
    const [first, second] = [Math.floor(Math.random() * 1e9), Math.floor(Math.random() * 1e9) + 1e9];
    const deadlock = await withServices(async ({ transactional }) => {
      let holding = 0;
      let bothHold!: () => void;
      const bothHolding = new Promise<void>((resolve) => (bothHold = resolve));
      const lockInOrder = (a: number, b: number) =>
        transactional().transaction(async (tx) => {
          await tx.execute(sql`SELECT pg_advisory_xact_lock(${a})`);
          if (++holding === 2) bothHold();
          await bothHolding;
          await tx.execute(sql`SELECT pg_advisory_xact_lock(${b})`);
        });
      const results = await Promise.allSettled([lockInOrder(first, second), lockInOrder(second, first)]);
      return results.find((result) => result.status === "rejected")?.reason as unknown;
    });
    expect(deadlock).toBeDefined();

    const app = new Hono()
      .post("/codes", () => {
        throw deadlock;
      })
      .onError(handleError);
    const res = await app.request("/codes", { method: "POST" });
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("1");
    expect(await res.json()).toEqual({
      code: "unavailable",
      message: "The service was busy with a conflicting change. Please try again.",
    });
  });
});
