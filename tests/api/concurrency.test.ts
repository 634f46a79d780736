import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { qrCodes } from "#schema/tables.ts";
import { codeInput } from "./fixtures/codes";
import { createCompanyWithMember } from "./fixtures/companies";
import { withDb } from "./fixtures/database";
import { api, ORIGIN } from "./fixtures/http";
import { scanLikePhone } from "./fixtures/scans";

/**
 * Load on one company loses nothing and duplicates nothing. (200 concurrent scans of one
 * code are counted exactly in scan-path.test.ts.)
 */
describe("concurrent code creation", () => {
  it("stores 50 codes created at once for one company, each once, with its own id, token and address", async () => {
    const { owner, member, valuer } = await createCompanyWithMember();
    const references = Array.from({ length: 50 }, (_, index) => `LOAD-${index}`);

    const responses = await Promise.all(
      references.map((reference, index) =>
        api("/api/qr-codes", {
          token: index % 2 ? member.token : owner.token,
          body: codeInput(valuer.id, { propertyReference: reference }),
        }),
      ),
    );

    expect(responses.map((res) => res.status)).toEqual(Array(50).fill(201));
    const created = responses.map((res) => res.body as { id: number; publicToken: string; propertyReference: string });
    expect(new Set(created.map((code) => code.id)).size).toBe(50);
    expect(new Set(created.map((code) => code.publicToken)).size).toBe(50);

    const rows = await withDb((db) =>
      db
        .select({
          id: qrCodes.id,
          publicToken: qrCodes.publicToken,
          qrCodeData: qrCodes.qrCodeData,
          propertyReference: qrCodes.propertyReference,
        })
        .from(qrCodes)
        .where(eq(qrCodes.companyId, owner.user.companyId!)),
    );
    expect(rows).toHaveLength(50);
    expect(rows.map((row) => row.propertyReference).sort()).toEqual([...references].sort());
    expect(rows.map((row) => row.id).sort()).toEqual(created.map((code) => code.id).sort());
    for (const row of rows) expect(row.qrCodeData).toBe(`${ORIGIN}/v/${row.publicToken}`);

    const stats = await api("/api/analytics/stats", { token: owner.token });
    expect(stats.body).toMatchObject({ totalQRCodes: 50, verifications: 0 });

    // Every one of them verifies, each counted once.
    const scans = await Promise.all(created.map((code) => scanLikePhone(code.publicToken)));
    expect(scans.map((res) => res.status)).toEqual(Array(50).fill(200));
    for (const page of scans) expect(page.body).toMatch(/<dt>Scan count<\/dt>\s*<dd>1<\/dd>/);
    expect((await api("/api/analytics/stats", { token: owner.token })).body.verifications).toBe(50);
  }, 120_000);
});
