import { eq, sql } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { qrCodes } from "#schema/tables.ts";
import { BATCH_CODES_PER_MINUTE, CODE_BATCH_MAX } from "#schema/validation/qr-codes.ts";
import { REFERENCE_LOCK_SPACE } from "#worker/services/codes/qr-codes.ts";
import type { DatabaseKind } from "../support/database-global-setup";
import { registerOwnerViaServices } from "./fixtures/accounts";
import { createAdminViaDb, verifyCompanyViaAdmin } from "./fixtures/admins";
import { codeInput } from "./fixtures/codes";
import { withDb, withServices } from "./fixtures/database";
import { api } from "./fixtures/http";
import { insertValuer } from "./fixtures/valuers";

const databaseKind: DatabaseKind = inject("databaseKind");

const batchOf = (valuerId: number, count: number, prefix: string) =>
  Array.from({ length: count }, (_, index) => ({ ...codeInput(valuerId), externalReference: `${prefix}-${index}` }));

/** Polls until another session waits for a lock of this kind (a lock wait shows in pg_locks as not granted). */
/**
 * Until the firm's batch lock (the advisory lock on REFERENCE_LOCK_SPACE and the company id) is
 * held (`granted`) or waited for: that lock only, since other tests running beside this one take
 * advisory locks of their own.
 */
async function firmBatchLock(companyId: number, granted: boolean, sessions = 1) {
  for (;;) {
    const rows = await withDb((db) =>
      db.execute<{ found: number }>(
        sql`SELECT count(*)::int AS found FROM pg_locks WHERE locktype = 'advisory'
          AND classid = ${REFERENCE_LOCK_SPACE} AND objid = ${companyId} AND objsubid = 2 AND granted = ${granted}`,
      ),
    );
    if ((rows.rows[0]?.found ?? 0) >= sessions) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * The transparency log's head orders every signed change on the platform (docs/decisions/050).
 * These tests hold locks in one session and watch another wait: PGlite runs one session at a time,
 * so they run on the suite's PostgreSQL server.
 */
describe.skipIf(databaseKind !== "postgres")("the log's head under load", () => {
  it("issues a batch queued behind another at the time it commits: a withdrawal meanwhile leaves it amber", async () => {
    const owner = await registerOwnerViaServices();
    const companyId = owner.user.companyId!;
    const valuer = await insertValuer(companyId);
    await verifyCompanyViaAdmin(companyId);
    const admin = await createAdminViaDb();
    const res = await withServices(async ({ transactional }) => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      // Another batch of the firm holds its lock.
      const earlierBatch = transactional().transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${REFERENCE_LOCK_SPACE}, ${companyId})`);
        await released;
      });
      await firmBatchLock(companyId, true);
      const batch = api("/api/qr-codes/batch", { token: owner.token, body: { codes: batchOf(valuer.id, 3, "Q") } });
      await firmBatchLock(companyId, false);
      // While it waits, ValuSeal withdraws the firm's verification.
      const withdrawn = await api(`/api/admin/companies/${companyId}/verification`, {
        method: "PATCH",
        token: admin.token,
        body: { verified: false, note: "Registration lapsed" },
      });
      expect(withdrawn.status).toBe(200);
      release();
      await earlierBatch;
      return batch;
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const codes = res.body.results as { code: { issuerTrust: string; publicToken: string } }[];
    expect(codes.map((row) => row.code.issuerTrust)).toEqual(["not-verified", "not-verified", "not-verified"]);
    const certificate = await api(`/api/public/certificates/${codes[0]!.code.publicToken}`);
    expect(certificate.body.issuerVerified).toBe(false);
  }, 30_000);
});

describe.skipIf(databaseKind !== "postgres")("a firm's batches sent at once", () => {
  it("issue each row once: the same batch twice gives one set of codes, paid once", async () => {
    const owner = await registerOwnerViaServices();
    const companyId = owner.user.companyId!;
    const valuer = await insertValuer(companyId);
    const codes = batchOf(valuer.id, 20, "TWICE");
    const [first, second] = await Promise.all(
      [0, 1].map(() => api("/api/qr-codes/batch", { token: owner.token, body: { codes } })),
    );
    expect([first!.status, second!.status]).toEqual([200, 200]);
    const tokens = (res: typeof first) =>
      res!.body.results.map((result: { code: { publicToken: string } }) => result.code.publicToken);
    // Whichever stored them first, both answers name the same 20 codes.
    expect(tokens(first)).toEqual(tokens(second));
    const statuses = [first, second].map((res) =>
      [...new Set(res!.body.results.map((result: { status: string }) => result.status))].join(),
    );
    expect(statuses.sort()).toEqual(["created", "existing"]);
    const issued = await withDb((db) =>
      db.execute<{ codes: number; debits: number }>(sql`SELECT
        (SELECT count(*)::int FROM qr_codes WHERE company_id = ${companyId}) AS codes,
        (SELECT count(*)::int FROM credit_entries WHERE company_id = ${companyId} AND kind = 'issue') AS debits`),
    );
    expect(issued.rows[0]).toEqual({ codes: 20, debits: 20 });
  }, 60_000);

  it(`count each other within ${BATCH_CODES_PER_MINUTE} codes a minute: of two full batches sent at once after one, one is refused`, async () => {
    const owner = await registerOwnerViaServices();
    const companyId = owner.user.companyId!;
    const valuer = await insertValuer(companyId);
    const send = (prefix: string) =>
      api("/api/qr-codes/batch", { token: owner.token, body: { codes: batchOf(valuer.id, CODE_BATCH_MAX, prefix) } });
    expect((await send("FIRST")).status).toBe(200);
    // Both batches read the firm's minute before either is stored, then wait for the firm's lock
    // together: the second to get it must count the codes of the first, stored while it waited.
    const statuses = await withServices(async ({ transactional }) => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const holder = transactional().transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${REFERENCE_LOCK_SPACE}, ${companyId})`);
        await released;
      });
      await firmBatchLock(companyId, true);
      const both = Promise.all([send("SECOND"), send("THIRD")]);
      await firmBatchLock(companyId, false, 2);
      release();
      await holder;
      return (await both).map((res) => res.status);
    });
    expect(statuses.sort()).toEqual([200, 429]);
    const count = await withDb((db) => db.$count(qrCodes, eq(qrCodes.companyId, companyId)));
    expect(count).toBe(2 * CODE_BATCH_MAX);
  }, 120_000);
});

describe("a firm's batches", () => {
  it(`issue at most ${BATCH_CODES_PER_MINUTE} codes a minute; a batch sent again is still answered`, async () => {
    const owner = await registerOwnerViaServices();
    const valuer = await insertValuer(owner.user.companyId!);
    const batches = new Map<string, ReturnType<typeof batchOf>>();
    const send = (prefix: string) => {
      if (!batches.has(prefix)) batches.set(prefix, batchOf(valuer.id, CODE_BATCH_MAX, prefix));
      return api("/api/qr-codes/batch", { token: owner.token, body: { codes: batches.get(prefix) } });
    };
    expect((await send("A")).status).toBe(200);
    expect((await send("B")).status).toBe(200);
    const third = await send("C");
    expect(third.status).toBe(429);
    expect(third.body.message).toMatch(
      new RegExp(
        `^Your firm can issue at most ${BATCH_CODES_PER_MINUTE} codes a minute in batches. Try again in \\d+ seconds.$`,
      ),
    );
    expect(Number(third.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(Number(third.headers.get("Retry-After"))).toBeLessThanOrEqual(60);
    // Nothing of the refused batch was issued; the first batch sent again is answered with its codes.
    const count = await withDb((db) => db.$count(qrCodes, eq(qrCodes.companyId, owner.user.companyId!)));
    expect(count).toBe(2 * CODE_BATCH_MAX);
    const replay = await send("A");
    expect(replay.status).toBe(200);
    expect(new Set(replay.body.results.map((result: { status: string }) => result.status))).toEqual(
      new Set(["existing"]),
    );
  }, 120_000);
});
