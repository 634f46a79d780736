import { createExecutionContext, createScheduledController, env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { codeScanCounts, codeScanDays, codeVisitors, scanEvents, visitorSalts } from "#schema/tables.ts";
import { registerOwnerViaServices } from "./fixtures/accounts";
import { insertCode, VEHICLE_CODE, verificationCount } from "./fixtures/codes";
import { withDb } from "./fixtures/database";
import { api, randomIp } from "./fixtures/http";
import { scanEventsOf, scanLikePhone, USER_AGENTS } from "./fixtures/scans";
import { runHourlyJobs } from "./fixtures/jobs";
import { DAY_MS } from "#schema/limits.ts";
import type { Bindings } from "#worker/bindings.ts";
import { visitorHash } from "#worker/lib/scan-visitor.ts";
import worker from "#worker/index.ts";

const ANDROID_TABLET =
  "Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";
const WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";

const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * Earlier counted scans by one visitor, logged and counted as the scan path would have (on a shard of
 * their own), and the days before today rolled up as the hourly job would have.
 */
async function insertScans(code: { id: number; companyId: number }, times: Date[]) {
  const today = utcDay(Date.now());
  const perDay = new Map<string, number>();
  for (const time of times) {
    const day = utcDay(time.getTime());
    if (day < today) perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  await withDb(async (db) => {
    if (perDay.size) {
      await db.insert(codeScanDays).values(
        [...perDay].map(([day, count]) => ({
          codeId: code.id,
          companyId: code.companyId,
          day,
          counted: count,
          visits: count,
          visitors: 1,
        })),
      );
    }
    await db.insert(scanEvents).values(
      times.map((scannedAt) => ({
        qrCodeId: code.id,
        companyId: code.companyId,
        scannedAt,
        country: "KE",
        city: "Mombasa",
        deviceClass: "desktop",
        visitorHash: "a".repeat(64),
      })),
    );
    await db
      .insert(codeScanCounts)
      .values({ codeId: code.id, companyId: code.companyId, shard: 99, scans: times.length, visitors: 1 });
    const latest = Math.max(...times.map((time) => time.getTime()));
    await db
      .insert(codeVisitors)
      .values({ codeId: code.id, visitorHash: "a".repeat(64), lastSeenMonth: `${utcDay(latest).slice(0, 7)}-01` });
  });
}

/** Moves a code's logged scans (and its visitors' latest months with them) back in time by `days`. */
const ageScans = (codeId: number, days: number) =>
  withDb(async (db) => {
    await db.execute(sql`UPDATE scan_events SET scanned_at = scanned_at - make_interval(days => ${days})
      WHERE qr_code_id = ${codeId}`);
    await db.execute(sql`UPDATE code_visitors
      SET last_seen_month = date_trunc('month', (last_seen_month - make_interval(days => ${days}))::timestamp)::date,
        last_counted_at = last_counted_at - make_interval(days => ${days})
      WHERE code_id = ${codeId}`);
  });

const visitorMonths = (codeId: number) =>
  withDb(async (db) =>
    (
      await db.execute<{ month: string }>(
        sql`SELECT last_seen_month::text AS month FROM code_visitors WHERE code_id = ${codeId} ORDER BY 1`,
      )
    ).rows.map((row) => row.month),
  );

describe("GET /api/qr-codes/:id/scans", () => {
  it("returns the latest scans, 30 days of daily counts with zeros, and unique scanners", async () => {
    const owner = await registerOwnerViaServices();
    const code = await insertCode(owner);
    const phone = randomIp();
    await scanLikePhone(code.publicToken, { ip: phone });
    await scanLikePhone(code.publicToken, { ip: phone });
    await scanLikePhone(code.publicToken, { userAgent: ANDROID_TABLET });
    await scanLikePhone(code.publicToken, { userAgent: WINDOWS });
    await insertScans(code, [new Date(Date.now() - 3 * DAY_MS), new Date(Date.now() - 40 * DAY_MS)]);

    const res = await api(`/api/qr-codes/${code.id}/scans`, { token: owner.token });

    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["daily", "scans", "uniqueScanners"]);
    expect(res.body.scans).toHaveLength(6);
    expect(res.body.scans[0]).toEqual({
      at: expect.any(String),
      kind: "scan",
      counted: true,
      country: null,
      city: null,
      deviceClass: "desktop",
      page: null,
      checkVerdict: null,
    });
    expect(res.body.scans.slice(0, 4).map((s: { deviceClass: string }) => s.deviceClass)).toEqual([
      "desktop",
      "tablet",
      "mobile",
      "mobile",
    ]);
    expect(res.body.scans[5]).toMatchObject({ country: "KE", city: "Mombasa" });
    // The same phone again within ten minutes is in the log but was not counted again.
    expect(res.body.scans.slice(2, 4).map((s: { counted: boolean }) => s.counted)).toEqual([false, true]);
    // Two scans from the same phone are one scanner; the seeded rows share one visitor.
    expect(res.body.uniqueScanners).toBe(4);

    const { daily } = res.body as { daily: { date: string; count: number }[] };
    expect(daily).toHaveLength(30);
    expect(daily.at(-1)).toEqual({ date: utcDay(Date.now()), count: 3 });
    expect(daily[0]!.date).toBe(utcDay(Date.now() - 29 * DAY_MS));
    expect(daily.find((day) => day.date === utcDay(Date.now() - 3 * DAY_MS))?.count).toBe(1);
    expect(daily.reduce((sum, day) => sum + day.count, 0)).toBe(4);
  });

  it("counts a visitor once, whether they come back weeks later or open the code in many tabs at once", async () => {
    const owner = await registerOwnerViaServices();
    const code = await insertCode(owner);
    const phone = randomIp();
    await scanLikePhone(code.publicToken, { ip: phone });
    await ageScans(code.id, 40);
    await scanLikePhone(code.publicToken, { ip: phone });
    // Twenty tabs of another phone opening it at once are one scanner.
    const tablet = randomIp();
    await Promise.all(
      Array.from({ length: 20 }, () => scanLikePhone(code.publicToken, { ip: tablet, userAgent: ANDROID_TABLET })),
    );

    const res = await api(`/api/qr-codes/${code.id}/scans`, { token: owner.token });

    expect(res.body.scans).toHaveLength(22);
    expect(res.body.scans.slice(20).map((scan: { counted: boolean }) => scan.counted)).toEqual([true, true]);
    expect(res.body.uniqueScanners).toBe(2);
    // The phone twice (weeks apart) and the tablet once: its tabs decided one after the other.
    expect(await verificationCount(code.id)).toBe(3);
    expect(res.body.scans.filter((scan: { counted: boolean }) => scan.counted)).toHaveLength(3);
    // The returning phone's latest month moved on with its scan (what the retention goes by).
    const thisMonth = `${utcDay(Date.now()).slice(0, 7)}-01`;
    expect(await visitorMonths(code.id)).toEqual([thisMonth, thisMonth]);
  });

  it("keeps only the latest 100 scans in the list", async () => {
    const owner = await registerOwnerViaServices();
    const code = await insertCode(owner);
    const now = Date.now();
    await insertScans(
      code,
      Array.from({ length: 105 }, (_, index) => new Date(now - index * 60_000)),
    );
    const res = await api(`/api/qr-codes/${code.id}/scans`, { token: owner.token });
    expect(res.body.scans).toHaveLength(100);
    expect(new Date(res.body.scans[0].at).getTime()).toBe(now);
  });

  it("hides other companies' codes", async () => {
    const owner = await registerOwnerViaServices();
    const foreign = await insertCode(await registerOwnerViaServices());
    expect((await api(`/api/qr-codes/${foreign.id}/scans`, { token: owner.token })).status).toBe(404);
    expect((await api(`/api/qr-codes/${foreign.id}/scans`)).status).toBe(401);
  });

  it("reads finished days from their roll-up, so the chart survives the raw history's retention", async () => {
    const owner = await registerOwnerViaServices();
    const code = await insertCode(owner);
    const fiveDaysAgo = utcDay(Date.now() - 5 * DAY_MS);
    // A day whose raw rows are gone (past retention, say): only its roll-up is left.
    await withDb((db) =>
      db
        .insert(codeScanDays)
        .values({ codeId: code.id, companyId: code.companyId, day: fiveDaysAgo, counted: 7, visits: 9, visitors: 5 }),
    );
    await scanLikePhone(code.publicToken);
    const res = await api(`/api/qr-codes/${code.id}/scans`, { token: owner.token });
    const daily = res.body.daily as { date: string; count: number }[];
    expect(daily.find((day) => day.date === fiveDaysAgo)).toEqual({ date: fiveDaysAgo, count: 7 });
    expect(daily.at(-1)).toEqual({ date: utcDay(Date.now()), count: 1 });
  });

  it("the hourly job keeps the scan log's months ready ahead and leaves today to the raw rows", async () => {
    const owner = await registerOwnerViaServices();
    const code = await insertCode(owner);
    await worker.scheduled(
      createScheduledController({ scheduledTime: Date.now(), cron: "0 * * * *" }),
      env as Bindings,
      createExecutionContext(),
    );
    const months = await withDb(async (db) => {
      const result = await db.execute<{ name: string }>(sql`SELECT child.relname AS name
        FROM pg_inherits link JOIN pg_class child ON child.oid = link.inhrelid
        WHERE link.inhparent = 'scan_events'::regclass`);
      return result.rows.map((row) => row.name);
    });
    const inTwoMonths = new Date();
    inTwoMonths.setUTCDate(1);
    inTwoMonths.setUTCMonth(inTwoMonths.getUTCMonth() + 2);
    for (const at of [new Date(), inTwoMonths]) {
      expect(months).toContain(`scan_events_${at.toISOString().slice(0, 7).replace("-", "_")}`);
    }
    // A scan after the run is still today's, in the chart and the total.
    await scanLikePhone(code.publicToken);
    const res = await api(`/api/qr-codes/${code.id}/scans`, { token: owner.token });
    expect(res.body.daily.at(-1)).toEqual({ date: utcDay(Date.now()), count: 1 });
  });
});

describe("GET /api/scans/recent", () => {
  it("lists the latest scans of the company's codes with the code's address", async () => {
    const owner = await registerOwnerViaServices();
    const first = await insertCode(owner, { propertyAddress: "First House" });
    const second = await insertCode(owner, { propertyAddress: "Second House" });
    const stranger = await insertCode(await registerOwnerViaServices());
    await scanLikePhone(first.publicToken);
    await scanLikePhone(second.publicToken, { userAgent: WINDOWS });
    await scanLikePhone(stranger.publicToken);
    await scanLikePhone(first.publicToken, { userAgent: USER_AGENTS.iphone });

    const res = await api("/api/scans/recent", { token: owner.token });

    expect(res.status).toBe(200);
    expect(res.body.scans).toHaveLength(3);
    expect(res.body.scans[0]).toEqual({
      at: expect.any(String),
      kind: "scan",
      counted: true,
      country: null,
      city: null,
      deviceClass: "mobile",
      page: null,
      checkVerdict: null,
      code: {
        id: first.id,
        publicToken: first.publicToken,
        propertyType: "Real Estate",
        propertyAddress: "First House",
        propertyReference: "VAL-2025-001",
        propertyArea: null,
      },
    });
    expect(res.body.scans[1].code.propertyAddress).toBe("Second House");

    const limited = await api("/api/scans/recent?limit=2", { token: owner.token });
    expect(limited.body.scans).toHaveLength(2);
  });

  it("gives a Motor Vehicle's type, reference number and description, which name it in place of an address", async () => {
    const owner = await registerOwnerViaServices();
    const vehicle = await insertCode(owner, VEHICLE_CODE);
    await scanLikePhone(vehicle.publicToken);

    const res = await api("/api/scans/recent", { token: owner.token });

    expect(res.body.scans.map((scan: { code: unknown }) => scan.code)).toEqual([
      {
        id: vehicle.id,
        publicToken: vehicle.publicToken,
        propertyType: "Motor Vehicle",
        propertyAddress: "",
        propertyReference: "KDA 123A",
        propertyArea: "Toyota Land Cruiser 2021, white",
      },
    ]);
  });

  it("reaches back past the last month for a company whose recent scans are fewer than asked", async () => {
    const owner = await registerOwnerViaServices();
    const old = await insertCode(owner, { propertyAddress: "Older House" });
    const recent = await insertCode(owner, { propertyAddress: "Recent House" });
    await scanLikePhone(old.publicToken);
    await scanLikePhone(old.publicToken, { userAgent: WINDOWS });
    await ageScans(old.id, 60);
    await scanLikePhone(recent.publicToken);

    const addresses = async (limit: number) =>
      (await api(`/api/scans/recent?limit=${limit}`, { token: owner.token })).body.scans.map(
        (scan: { code: { propertyAddress: string } }) => scan.code.propertyAddress,
      );

    expect(await addresses(10)).toEqual(["Recent House", "Older House", "Older House"]);
    expect(await addresses(2)).toEqual(["Recent House", "Older House"]);
    expect(await addresses(1)).toEqual(["Recent House"]);
  });

  it("validates the limit", async () => {
    const owner = await registerOwnerViaServices();
    for (const limit of ["0", "51", "abc"]) {
      expect((await api(`/api/scans/recent?limit=${limit}`, { token: owner.token })).status).toBe(400);
    }
  });
});

describe("what a scan keeps, and for how long (decision 064)", () => {
  it("keeps a code's scans past the retention only as daily counts, with no visitor hash left", async () => {
    const owner = await registerOwnerViaServices();
    const code = await insertCode(owner);
    const ip = randomIp();
    await scanLikePhone(code.publicToken, { ip });
    const [recent] = await scanEventsOf(code.id);
    // 25 months ago, past the 24 months' retention: a day of scans by one phone, rolled up as the
    // hourly job rolled it up then.
    const old = new Date(Date.now() - 25 * 31 * DAY_MS);
    const oldDay = utcDay(old.getTime());
    const oldHash = "b".repeat(64);
    await withDb(async (db) => {
      await db.insert(scanEvents).values(
        [0, 1, 2].map((minutes) => ({
          qrCodeId: code.id,
          companyId: code.companyId,
          scannedAt: new Date(old.getTime() + minutes * 60_000),
          country: "KE",
          city: "Nakuru",
          deviceClass: "mobile",
          visitorHash: oldHash,
        })),
      );
      await db
        .insert(codeVisitors)
        .values({ codeId: code.id, visitorHash: oldHash, lastSeenMonth: `${oldDay.slice(0, 7)}-01` });
      await db
        .insert(codeScanDays)
        .values({ codeId: code.id, companyId: code.companyId, day: oldDay, counted: 1, visits: 3, visitors: 1 });
    });

    await runHourlyJobs();

    const kept = await scanEventsOf(code.id);
    expect(kept.map((event) => event.visitorHash)).toEqual([recent!.visitorHash]);
    const visitors = await withDb((db) =>
      db
        .select({ hash: codeVisitors.visitorHash })
        .from(codeVisitors)
        .where(sql`${codeVisitors.codeId} = ${code.id}`),
    );
    expect(visitors.map(({ hash }) => hash)).not.toContain(oldHash);
    const days = await withDb((db) =>
      db
        .select({ day: codeScanDays.day, counted: codeScanDays.counted, visits: codeScanDays.visits })
        .from(codeScanDays)
        .where(sql`${codeScanDays.codeId} = ${code.id}`)
        .orderBy(codeScanDays.day),
    );
    // The old day's counts stay; today's scan is in today's row, added as it was counted.
    expect(days).toEqual([
      { day: oldDay, counted: 1, visits: 3 },
      { day: utcDay(Date.now()), counted: 1, visits: 1 },
    ]);
  });

  it("keys visitor hashes by a yearly salt, deleted once its year is over", async () => {
    const owner = await registerOwnerViaServices();
    const code = await insertCode(owner);
    const lastYear = new Date().getUTCFullYear() - 1;
    await withDb((db) =>
      db
        .insert(visitorSalts)
        .values({ year: lastYear, salt: "c".repeat(64) })
        .onConflictDoNothing(),
    );
    // The same phone twice this year: one visitor.
    const ip = randomIp();
    await scanLikePhone(code.publicToken, { ip });
    await scanLikePhone(code.publicToken, { ip });
    const hashes = new Set((await scanEventsOf(code.id)).map((event) => event.visitorHash));
    expect(hashes.size).toBe(1);
    // The hash is this year's salt and the network, and nothing that outlives the salt.
    const [thisYear] = await withDb((db) =>
      db
        .select({ salt: visitorSalts.salt })
        .from(visitorSalts)
        .where(eq(visitorSalts.year, new Date().getUTCFullYear())),
    );
    const saltBytes = Uint8Array.from(thisYear!.salt.match(/../g)!, (byte) => parseInt(byte, 16));
    expect([...hashes]).toEqual([await visitorHash(saltBytes, ip)]);

    await runHourlyJobs();

    const years = await withDb((db) => db.select({ year: visitorSalts.year }).from(visitorSalts));
    expect(years).toEqual([{ year: new Date().getUTCFullYear() }]);
    // This year's salt stays: the phone is still the same visitor.
    await scanLikePhone(code.publicToken, { ip });
    expect(new Set((await scanEventsOf(code.id)).map((event) => event.visitorHash))).toEqual(hashes);
  });
});
