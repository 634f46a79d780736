import { sql } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { OWNER_PASSWORD } from "../shared/accounts";
import { readCsv } from "../shared/csv";
import { EXPORT_BATCH_ROWS, EXPORT_MAX_ROWS } from "#worker/services/integration/exports.ts";
import type { DatabaseKind } from "../support/database-global-setup";
import { registerOwnerViaServices, type Account } from "./fixtures/accounts";
import { createAdminViaDb } from "./fixtures/admins";
import { insertCode } from "./fixtures/codes";
import { withDb } from "./fixtures/database";
import { api, fetchWorker, inOneRateLimitWindow, ORIGIN, randomIp, unique } from "./fixtures/http";
import { scanLikePhone } from "./fixtures/scans";
import { addMemberViaServices } from "./fixtures/team";

/** The CSV answer's bytes, read as they arrive (a text read would drop the byte order mark). */
const csvOf = async (path: string, headers: Record<string, string>) => {
  const res = await fetchWorker(`${ORIGIN}${path}`, { headers: { "CF-Connecting-IP": randomIp(), ...headers } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(res.status, new TextDecoder().decode(bytes)).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  expect(res.headers.get("Content-Disposition")).toMatch(
    /^attachment; filename="valuseal-(codes|scans)-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  return readCsv(bytes);
};

const databaseKind: DatabaseKind = inject("databaseKind");

const asUser = (account: Account) => ({ Authorization: `Bearer ${account.token}` });

/** `count` scans of a code written straight into the log, `sameTime` of them at one instant (ties broken by id). */
async function insertScans(account: Account, codeId: number, count: number, sameTime: number) {
  await withDb((db) =>
    db.execute(sql`
      INSERT INTO scan_events (qr_code_id, company_id, scanned_at, country, city, device_class, kind, counted)
      SELECT ${codeId}, ${account.user.companyId}, CASE WHEN n <= ${sameTime} THEN timestamptz '2026-10-01 12:00:00.123456+00'
        ELSE timestamptz '2026-10-01 12:00:00+00' - n * interval '1 second' END, 'KE', 'Nairobi', 'mobile', 'scan', true
      FROM generate_series(1, ${count}) AS n`),
  );
}

describe("GET /api/exports/codes.csv", () => {
  it("writes every matching code with its status and scans, in the spreadsheet-safe form", async () => {
    const owner = await registerOwnerViaServices();
    const plain = await insertCode(owner, {
      propertyAddress: "Plot 7, Riverside Drive, Nairobi",
      marketValue: "45000000",
    });
    const tricky = await insertCode(owner, {
      propertyAddress: '=HYPERLINK("http://evil.example","Click")',
      propertyReference: 'LR "209", 1234',
      addressee: "Benki ya Ushirika — Tawi la Mombasa",
      marketValue: "1234567.89",
      currency: "USD",
    });
    await api(`/api/qr-codes/${tricky.id}/revoke`, { token: owner.token, body: { reason: "Wrong plot, see page 2" } });
    expect((await scanLikePhone(plain.publicToken)).status).toBe(200);

    const { header, rows } = await csvOf("/api/exports/codes.csv", asUser(owner));
    expect(header.slice(0, 4)).toEqual(["verification_code", "certificate_address", "status", "scans"]);
    expect(rows).toHaveLength(2);
    const [newest, oldest] = rows;
    // Newest first; a formula is written as text; quotes, commas and Swahili survive.
    expect(newest).toMatchObject({
      certificate_address: tricky.qrCodeData,
      status: "revoked",
      property_address: `'=HYPERLINK("http://evil.example","Click")`,
      property_reference: 'LR "209", 1234',
      prepared_for: "Benki ya Ushirika — Tawi la Mombasa",
      market_value: "1234567.89",
      currency: "USD",
      revoked_reason: "Wrong plot, see page 2",
    });
    expect(newest!.revoked_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(oldest).toMatchObject({ status: "valid", scans: "1", market_value: "45000000.00", revoked_at: "" });
    expect(oldest!.verification_code).toMatch(/^VS-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{2}$/);
    expect(oldest!.valuation_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(oldest!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    // History's filters apply.
    const revoked = await csvOf("/api/exports/codes.csv?status=revoked", asUser(owner));
    expect(revoked.rows.map((row) => row.certificate_address)).toEqual([tricky.qrCodeData]);
    const searched = await csvOf(`/api/exports/codes.csv?search=${encodeURIComponent("riverside")}`, asUser(owner));
    expect(searched.rows.map((row) => row.certificate_address)).toEqual([plain.qrCodeData]);
  });

  it("writes text as text: quoted, and never run as a formula", async () => {
    const owner = await registerOwnerViaServices();
    const typed = [
      "+254 700 000000",
      "-2 Karen Road",
      "@SUM(A1)",
      " =1+1",
      "\n=cmd|' /C calc'!A0",
      "Plot 9;=HYPERLINK(x)",
    ];
    for (const propertyAddress of typed) await insertCode(owner, { propertyAddress });
    const res = await fetchWorker(`${ORIGIN}/api/exports/codes.csv`, {
      headers: { "CF-Connecting-IP": randomIp(), ...asUser(owner) },
    });
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const bytes = new Uint8Array(await res.arrayBuffer());
    // Quoted, so a semicolon-separated spreadsheet keeps it in one cell.
    expect(new TextDecoder().decode(bytes)).toContain('"Plot 9;=HYPERLINK(x)"');
    const addresses = readCsv(bytes).rows.map((row) => row.property_address);
    expect(addresses.sort()).toEqual([...typed.slice(0, 5).map((text) => `'${text}`), "Plot 9;=HYPERLINK(x)"].sort());
  });

  it("is for the company's own people: members yes, another company's codes never, administrators and visitors no", async () => {
    const owner = await registerOwnerViaServices();
    const member = await addMemberViaServices(owner);
    const stranger = await registerOwnerViaServices();
    const code = await insertCode(owner);
    await insertCode(stranger);
    const byMember = await csvOf("/api/exports/codes.csv", asUser(member));
    expect(byMember.rows.map((row) => row.certificate_address)).toEqual([code.qrCodeData]);
    expect((await api("/api/exports/codes.csv")).status).toBe(401);
    const admin = await createAdminViaDb();
    expect((await api("/api/exports/codes.csv", { token: admin.token })).status).toBe(403);
    const bad = await api("/api/exports/codes.csv?status=lost", { token: owner.token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.stringMatching(/^status: /)]);
  });
});

describe("GET /api/exports/scans.csv", () => {
  it("streams every scan across batches exactly once, newest first, ties in the same microsecond included", async () => {
    const owner = await registerOwnerViaServices();
    const code = await insertCode(owner);
    const other = await insertCode(owner, { propertyAddress: "", propertyReference: "KDA 123A" });
    const total = EXPORT_BATCH_ROWS * 2 + 345;
    // More scans at one instant than a batch holds: only the id can tell them apart.
    await insertScans(owner, code.id, total, EXPORT_BATCH_ROWS + 10);
    expect((await scanLikePhone(other.publicToken)).status).toBe(200);
    // Another company's scans, at the same instants, are never in this company's file.
    const stranger = await registerOwnerViaServices();
    await insertScans(stranger, (await insertCode(stranger)).id, 50, 50);

    const all = await csvOf("/api/exports/scans.csv", asUser(owner));
    expect(all.header).toEqual([
      "scanned_at",
      "verification_code",
      "property",
      "kind",
      "counted",
      "country",
      "city",
      "device",
      "page",
      "copy_check",
    ]);
    expect(all.rows).toHaveLength(total + 1);
    // The phone scan is today's: first. Then the scans at the one instant, then older ones, in order.
    expect(all.rows[0]).toMatchObject({ property: "KDA 123A", kind: "scan", counted: "true" });
    const times = all.rows.map((row) => row.scanned_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.rows[1]).toMatchObject({ scanned_at: "2026-10-01T12:00:00.123Z", country: "KE", city: "Nairobi" });

    const one = await csvOf(`/api/exports/scans.csv?code=${other.publicToken}`, asUser(owner));
    expect(one.rows).toHaveLength(1);
    const today = new Date().toISOString().slice(0, 10);
    const since = await csvOf(`/api/exports/scans.csv?since=${today}`, asUser(owner));
    expect(since.rows).toHaveLength(1);
  });

  it("answers 404 for another company's code and 400 for a malformed one", async () => {
    const owner = await registerOwnerViaServices();
    const stranger = await registerOwnerViaServices();
    const theirs = await insertCode(stranger);
    expect((await api(`/api/exports/scans.csv?code=${theirs.publicToken}`, { token: owner.token })).status).toBe(404);
    const malformed = await api("/api/exports/scans.csv?code=../../etc", { token: owner.token });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual([expect.stringMatching(/^code: /)]);
  });
});

describe("GET /api/v1/exports/*.csv", () => {
  async function keyWith(owner: Account, scopes: string[]) {
    const res = await api("/api/api-keys", {
      token: owner.token,
      body: { name: unique("Exports"), scopes, lifetime: "30", currentPassword: OWNER_PASSWORD },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { Authorization: `Bearer ${res.body.key as string}` };
  }

  it("gives the same files to a key with exports:read, and 403 to a key without it", async () => {
    const owner = await registerOwnerViaServices();
    const code = await insertCode(owner);
    await insertScans(owner, code.id, 3, 0);
    const exporter = await keyWith(owner, ["exports:read"]);
    const codes = await csvOf("/api/v1/exports/codes.csv", exporter);
    expect(codes.rows.map((row) => row.certificate_address)).toEqual([code.qrCodeData]);
    const scans = await csvOf(`/api/v1/exports/scans.csv?code=${code.publicToken}`, exporter);
    expect(scans.rows).toHaveLength(3);
    const stranger = await registerOwnerViaServices();
    const theirs = await insertCode(stranger);
    expect((await api(`/api/v1/exports/scans.csv?code=${theirs.publicToken}`, { headers: exporter })).status).toBe(404);

    const reader = await keyWith(owner, ["codes:read", "scans:read"]);
    for (const path of ["/api/v1/exports/codes.csv", "/api/v1/exports/scans.csv"]) {
      const refused = await api(path, { headers: reader });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/exports:read/);
    }
    // A session token is not a key, and a key is not a session.
    expect((await api("/api/v1/exports/codes.csv", { token: owner.token })).status).toBe(401);
    expect((await api("/api/exports/codes.csv", { headers: exporter })).status).toBe(401);
  });
});

describe("export limits", () => {
  it("allows a company ten exports a minute, whoever of it asks", async () => {
    const statuses = await inOneRateLimitWindow(30_000, async () => {
      const owner = await registerOwnerViaServices();
      const member = await addMemberViaServices(owner);
      const answers: number[] = [];
      for (let index = 0; index < 11; index += 1) {
        const res = await api("/api/exports/codes.csv", { token: index % 2 ? member.token : owner.token });
        answers.push(res.status);
      }
      return answers;
    });
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
  }, 120_000);

  // A million rows is more than PGlite, one session at a time, writes in a test's time.
  it.skipIf(databaseKind !== "postgres")(
    "refuses, before sending anything, a file of more than a million rows, and says how to narrow it",
    async () => {
      const owner = await registerOwnerViaServices();
      const code = await insertCode(owner);
      await insertScans(owner, code.id, EXPORT_MAX_ROWS + 1, 0);
      try {
        const exportScans = () =>
          fetchWorker(`${ORIGIN}/api/exports/scans.csv?code=${code.publicToken}`, {
            headers: { "CF-Connecting-IP": randomIp(), ...asUser(owner) },
          });
        const refused = await exportScans();
        expect(refused.status).toBe(422);
        expect(await refused.json()).toEqual({
          code: "unprocessable",
          message: "This export has more than 1,000,000 rows: narrow it with a code or a since day",
        });
        // One row fewer is exactly the cap: the file starts (its first bytes are enough here).
        await withDb((db) =>
          db.execute(
            sql`DELETE FROM scan_events WHERE id = (SELECT min(id) FROM scan_events WHERE qr_code_id = ${code.id})`,
          ),
        );
        const allowed = await exportScans();
        expect(allowed.status).toBe(200);
        const reader = allowed.body!.getReader();
        const first = await reader.read();
        expect(new TextDecoder().decode(first.value)).toContain("scanned_at");
        await reader.cancel();
      } finally {
        await withDb((db) => db.execute(sql`DELETE FROM scan_events WHERE qr_code_id = ${code.id}`));
      }
    },
    120_000,
  );
});
