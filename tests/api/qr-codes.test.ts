import { createExecutionContext, createScheduledController, env } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { idempotencyKeys, qrCodes } from "#schema/tables.ts";
import type { Bindings } from "#worker/bindings.ts";
import worker from "#worker/index.ts";
import { renderQrSvg } from "#worker/lib/qr.ts";
import { deleteExpiredIdempotencyKeys } from "#worker/services/codes/idempotency.ts";
import { RECENT_VALUATION, RECENT_VALUATION_DAYS, valuationDay } from "../shared/dates";
import { registerOwnerViaServices } from "./fixtures/accounts";
import { createAdminViaDb } from "./fixtures/admins";
import { codeInput, createCodeViaApi, setScanCount } from "./fixtures/codes";
import { createCompanyWithMember, setCompanyActiveInDb } from "./fixtures/companies";
import { withDb, withServices } from "./fixtures/database";
import { api, ORIGIN } from "./fixtures/http";
import { decodeQrSvgDataUrl } from "./fixtures/qr-images";
import { DAY_MS } from "#schema/limits.ts";
import { formatVerificationCode } from "#schema/verification-code.ts";
import { createValuerViaApi } from "./fixtures/valuers";

const HOUR_MS = 60 * 60 * 1000;

function setCodeFields(id: number, fields: Partial<typeof qrCodes.$inferInsert>) {
  return withDb((db) => db.update(qrCodes).set(fields).where(eq(qrCodes.id, id)));
}

describe("creating codes", () => {
  it("creates a Real Estate code whose image encodes its public address", async () => {
    const owner = await registerOwnerViaServices();
    const valuer = await createValuerViaApi(owner.token, { name: "Jane Wanjiku", qualification: "MRICS" });
    const res = await api("/api/qr-codes", { token: owner.token, body: codeInput(valuer.id) });
    expect(res.status).toBe(201);
    const code = res.body;
    expect(code).toMatchObject({
      propertyType: "Real Estate",
      marketValue: "45000000.00",
      currency: "KES",
      valuationDate: RECENT_VALUATION.timestamp,
      propertySize: "2450.00",
      propertySizeUnit: "sqft",
      landSize: "0.5000",
      landSizeUnit: "acres",
      verificationCount: 0,
      status: "valid",
      revokedAt: null,
      companyId: owner.user.companyId,
      userId: owner.user.id,
      valuer: { name: "Jane Wanjiku", qualification: "MRICS" },
    });
    expect(code.publicToken).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(code.qrCodeData).toBe(`${ORIGIN}/v/${code.publicToken}`);
    expect(code.qrCodeData.length).toBeLessThanOrEqual(60);
    expect(renderQrSvg(code.qrCodeData).version).toBeLessThanOrEqual(4);
    expect(code.qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(decodeQrSvgDataUrl(code.qrCodeDataUrl)).toBe(code.qrCodeData);
  });

  it("creates a Motor Vehicle code without a location and drops the sizes", async () => {
    const owner = await registerOwnerViaServices();
    const valuer = await createValuerViaApi(owner.token);
    const code = await createCodeViaApi(owner.token, valuer.id, {
      propertyType: "Motor Vehicle",
      propertyAddress: "",
      propertyReference: "KDA 123A",
      propertyArea: "Toyota Prado 2019",
      propertySize: 100,
      landSize: 2,
      marketValue: "3,500,000",
      currency: "USD",
      valuationDate: "2025-02-28",
    });
    expect(code).toMatchObject({
      propertyType: "Motor Vehicle",
      propertyAddress: "",
      propertyReference: "KDA 123A",
      propertyArea: "Toyota Prado 2019",
      propertySize: null,
      propertySizeUnit: null,
      landSize: null,
      landSizeUnit: null,
      marketValue: "3500000.00",
      valuationDate: "2025-02-28T00:00:00.000Z",
    });
  });

  it("requires the Vehicle Reference Number for Motor Vehicles and a location for other types", async () => {
    const owner = await registerOwnerViaServices();
    const valuer = await createValuerViaApi(owner.token);
    const vehicle = await api("/api/qr-codes", {
      token: owner.token,
      body: codeInput(valuer.id, { propertyType: "Motor Vehicle", propertyAddress: "", propertyReference: " " }),
    });
    expect(vehicle.status).toBe(400);
    expect(vehicle.body.errors).toEqual(["propertyReference: Vehicle Reference Number is required"]);
    const land = await api("/api/qr-codes", {
      token: owner.token,
      body: codeInput(valuer.id, { propertyType: "Other", propertyAddress: undefined, propertyReference: undefined }),
    });
    expect(land.status).toBe(400);
    expect(land.body.errors).toEqual(["propertyAddress: Property location is required"]);
    for (const propertyType of [undefined, ""]) {
      const untyped = await api("/api/qr-codes", { token: owner.token, body: codeInput(valuer.id, { propertyType }) });
      expect(untyped.status).toBe(400);
      expect(untyped.body.errors).toContain("propertyType: Property type is required");
    }
  });

  it("reports every invalid field at once", async () => {
    const owner = await registerOwnerViaServices();
    const res = await api("/api/qr-codes", {
      token: owner.token,
      body: {
        propertyType: "Boat",
        propertyAddress: "x".repeat(501),
        propertySize: -5,
        propertySizeUnit: "m2",
        landSize: "1.23456",
        landSizeUnit: "furlongs",
        marketValue: 12.345,
        currency: "EUR",
        valuationDate: "31/02/2025",
        valuerId: "abc",
        latitude: 91,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Validation failed");
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        "propertyType: Property type must be one of: Real Estate, Loose Assets, Motor Vehicle, Plant and Machinery, Other",
        "propertyAddress: Must be at most 500 characters",
        "propertySize: Building size must be greater than 0",
        "propertySizeUnit: Building size unit must be one of: sqft, sqm",
        "landSize: Land size must be a number with at most 4 decimal places",
        "landSizeUnit: Land size unit must be one of: acres, hectares, sqft",
        "marketValue: Market value must be a number with at most 2 decimal places",
        "currency: Currency must be one of: USD, KES",
        "valuationDate: Enter a real date as DD/MM/YYYY",
        "valuerId: Signing valuer is required",
        "latitude: Latitude must be between -90 and 90",
      ]),
    );
  });

  it.each([
    [0, "Market value must be greater than 0"],
    [-100, "Market value must be greater than 0"],
    ["abc", "Market value must be a number with at most 2 decimal places"],
    ["99999999999999", "Market value must have at most 13 digits before the decimal point"],
    [undefined, "Market value is required"],
  ])("refuses market value %s", async (marketValue, message) => {
    const owner = await registerOwnerViaServices();
    const valuer = await createValuerViaApi(owner.token);
    const res = await api("/api/qr-codes", { token: owner.token, body: codeInput(valuer.id, { marketValue }) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([`marketValue: ${message}`]);
  });

  it.each(["31/02/2025", "29/02/2023", "2025-13-01", "15-01-2025", "1/1/2025", ""])(
    "refuses valuation date %j",
    async (valuationDate) => {
      const owner = await registerOwnerViaServices();
      const valuer = await createValuerViaApi(owner.token);
      const res = await api("/api/qr-codes", { token: owner.token, body: codeInput(valuer.id, { valuationDate }) });
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatch(/^valuationDate: /);
    },
  );

  it("accepts the largest money value that fits 15,2 and leap days", async () => {
    const owner = await registerOwnerViaServices();
    const valuer = await createValuerViaApi(owner.token);
    const code = await createCodeViaApi(owner.token, valuer.id, {
      marketValue: "9999999999999.99",
      valuationDate: "29/02/2024",
    });
    expect(code).toMatchObject({ marketValue: "9999999999999.99", valuationDate: "2024-02-29T00:00:00.000Z" });
  });

  it("only lets an active valuer of the user's own company sign", async () => {
    const owner = await registerOwnerViaServices();
    const other = await registerOwnerViaServices();
    const foreign = await createValuerViaApi(other.token);
    const inactive = await createValuerViaApi(owner.token, { isActive: false });
    const deleted = await createValuerViaApi(owner.token);
    await api(`/api/valuers/${deleted.id}`, { method: "DELETE", token: owner.token });
    for (const valuerId of [foreign.id, inactive.id, deleted.id, 2_000_000_000]) {
      const res = await api("/api/qr-codes", { token: owner.token, body: codeInput(valuerId) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: "invalid_request",
        message: "Validation failed",
        errors: ["valuerId: Choose an active valuer of your company"],
      });
    }
  });

  it("ignores ids, counts, status and generated fields sent by the client", async () => {
    const owner = await registerOwnerViaServices();
    const other = await registerOwnerViaServices();
    const valuer = await createValuerViaApi(owner.token);
    const code = await createCodeViaApi(owner.token, valuer.id, {
      id: 1,
      userId: other.user.id,
      companyId: other.user.companyId,
      verificationCount: 500,
      isActive: false,
      revokedAt: "2025-01-01",
      publicToken: "chosen-token",
      qrCodeData: "https://evil.example/phish",
    });
    expect(code).toMatchObject({
      userId: owner.user.id,
      companyId: owner.user.companyId,
      verificationCount: 0,
      status: "valid",
      revokedAt: null,
    });
    expect(code.publicToken).not.toBe("chosen-token");
    expect(code.qrCodeData).toBe(`${ORIGIN}/v/${code.publicToken}`);
  });

  it("lets members create codes and refuses a deactivated company", async () => {
    const { owner, member, valuer } = await createCompanyWithMember();
    const code = await createCodeViaApi(member.token, valuer.id);
    expect(code.userId).toBe(member.user.id);

    await setCompanyActiveInDb(owner.user.companyId!, false);
    const refused = await api("/api/qr-codes", { token: member.token, body: codeInput(valuer.id) });
    expect(refused).toMatchObject({
      status: 403,
      body: { message: "Your company has been deactivated. Contact support." },
    });
    expect((await api(`/api/qr-codes/${code.id}`, { token: member.token })).status).toBe(200);
    expect((await api("/api/qr-codes", { token: owner.token })).body).toHaveLength(1);
  });

  it("requires a signed-in company user", async () => {
    expect((await api("/api/qr-codes", { body: {} })).status).toBe(401);
    const admin = await createAdminViaDb();
    expect((await api("/api/qr-codes", { token: admin.token })).status).toBe(403);
  });
});

describe("creating codes with an Idempotency-Key", () => {
  const keyed = (token: string, key: string, body: unknown) =>
    api("/api/qr-codes", { token, body, headers: { "Idempotency-Key": key } });
  const codeCount = async (token: string) => ((await api("/api/qr-codes", { token })).body as unknown[]).length;

  it("answers the same key and request with the first code again, however the JSON is written", async () => {
    const owner = await registerOwnerViaServices();
    const valuer = await createValuerViaApi(owner.token);
    const key = crypto.randomUUID();
    const body = codeInput(valuer.id);

    const first = await keyed(owner.token, key, body);
    expect(first.status).toBe(201);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();

    const again = await keyed(owner.token, key, body);
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body).toEqual(first.body);

    // The same request in other words: keys reversed, the value as the form's text, the key in capitals.
    const reworded = Object.fromEntries(Object.entries({ ...body, marketValue: "45,000,000" }).reverse());
    const resent = await keyed(owner.token, key.toUpperCase(), reworded);
    expect(resent.status).toBe(201);
    expect(resent.body.id).toBe(first.body.id);

    expect(await codeCount(owner.token)).toBe(1);
  });

  it("refuses the same key with a different request, and keeps the first code", async () => {
    const owner = await registerOwnerViaServices();
    const valuer = await createValuerViaApi(owner.token);
    const key = crypto.randomUUID();
    expect((await keyed(owner.token, key, codeInput(valuer.id))).status).toBe(201);

    const changed = await keyed(owner.token, key, codeInput(valuer.id, { marketValue: 46000000 }));
    expect(changed.status).toBe(422);
    expect(changed.body).toEqual({
      code: "idempotency_key_reused",
      message: "This Idempotency-Key was already used with a different request. Send a new key for a new request.",
    });
    expect(await codeCount(owner.token)).toBe(1);
  });

  it("refuses a key that is not a UUID with a 400, and creates a code per request without the header", async () => {
    const owner = await registerOwnerViaServices();
    const valuer = await createValuerViaApi(owner.token);
    for (const key of ["not-a-uuid", "123", "", "3b241101-e2bb-4255-8caf-4136c566a96"]) {
      const res = await keyed(owner.token, key, codeInput(valuer.id));
      expect(res.status, key).toBe(400);
      expect(res.body).toEqual({
        code: "invalid_request",
        message: "Validation failed",
        errors: ["idempotency-key: Must be a UUID, e.g. 3b241101-e2bb-4255-8caf-4136c566a962"],
      });
    }
    expect(await codeCount(owner.token)).toBe(0);

    // API clients that never send the header work as before: each request is a new code.
    const body = codeInput(valuer.id);
    expect((await api("/api/qr-codes", { token: owner.token, body })).status).toBe(201);
    expect((await api("/api/qr-codes", { token: owner.token, body })).status).toBe(201);
    expect(await codeCount(owner.token)).toBe(2);
  });

  it("creates exactly one code for requests sent at once with the same key", async () => {
    const owner = await registerOwnerViaServices();
    const valuer = await createValuerViaApi(owner.token);
    const key = crypto.randomUUID();
    const body = codeInput(valuer.id);

    const responses = await Promise.all(Array.from({ length: 5 }, () => keyed(owner.token, key, body)));

    expect(responses.map((res) => res.status)).toEqual(Array(5).fill(201));
    expect(new Set(responses.map((res) => res.body.id)).size).toBe(1);
    expect(responses.filter((res) => res.headers.get("Idempotent-Replayed") === null)).toHaveLength(1);
    expect(await codeCount(owner.token)).toBe(1);
  });

  it("issues one code when two creations race with one key and one reference, and a third key finds it taken", async () => {
    const owner = await registerOwnerViaServices();
    const valuer = await createValuerViaApi(owner.token);
    const [key, otherKey] = [crypto.randomUUID(), crypto.randomUUID()];
    const body = codeInput(valuer.id, { externalReference: `JOB-${crypto.randomUUID()}` });

    const answers = await Promise.all([
      keyed(owner.token, key, body),
      keyed(owner.token, key, body),
      keyed(owner.token, otherKey, body),
    ]);

    // Whichever key won, there is one code: its key's requests answer it (one of them replayed),
    // and every other request is refused naming it.
    expect(await codeCount(owner.token)).toBe(1);
    const [code] = (await api("/api/qr-codes", { token: owner.token })).body;
    const issued = answers.filter((res) => res.status === 201);
    expect(issued.length).toBeGreaterThanOrEqual(1);
    expect(issued.every((res) => res.body.id === code.id)).toBe(true);
    expect(issued.filter((res) => res.headers.get("Idempotent-Replayed") === null)).toHaveLength(1);
    for (const refused of answers.filter((res) => res.status !== 201)) {
      expect(refused).toMatchObject({
        status: 409,
        body: {
          code: "reference_taken",
          errors: [`externalReference: A code was already issued for this reference (${code.verificationCode})`],
        },
      });
    }
    // Exactly one key won; every request with the other was refused, and left that key unclaimed:
    // sent again for another report, it issues that one.
    const losingKey = answers[2]!.status === 201 ? key : otherKey;
    expect(answers.filter((res) => res.status === 409)).toHaveLength(losingKey === key ? 2 : 1);
    const next = await keyed(
      owner.token,
      losingKey,
      codeInput(valuer.id, { externalReference: `JOB-${crypto.randomUUID()}` }),
    );
    expect(next.status).toBe(201);
    expect(next.headers.get("Idempotent-Replayed")).toBeNull();
  });

  it("keeps keys per user: a colleague's request with the same key makes its own code", async () => {
    const { owner, member, valuer } = await createCompanyWithMember();
    const key = crypto.randomUUID();
    const body = codeInput(valuer.id);

    const mine = await keyed(owner.token, key, body);
    const theirs = await keyed(member.token, key, body);

    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.headers.get("Idempotent-Replayed")).toBeNull();
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.body.userId).toBe(member.user.id);
    expect(await codeCount(owner.token)).toBe(2);
  });

  it("answers a resent request its first code even after its valuer has left", async () => {
    const owner = await registerOwnerViaServices();
    const valuer = await createValuerViaApi(owner.token, { name: "Leaving Valuer" });
    const key = crypto.randomUUID();
    const body = codeInput(valuer.id);
    const first = await keyed(owner.token, key, body);
    expect(first.status).toBe(201);

    const left = await api(`/api/valuers/${valuer.id}`, {
      method: "PUT",
      token: owner.token,
      body: { name: "Leaving Valuer", isActive: false },
    });
    expect(left.status).toBe(200);

    const again = await keyed(owner.token, key, body);
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    // A new request naming them is refused.
    expect((await keyed(owner.token, crypto.randomUUID(), body)).body).toMatchObject({
      message: "Validation failed",
      errors: ["valuerId: Choose an active valuer of your company"],
    });
  });

  it("leaves no key behind when the request is refused, so it can be corrected and sent again", async () => {
    const owner = await registerOwnerViaServices();
    const valuer = await createValuerViaApi(owner.token);
    const inactive = await createValuerViaApi(owner.token, { isActive: false });
    const key = crypto.randomUUID();

    expect((await keyed(owner.token, key, codeInput(inactive.id))).status).toBe(400);
    const corrected = await keyed(owner.token, key, codeInput(valuer.id));
    expect(corrected.status).toBe(201);
    expect(corrected.body.valuerId).toBe(valuer.id);
  });

  it("forgets a key after 24 hours: it makes a new code, and the hourly cron deletes old keys", async () => {
    const owner = await registerOwnerViaServices();
    const valuer = await createValuerViaApi(owner.token);
    const key = crypto.randomUUID();
    const body = codeInput(valuer.id);
    const first = await keyed(owner.token, key, body);
    const thisKey = and(eq(idempotencyKeys.userId, owner.user.id), eq(idempotencyKeys.key, key));
    const setKeyAge = (createdAt: Date) => withDb((db) => db.update(idempotencyKeys).set({ createdAt }).where(thisKey));

    await setKeyAge(new Date(Date.now() - 25 * HOUR_MS));
    const later = await keyed(owner.token, key, body);
    expect(later.status).toBe(201);
    expect(later.headers.get("Idempotent-Replayed")).toBeNull();
    expect(later.body.id).not.toBe(first.body.id);
    // The key now stands for the new code.
    expect((await keyed(owner.token, key, body)).body.id).toBe(later.body.id);
    expect(await codeCount(owner.token)).toBe(2);

    // 12:00 UTC is 15:00 in Nairobi, the tests' digest zone: this run sends no digest to anyone.
    // The last 12:00 already past: the sweep goes by the earlier of the run's and the database's clocks.
    const cronTime = new Date();
    cronTime.setUTCHours(12, 0, 0, 0);
    if (cronTime.getTime() > Date.now()) cronTime.setTime(cronTime.getTime() - 24 * HOUR_MS);
    const other = crypto.randomUUID();
    expect((await keyed(owner.token, other, codeInput(valuer.id))).status).toBe(201);
    await setKeyAge(new Date(cronTime.getTime() - 25 * HOUR_MS));
    // An hour old: kept by this sweep, and by any other file's cron running meanwhile at its own time.
    await withDb((db) =>
      db
        .update(idempotencyKeys)
        .set({ createdAt: new Date(Date.now() - HOUR_MS) })
        .where(and(eq(idempotencyKeys.userId, owner.user.id), eq(idempotencyKeys.key, other))),
    );
    await worker.scheduled(
      createScheduledController({ scheduledTime: cronTime, cron: "0 * * * *" }),
      env as Bindings,
      createExecutionContext(),
    );
    const kept = await withDb((db) =>
      db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.userId, owner.user.id)),
    );
    expect(kept).toEqual([{ key: other }]);
  });

  it("keeps a live key when the sweep runs with a clock years ahead, so a retried create still issues once", async () => {
    const owner = await registerOwnerViaServices();
    const valuer = await createValuerViaApi(owner.token);
    const key = crypto.randomUUID();
    const body = codeInput(valuer.id);
    const first = await keyed(owner.token, key, body);
    // The hourly sweep, run three years ahead: a hand-started run, or a scheduler whose clock is wrong.
    const ahead = new Date(Date.now() + 3 * 365 * DAY_MS);
    await withServices(({ db }) => deleteExpiredIdempotencyKeys(db, ahead));
    const retried = await keyed(owner.token, key, body);
    expect(retried.headers.get("Idempotent-Replayed")).toBe("true");
    expect(retried.body.id).toBe(first.body.id);
    expect(await codeCount(owner.token)).toBe(1);
  });
});

describe("reading codes", () => {
  it("answers a new code exactly as a read of the stored code answers it, with every column's default filled", async () => {
    const owner = await registerOwnerViaServices();
    const valuer = await createValuerViaApi(owner.token, { name: "Grace Achieng", qualification: "MISK" });
    // Values the database stores in another form: the answer shows them as stored.
    const created = await createCodeViaApi(owner.token, valuer.id, {
      marketValue: "45,000,000.5",
      latitude: -1.2678,
      landSize: 0.125,
      forcedSaleValue: 30000000,
    });
    expect(created).toMatchObject({ marketValue: "45000000.50", latitude: "-1.26780000", landSize: "0.1250" });

    const read = await api(`/api/qr-codes/${created.id}`, { token: owner.token });
    expect(read.body).toEqual({ ...created, signerNow: null });

    // The code is built from the form and the issue's own values; a column the database would
    // otherwise fill by its default must still be filled (a new column with a default included).
    const unfilled = await withDb(async (db) => {
      const { rows } = await db.execute<{ column_name: string }>(sql`
        SELECT column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = 'qr_codes' AND column_default IS NOT NULL`);
      const [row] = (await db.execute(sql`SELECT to_jsonb(qr_codes) AS row FROM qr_codes WHERE id = ${created.id}`))
        .rows as { row: Record<string, unknown> }[];
      return rows.map((column) => column.column_name).filter((column) => row!.row[column] === null);
    });
    expect(unfilled).toEqual([]);
  });

  it("returns one code with its image, signer, count and status, and hides other companies' codes", async () => {
    const a = await createCompanyWithMember();
    const b = await createCompanyWithMember();
    const code = await createCodeViaApi(a.owner.token, a.valuer.id);
    await setScanCount(code.id, 7);

    for (const token of [a.owner.token, a.member.token]) {
      const res = await api(`/api/qr-codes/${code.id}`, { token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: code.id,
        verificationCount: 7,
        revokedAt: null,
        revokedReason: null,
        valuer: { name: a.valuer.name, qualification: a.valuer.qualification },
        qrCodeData: code.qrCodeData,
      });
      expect(decodeQrSvgDataUrl(res.body.qrCodeDataUrl)).toBe(code.qrCodeData);
    }
    for (const token of [b.owner.token, b.member.token]) {
      expect(await api(`/api/qr-codes/${code.id}`, { token })).toMatchObject({
        status: 404,
        body: { message: "QR code not found" },
      });
      expect((await api("/api/qr-codes", { token })).body).toEqual([]);
    }
    expect((await api("/api/qr-codes/999999999", { token: a.owner.token })).status).toBe(404);
    expect((await api("/api/qr-codes/abc", { token: a.owner.token })).status).toBe(404);
  });

  it("lists newest first with the nested valuer, as a plain array honouring limit", async () => {
    const owner = await registerOwnerViaServices();
    const valuer = await createValuerViaApi(owner.token, { name: "Ann Signer", qualification: "FRICS" });
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await createCodeViaApi(owner.token, valuer.id)).id);

    const recent = await api("/api/qr-codes?limit=5", { token: owner.token });
    expect(recent.status).toBe(200);
    expect(recent.body.map((c: { id: number }) => c.id)).toEqual(ids.slice(1).reverse());
    expect(recent.body[0].valuer).toEqual({ name: "Ann Signer", qualification: "FRICS" });
    expect(recent.body[0]).not.toHaveProperty("qrCodeDataUrl");
    expect((await api("/api/qr-codes", { token: owner.token })).body).toHaveLength(6);
  });

  it("pages with a total when page or pageSize is given", async () => {
    const owner = await registerOwnerViaServices();
    const valuer = await createValuerViaApi(owner.token);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createCodeViaApi(owner.token, valuer.id)).id);

    const second = await api("/api/qr-codes?page=2&pageSize=2", { token: owner.token });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ page: 2, pageSize: 2, total: 5 });
    expect(second.body.items.map((c: { id: number }) => c.id)).toEqual([ids[2], ids[1]]);
    expect((await api("/api/qr-codes?page=9&pageSize=2", { token: owner.token })).body).toEqual({
      items: [],
      page: 9,
      pageSize: 2,
      total: 5,
    });
    const defaults = await api("/api/qr-codes?page=1", { token: owner.token });
    expect(defaults.body).toMatchObject({ page: 1, pageSize: 20, total: 5 });
    const sized = await api("/api/qr-codes?pageSize=3", { token: owner.token });
    expect(sized.body).toMatchObject({ page: 1, pageSize: 3, total: 5 });
  });

  it("filters by address or reference, property type and valuation date on the server", async () => {
    const owner = await registerOwnerViaServices();
    const valuer = await createValuerViaApi(owner.token);
    const dayAfter = valuationDay(RECENT_VALUATION_DAYS - 1);
    const riverside = await createCodeViaApi(owner.token, valuer.id, {
      propertyAddress: "Plot 7, Riverside Drive, Nairobi",
      propertyReference: "LR 1/100",
      valuationDate: RECENT_VALUATION.dayMonthYear,
    });
    const car = await createCodeViaApi(owner.token, valuer.id, {
      propertyType: "Motor Vehicle",
      propertyAddress: "",
      propertyReference: "KDA 555X",
      valuationDate: dayAfter.dayMonthYear,
    });
    const percent = await createCodeViaApi(owner.token, valuer.id, {
      propertyAddress: "100% Freehold Estate, Mombasa",
      propertyType: "Other",
      valuationDate: RECENT_VALUATION.iso,
    });
    const ids = async (query: string) => {
      const res = await api(`/api/qr-codes?${query}`, { token: owner.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (Array.isArray(res.body) ? res.body : res.body.items).map((c: { id: number }) => c.id);
    };
    expect(await ids("search=riverside")).toEqual([riverside.id]);
    expect(await ids("search=kda%20555")).toEqual([car.id]);
    expect(await ids(`search=${encodeURIComponent("100%")}`)).toEqual([percent.id]);
    expect(await ids(`search=${encodeURIComponent("%")}`)).toEqual([percent.id]);
    expect(await ids("propertyType=Motor%20Vehicle")).toEqual([car.id]);
    expect(await ids("propertyType=All")).toEqual([percent.id, car.id, riverside.id]);
    expect(await ids(`date=${RECENT_VALUATION.dayMonthYear}`)).toEqual([percent.id, riverside.id]);
    expect(await ids(`date=${dayAfter.iso}`)).toEqual([car.id]);
    expect(await ids(`date=${RECENT_VALUATION.dayMonthYear}&propertyType=Other&search=mombasa&page=1`)).toEqual([
      percent.id,
    ]);
    expect(await ids("search=&propertyType=&date=")).toHaveLength(3);
    // A verification code as printed, as read out on the phone, or compact, finds its report only.
    const printed: string = car.verificationCode;
    const compact = printed.replace(/^VS-/, "").replaceAll("-", "");
    for (const typed of [printed, printed.toLowerCase().replaceAll("-", " "), compact]) {
      expect(await ids(`search=${encodeURIComponent(typed)}`), typed).toEqual([car.id]);
    }
  });

  it("rejects malformed list queries", async () => {
    const owner = await registerOwnerViaServices();
    const res = await api("/api/qr-codes?limit=0&page=-1&pageSize=101&propertyType=Boat&date=31/02/2025", {
      token: owner.token,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        "limit: Limit must be at least 1",
        "page: Page must be at least 1",
        "pageSize: Page size must be at most 100",
        "date: Enter a real date as DD/MM/YYYY",
      ]),
    );
    expect((await api("/api/qr-codes?limit=101", { token: owner.token })).status).toBe(400);
  });
});

describe("dashboard stats", () => {
  it("counts the company's codes, this month's codes and verifications", async () => {
    const { owner, member, valuer } = await createCompanyWithMember();
    const other = await createCompanyWithMember();
    const empty = await api("/api/analytics/stats", { token: owner.token });
    expect(empty).toMatchObject({ status: 200, body: { totalQRCodes: 0, thisMonth: 0, verifications: 0 } });

    const first = await createCodeViaApi(owner.token, valuer.id);
    const second = await createCodeViaApi(member.token, valuer.id);
    await createCodeViaApi(owner.token, valuer.id);
    await createCodeViaApi(other.owner.token, other.valuer.id);
    await setCodeFields(first.id, { createdAt: new Date("2024-03-10T00:00:00Z") });
    await setScanCount(first.id, 4);
    await setScanCount(second.id, 3);

    for (const token of [owner.token, member.token]) {
      const stats = await api("/api/analytics/stats", { token });
      expect(stats.body).toEqual({ totalQRCodes: 3, thisMonth: 2, verifications: 7, hasSealedReport: false });
    }
    expect((await api("/api/analytics/stats", { token: other.member.token })).body).toEqual({
      totalQRCodes: 1,
      thisMonth: 1,
      verifications: 0,
      hasSealedReport: false,
    });
    expect((await api("/api/analytics/stats")).status).toBe(401);
  });
});

describe("lender fields and validity", () => {
  const LONG_AGO = valuationDay(400);

  it("stores the addressee, purpose, inspection date, forced sale value and title number, valid for 90 days", async () => {
    const owner = await registerOwnerViaServices();
    const valuer = await createValuerViaApi(owner.token);
    const valued = valuationDay(20);
    const res = await api("/api/qr-codes", {
      token: owner.token,
      body: codeInput(valuer.id, {
        valuationDate: valued.dayMonthYear,
        addressee: "  Equity Bank Kenya Ltd ",
        purpose: "Secured lending",
        inspectionDate: valuationDay(25).dayMonthYear,
        forcedSaleValue: "33,750,000",
        titleNumber: "LR No. 209/1234",
      }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const validUntil = new Date(new Date(valued.timestamp).getTime() + 90 * DAY_MS).toISOString();
    expect(res.body).toMatchObject({
      addressee: "Equity Bank Kenya Ltd",
      purpose: "Secured lending",
      inspectionDate: valuationDay(25).timestamp,
      forcedSaleValue: "33750000.00",
      titleNumber: "LR No. 209/1234",
      validUntil,
      status: "valid",
    });
    expect(res.body.verificationCode).toMatch(/^VS-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{2}$/);
    const detail = await api(`/api/qr-codes/${res.body.id}`, { token: owner.token });
    expect(detail.body).toMatchObject({
      addressee: "Equity Bank Kenya Ltd",
      validUntil,
      verificationCode: res.body.verificationCode,
      status: "valid",
    });
    // The fields are optional: without them the code is still valid for the company's period.
    const plain = await createCodeViaApi(owner.token, valuer.id, { valuationDate: valued.dayMonthYear });
    expect(plain).toMatchObject({ addressee: null, purpose: null, inspectionDate: null, forcedSaleValue: null });
    expect(plain.titleNumber).toBeNull();
  });

  it("refuses each field's invalid values with the field's message", async () => {
    const owner = await registerOwnerViaServices();
    const valuer = await createValuerViaApi(owner.token);
    const valued = valuationDay(20);
    const cases: [Record<string, unknown>, string][] = [
      [{ addressee: "x".repeat(256) }, "addressee: Must be at most 255 characters"],
      [
        { purpose: "Mortgage" },
        "purpose: Purpose must be one of: Secured lending, Sale or purchase, Insurance, Legal or probate, Financial reporting, Other",
      ],
      [{ inspectionDate: "31/02/2026" }, "inspectionDate: Enter a real date as DD/MM/YYYY"],
      [
        { inspectionDate: valuationDay(19).dayMonthYear },
        "inspectionDate: Inspection date cannot be after the valuation date",
      ],
      [{ forcedSaleValue: "45000000.01" }, "forcedSaleValue: Forced sale value cannot be above the market value"],
      [{ forcedSaleValue: "-5" }, "forcedSaleValue: Forced sale value must be greater than 0"],
      [
        { forcedSaleValue: "1.234" },
        "forcedSaleValue: Forced sale value must be a number with at most 2 decimal places",
      ],
      [{ titleNumber: "L".repeat(101) }, "titleNumber: Must be at most 100 characters"],
      [{ validUntil: valued.dayMonthYear }, "validUntil: Valid until must be after the valuation date"],
      [{ validUntil: "not a date" }, "validUntil: Enter a real date as DD/MM/YYYY"],
      [{ inspectionDate: valuationDay(-2).dayMonthYear }, "inspectionDate: Inspection date cannot be in the future"],
      [
        { validUntil: valuationDay(20 - 366).dayMonthYear },
        "validUntil: Valid until must be within 365 days of the valuation date",
      ],
    ];
    for (const [fields, error] of cases) {
      const res = await api("/api/qr-codes", {
        token: owner.token,
        body: codeInput(valuer.id, { valuationDate: valued.dayMonthYear, ...fields }),
      });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.errors).toEqual([error]);
    }
    // The edges are allowed: inspected on the valuation day, forced sale at the market value, a year's validity.
    const edges = await createCodeViaApi(owner.token, valuer.id, {
      valuationDate: valued.dayMonthYear,
      inspectionDate: valued.dayMonthYear,
      forcedSaleValue: 45000000,
      validUntil: valuationDay(20 - 365).dayMonthYear,
    });
    expect(edges).toMatchObject({ forcedSaleValue: "45000000.00", validUntil: valuationDay(20 - 365).timestamp });
    // A valuation dated in the future (the reviewers' 31/12/2099) is refused; today is fine anywhere on Earth.
    const future = await api("/api/qr-codes", {
      token: owner.token,
      body: codeInput(valuer.id, { valuationDate: "31/12/2099", validUntil: "30/12/2100" }),
    });
    expect(future.body.errors).toEqual(["valuationDate: Valuation date cannot be in the future"]);
    await createCodeViaApi(owner.token, valuer.id, { valuationDate: valuationDay(0).dayMonthYear });
    // A date rule never reports against a valuation date that is itself missing.
    const noDate = await api("/api/qr-codes", {
      token: owner.token,
      body: codeInput(valuer.id, { valuationDate: "", inspectionDate: valued.dayMonthYear }),
    });
    expect(noDate.body.errors).toEqual(["valuationDate: Valuation date is required"]);
  });

  it("keeps a title number only for Real Estate", async () => {
    const owner = await registerOwnerViaServices();
    const valuer = await createValuerViaApi(owner.token);
    const titled = { titleNumber: "LR No. 209/1234", valuationDate: RECENT_VALUATION.dayMonthYear };
    expect((await createCodeViaApi(owner.token, valuer.id, titled)).titleNumber).toBe("LR No. 209/1234");
    for (const type of [
      { propertyType: "Motor Vehicle", propertyAddress: "", propertyReference: "KDA 123A" },
      { propertyType: "Plant and Machinery" },
      { propertyType: "Loose Assets" },
      { propertyType: "Other" },
    ]) {
      const code = await createCodeViaApi(owner.token, valuer.id, { ...titled, ...type });
      expect(code.titleNumber, type.propertyType).toBeNull();
    }
  });

  it("makes new codes valid for the company's validity period, or the date the valuer chose", async () => {
    const owner = await registerOwnerViaServices();
    const valuer = await createValuerViaApi(owner.token);
    const company = (await api("/api/companies/current", { token: owner.token })).body;
    expect(company.validityDays).toBe(90);
    const details = { name: company.name, email: company.email };
    for (const [days, error] of [
      [29, "validityDays: Validity period must be between 30 and 365 days"],
      [366, "validityDays: Validity period must be between 30 and 365 days"],
      [45.5, "validityDays: Validity period must be a whole number of days"],
    ] as const) {
      const res = await api("/api/companies/current", {
        method: "PUT",
        token: owner.token,
        body: { ...details, validityDays: days },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([error]);
    }
    const before = await createCodeViaApi(owner.token, valuer.id, { valuationDate: "15/01/2025" });
    const saved = await api("/api/companies/current", {
      method: "PUT",
      token: owner.token,
      body: { ...details, validityDays: "30" },
    });
    expect(saved.body.validityDays).toBe(30);
    // Saving details without the field leaves the period as it is.
    await api("/api/companies/current", { method: "PUT", token: owner.token, body: details });
    expect((await api("/api/companies/current", { token: owner.token })).body.validityDays).toBe(30);

    const after = await createCodeViaApi(owner.token, valuer.id, { valuationDate: "15/01/2025" });
    expect(after.validUntil).toBe("2025-02-14T00:00:00.000Z");
    const chosen = await createCodeViaApi(owner.token, valuer.id, {
      valuationDate: "15/01/2025",
      validUntil: "2025-07-15",
    });
    expect(chosen.validUntil).toBe("2025-07-15T00:00:00.000Z");
    // An existing code keeps the validity it was issued with.
    expect((await api(`/api/qr-codes/${before.id}`, { token: owner.token })).body.validUntil).toBe(
      "2025-04-15T00:00:00.000Z",
    );
  });

  it("filters the history by purpose and by status", async () => {
    const owner = await registerOwnerViaServices();
    const valuer = await createValuerViaApi(owner.token);
    const recent = RECENT_VALUATION.dayMonthYear;
    const lending = await createCodeViaApi(owner.token, valuer.id, {
      valuationDate: recent,
      purpose: "Secured lending",
    });
    const insurance = await createCodeViaApi(owner.token, valuer.id, { valuationDate: recent, purpose: "Insurance" });
    const expired = await createCodeViaApi(owner.token, valuer.id, {
      valuationDate: LONG_AGO.dayMonthYear,
      purpose: "Secured lending",
    });
    const list = (query: string) => api(`/api/qr-codes?page=1&${query}`, { token: owner.token });
    const ids = (res: { body: { items: { id: number }[] } }) => res.body.items.map((code) => code.id);

    const byPurpose = await list("purpose=Secured%20lending");
    expect(ids(byPurpose)).toEqual([expired.id, lending.id]);
    expect(byPurpose.body.total).toBe(2);
    const byStatus = await list("status=expired");
    expect(ids(byStatus)).toEqual([expired.id]);
    expect(byStatus.body.items[0].status).toBe("expired");
    expect(byStatus.body.total).toBe(1);
    expect(ids(await list("status=valid&purpose=Insurance"))).toEqual([insurance.id]);
    expect(ids(await list("status=All&purpose="))).toHaveLength(3);
    expect((await api("/api/qr-codes?status=expired&limit=5", { token: owner.token })).body).toMatchObject([
      { id: expired.id, status: "expired" },
    ]);

    const badStatus = await list("status=stale");
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.errors).toEqual([
      "status: Status must be All or one of: valid, expired, revoked, superseded",
    ]);
    expect((await list("purpose=Mortgage")).status).toBe(400);
  });

  it("gives every code its own verification code, unrelated to its token", async () => {
    const owner = await registerOwnerViaServices();
    const valuer = await createValuerViaApi(owner.token);
    const codes = await Promise.all(
      Array.from({ length: 12 }, () =>
        createCodeViaApi(owner.token, valuer.id, { valuationDate: RECENT_VALUATION.iso }),
      ),
    );
    const verificationCodes = codes.map((code) => code.verificationCode);
    expect(new Set(verificationCodes).size).toBe(12);
    for (const code of codes) {
      expect(code.verificationCode).toMatch(/^VS-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{2}$/);
      expect(code.publicToken.toUpperCase()).not.toContain(code.verificationCode.replace(/-/g, "").slice(2, 8));
    }
    const [stored] = await withDb((db) =>
      db.select({ verificationCode: qrCodes.verificationCode }).from(qrCodes).where(eq(qrCodes.id, codes[0]!.id)),
    );
    expect(formatVerificationCode(stored!.verificationCode)).toBe(codes[0]!.verificationCode);
  });
});
