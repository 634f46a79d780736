import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { platformFiguresAnswer, type PlatformFigures } from "../../schema/responses";
import { registerOwnerViaServices } from "./fixtures/accounts";
import { insertCode } from "./fixtures/codes";
import { withDb } from "./fixtures/database";
import { api } from "./fixtures/http";

/**
 * The platform's own counts, as the figures define them, read straight from the tables: codes by the
 * companies' own counters (kept by the trigger on qr_codes, tests/api/company-counters.test.ts).
 */
const countsNow = () =>
  withDb(async (db) => {
    const result = await db.execute<{ verified_firms: string; codes_issued: string; scans: string }>(sql`SELECT
      (SELECT count(*) FROM companies
        WHERE kind = 'issuer' AND verification_status = 'verified' AND is_active AND suspended_at IS NULL) AS verified_firms,
      (SELECT coalesce(sum(qr_code_count), 0) FROM companies) AS codes_issued,
      (SELECT count(*) FROM scan_events WHERE counted AND qr_code_id IS NOT NULL
        AND scanned_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS scans`);
    const row = result.rows[0]!;
    return {
      verifiedFirms: Number(row.verified_firms),
      codesIssued: Number(row.codes_issued),
      scans: Number(row.scans),
    };
  });

const figures = async () => platformFiguresAnswer.parse((await api("/api/public/platform-figures")).body);

/** Other files add codes, firms and scans meanwhile: a figure lies between the counts before and after it. */
function expectBetween(shown: PlatformFigures, before: Awaited<ReturnType<typeof countsNow>>, after: typeof before) {
  expect(shown.codesIssued).toBeGreaterThanOrEqual(before.codesIssued);
  expect(shown.codesIssued).toBeLessThanOrEqual(after.codesIssued);
  expect(shown.scansThisMonth).toBeGreaterThanOrEqual(before.scans);
  expect(shown.scansThisMonth).toBeLessThanOrEqual(after.scans);
  expect(shown.verifiedFirms).toBeLessThanOrEqual(after.verifiedFirms + 5);
  expect(shown.verifiedFirms).toBeGreaterThanOrEqual(before.verifiedFirms - 5);
}

describe("the landing page's figures", () => {
  it("are the platform's own counts, counted on the first visit", async () => {
    await withDb((db) => db.execute(sql`DELETE FROM platform_figures`));
    await insertCode(await registerOwnerViaServices());
    const before = await countsNow();
    const shown = await figures();
    const after = await countsNow();
    expectBetween(shown, before, after);
    expect(shown.codesIssued).toBeGreaterThan(0);
  });

  it("are counted again after an hour, behind the answer: the visit that finds them old is not kept waiting", async () => {
    const firm = await registerOwnerViaServices();
    const counted = await figures();
    await insertCode(firm);
    const before = await countsNow();
    await withDb((db) => db.execute(sql`UPDATE platform_figures SET counted_at = now() - interval '2 hours'`));
    // The visit that finds them old answers them as they were, and the count it starts runs after.
    const stale = await figures();
    expect(stale.codesIssued).toBe(counted.codesIssued);
    await expect.poll(async () => (await figures()).countedAt, { timeout: 10_000 }).not.toBe(stale.countedAt);
    const recounted = await figures();
    const after = await countsNow();
    expect(recounted.codesIssued).toBeGreaterThan(stale.codesIssued);
    expect(recounted.codesIssued).toBeLessThanOrEqual(after.codesIssued);
    expect(recounted.codesIssued).toBeGreaterThanOrEqual(before.codesIssued);
  });
});
