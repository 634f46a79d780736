import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { describe, expect, inject, it } from "vitest";
import { handleError } from "#worker/request/errors.ts";
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

  it("gives up on the log's head after 3 seconds, and answers that like a deadlock", async () => {
    // The append waits for the head at most 3 s, whoever holds it (decision 050). Holding the real
    // head here would stall every test file issuing beside this one, so the wait is read from the
    // function, and the error is a real lock timeout on a lock of this test's own.
    const [config] = await withServices(async ({ db }) =>
      (
        await db.execute<{ setting: string[] }>(
          sql`SELECT proconfig AS setting FROM pg_proc WHERE proname = 'append_to_log'`,
        )
      ).rows.map((row) => row.setting),
    );
    expect(config).toEqual(["lock_timeout=3s"]);
    const key = Math.floor(Math.random() * 1e9);
    const timedOut = await withServices(async ({ transactional }) => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let held!: () => void;
      const holding = new Promise<void>((resolve) => (held = resolve));
      const holder = transactional().transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${key})`);
        held();
        await released;
      });
      await holding;
      const waiter = await transactional()
        .transaction(async (tx) => {
          await tx.execute(sql`SET LOCAL lock_timeout = '100ms'`);
          await tx.execute(sql`SELECT pg_advisory_xact_lock(${key})`);
        })
        .catch((error: unknown) => error);
      release();
      await holder;
      return waiter;
    });
    const app = new Hono()
      .post("/codes/1/revoke", () => {
        throw timedOut;
      })
      .onError(handleError);
    const res = await app.request("/codes/1/revoke", { method: "POST" });
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("1");
    expect(await res.json()).toEqual({
      code: "unavailable",
      message: "The service was busy with a conflicting change. Please try again.",
    });
  });
});
