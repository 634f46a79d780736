import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { purchases } from "#schema/tables.ts";
import { registerOwnerViaServices } from "./fixtures/accounts";
import { auditEntriesFor, createAdminViaDb } from "./fixtures/admins";
import { paidPurchase, startPurchase } from "./fixtures/billing";
import { withDb } from "./fixtures/database";
import { api } from "./fixtures/http";

const today = () => new Date().toISOString().slice(0, 10);

describe("billing for administrators", () => {
  it("sets a new price from today without changing what earlier purchases were charged", async () => {
    const admin = await createAdminViaDb();
    const owner = await registerOwnerViaServices();
    await api("/api/billing/details", {
      method: "PUT",
      token: owner.token,
      body: { legalName: "Baobab Valuers", postalAddress: "PO Box 1, Kampala", kraPin: "P051234567X", currency: "USD" },
    });
    const before = await api("/api/billing/purchases", { token: owner.token, body: { credits: 200 } });
    expect(before.body.purchase.netMinor).toBe(60_000);

    const set = await api("/api/admin/billing/prices", {
      token: admin.token,
      body: { credits: 200, currency: "USD", amount: "580.50", effectiveFrom: today() },
    });
    expect(set.status).toBe(201);
    const current = set.body.prices.filter(
      (price: { credits: number; currency: string; current: boolean }) =>
        price.credits === 200 && price.currency === "USD" && price.current,
    );
    expect(current).toEqual([expect.objectContaining({ netMinor: 58_050 })]);
    const billing = await api("/api/billing", { token: owner.token });
    expect(billing.body.packs.find((pack: { credits: number }) => pack.credits === 200)).toMatchObject({
      netMinor: 58_050,
      vatMinor: 9_288,
      totalMinor: 67_338,
    });
    const earlier = await api(`/api/billing/purchases/${before.body.purchase.id}`, { token: owner.token });
    expect(earlier.body.netMinor).toBe(60_000);
    const [audit] = await auditEntriesFor("price", [current[0].id]);
    expect(audit).toMatchObject({ action: "platform.price_set", actorEmail: admin.email });

    const backDated = await api("/api/admin/billing/prices", {
      token: admin.token,
      body: { credits: 10, currency: "KES", amount: "1", effectiveFrom: "2020-01-01" },
    });
    expect(backDated.status).toBe(422);
    for (const body of [
      { credits: 10, currency: "KES", amount: "-5", effectiveFrom: "2099-01-01" },
      { credits: 10, currency: "KES", amount: "12.345", effectiveFrom: "2099-01-01" },
      { credits: 10, currency: "EUR", amount: "10", effectiveFrom: "2099-01-01" },
      { credits: 7, currency: "KES", amount: "10", effectiveFrom: "2099-01-01" },
      { credits: 10, currency: "KES", amount: "10", effectiveFrom: "01/01/2099" },
    ]) {
      expect((await api("/api/admin/billing/prices", { token: admin.token, body })).status).toBe(400);
    }
  });

  it("shows purchases with their firm, flags one pending over an hour, and sums revenue per month", async () => {
    const admin = await createAdminViaDb();
    const owner = await registerOwnerViaServices();
    const paid = await paidPurchase(owner, 10);
    const pending = await startPurchase(owner, 50);
    await withDb((db) =>
      db
        .update(purchases)
        .set({ createdAt: sql`now() - interval '61 minutes'` })
        .where(eq(purchases.publicId, pending.purchaseId)),
    );
    const overview = (await api("/api/admin/billing", { token: admin.token })).body;
    const byId = new Map(overview.purchases.map((purchase: { id: string }) => [purchase.id, purchase]));
    expect(byId.get(paid.purchaseId)).toMatchObject({
      status: "paid",
      stale: false,
      companyName: owner.user.company!.name,
    });
    expect(byId.get(pending.purchaseId)).toMatchObject({ status: "pending", stale: true });
    expect(overview.stalePending).toBeGreaterThanOrEqual(1);
    const month = new Date().toISOString().slice(0, 7);
    expect(overview.revenue).toContainEqual(
      expect.objectContaining({ month, currency: "KES", paidMinor: expect.any(Number) }),
    );
    const kes = overview.revenue.find(
      (row: { month: string; currency: string }) => row.month === month && row.currency === "KES",
    );
    expect(kes.paidMinor).toBeGreaterThanOrEqual(580_000);
  });
});
