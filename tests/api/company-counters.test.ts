import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { qrCodes } from "#schema/tables.ts";
import { registerOwnerViaServices } from "./fixtures/accounts";
import { createAdminViaDb } from "./fixtures/admins";
import { codeInput, createCodeViaApi } from "./fixtures/codes";
import { withDb } from "./fixtures/database";
import { api } from "./fixtures/http";
import { scanLikePhone, USER_AGENTS } from "./fixtures/scans";
import { createValuerViaApi } from "./fixtures/valuers";

/** The dashboard and admin numbers come from counters a trigger keeps; they must equal real counts. */
describe("company counters", () => {
  it("follow code creation, counted scans and code deletion", async () => {
    const owner = await registerOwnerViaServices();
    const admin = await createAdminViaDb();
    const valuer = await createValuerViaApi(owner.token);
    const first = await createCodeViaApi(owner.token, valuer.id);
    const second = await createCodeViaApi(owner.token, valuer.id);
    for (let i = 0; i < 3; i++)
      expect((await scanLikePhone(first.publicToken, { userAgent: USER_AGENTS.iphone })).status).toBe(200);
    expect((await scanLikePhone(second.publicToken, { userAgent: USER_AGENTS.iphone })).status).toBe(200);

    const stats = async () => (await api("/api/analytics/stats", { token: owner.token })).body;
    const adminRow = async () =>
      ((await api("/api/admin/companies-detailed", { token: admin.token })).body as Array<{ id: number }>).find(
        (company) => company.id === owner.user.company!.id,
      );
    expect(await stats()).toEqual({ totalQRCodes: 2, thisMonth: 2, verifications: 4, hasSealedReport: false });
    expect(await adminRow()).toMatchObject({ qrCodeCount: 2 });

    await withDb((db) => db.delete(qrCodes).where(eq(qrCodes.id, first.id)));
    expect(await stats()).toEqual({ totalQRCodes: 1, thisMonth: 1, verifications: 1, hasSealedReport: false });
    expect(await adminRow()).toMatchObject({ qrCodeCount: 1 });

    // A batch's codes are stored in one statement: the count follows all of them, then their deletion.
    const batch = await api("/api/qr-codes/batch", {
      token: owner.token,
      body: {
        codes: Array.from({ length: 30 }, (_, index) => ({ ...codeInput(valuer.id), externalReference: `C-${index}` })),
      },
    });
    expect(batch.status).toBe(200);
    expect(await adminRow()).toMatchObject({ qrCodeCount: 31 });
    await withDb((db) => db.delete(qrCodes).where(eq(qrCodes.companyId, owner.user.company!.id)));
    expect(await adminRow()).toMatchObject({ qrCodeCount: 0 });
  });
});
