import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { TRIAL_CREDITS } from "#schema/limits/billing.ts";
import { creditEntries, qrCodes } from "#schema/tables.ts";
import { changeCredits } from "#worker/services/billing/credits.ts";
import {
  confirmEmailViaInbox,
  registerOwnerViaServices,
  registerUnconfirmedOwnerViaApi,
  TEST_FIRM_CREDITS,
} from "./fixtures/accounts";
import { codeInput } from "./fixtures/codes";
import { createAdminViaDb, auditEntriesFor } from "./fixtures/admins";
import { createCompanyWithMember } from "./fixtures/companies";
import { emailsTo, waitForEmail, waitForEmails } from "#tests/shared/inbox.ts";
import { withDb } from "./fixtures/database";
import { api, ORIGIN, unique } from "./fixtures/http";

/** Leaves the firm exactly `credits`, through an administrator's reversal as the ledger records it. */
async function leaveCredits(companyId: number, credits: number) {
  const billing = await withDb((db) =>
    db.execute<{ balance: number }>(sql`SELECT balance FROM credit_balances WHERE company_id = ${companyId}`),
  );
  const balance = billing.rows[0]?.balance ?? 0;
  if (balance === credits) return;
  await withDb((db) =>
    changeCredits(db, {
      companyId,
      kind: balance > credits ? "reversal" : "grant",
      credits: credits - balance,
      idempotencyKey: unique("set-balance"),
      reason: "Test balance",
    }),
  );
}

const ledgerOf = (companyId: number) =>
  withDb((db) =>
    db
      .select({ kind: creditEntries.kind, credits: creditEntries.credits, balanceAfter: creditEntries.balanceAfter })
      .from(creditEntries)
      .where(eq(creditEntries.companyId, companyId))
      .orderBy(creditEntries.id),
  );

const codesOf = (companyId: number) => withDb((db) => db.$count(qrCodes, eq(qrCodes.companyId, companyId)));

const batchOf = (valuerId: number, count: number, prefix: string) =>
  Array.from({ length: count }, (_, index) => ({ ...codeInput(valuerId), externalReference: `${prefix}-${index}` }));

describe("paying for codes with credits", () => {
  it("gives a new firm its trial credits once, when its owner confirms their email", async () => {
    const owner = await registerUnconfirmedOwnerViaApi();
    const before = await api("/api/billing", { token: owner.token });
    expect(before.body).toMatchObject({ balance: 0, ledger: { items: [], total: 0 } });

    await confirmEmailViaInbox(owner.email);
    const after = await api("/api/billing", { token: owner.token });
    expect(after.status).toBe(200);
    expect(after.body.balance).toBe(TRIAL_CREDITS);
    expect(after.body.ledger.items).toEqual([
      expect.objectContaining({ kind: "trial", credits: TRIAL_CREDITS, balanceAfter: TRIAL_CREDITS, codeId: null }),
    ]);
  });

  it("charges one credit per code and answers 402 with where to buy once they are spent", async () => {
    const { owner, member, valuer } = await createCompanyWithMember();
    const companyId = owner.user.companyId!;
    await leaveCredits(companyId, 1);

    const paid = await api("/api/qr-codes", { token: member.token, body: codeInput(valuer.id) });
    expect(paid.status).toBe(201);
    const refused = await api("/api/qr-codes", { token: member.token, body: codeInput(valuer.id) });
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({
      code: "payment_required",
      message: "Buy code credits to generate a code",
      errors: ["credits: You have 0 credits", `billing: Buy credits at ${ORIGIN}/billing`],
    });

    // The member sees the balance and what paid for what.
    const billing = await api("/api/billing", { token: member.token });
    expect(billing.body.balance).toBe(0);
    expect(billing.body.ledger.items[0]).toMatchObject({
      kind: "issue",
      credits: -1,
      balanceAfter: 0,
      codeId: paid.body.id,
    });
    expect(await codesOf(companyId)).toBe(1);
  });

  it("with a balance of 10, 50 creates at once give exactly 10 codes and 40 × 402, and the ledger sums to the balance", async () => {
    const { owner, member, valuer } = await createCompanyWithMember();
    const companyId = owner.user.companyId!;
    await leaveCredits(companyId, 10);

    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        api("/api/qr-codes", {
          token: index % 2 ? member.token : owner.token,
          body: codeInput(valuer.id, { propertyReference: `RUSH-${index}` }),
        }),
      ),
    );
    const statuses = responses.map((res) => res.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 402)).toHaveLength(40);
    expect(await codesOf(companyId)).toBe(10);

    const ledger = await ledgerOf(companyId);
    const balance = (await api("/api/billing", { token: owner.token })).body.balance;
    expect(balance).toBe(0);
    expect(ledger.reduce((sum, entry) => sum + entry.credits, 0)).toBe(balance);
    expect(ledger.filter((entry) => entry.kind === "issue")).toHaveLength(10);
    // Each entry's balance follows from the one before: no debit saw a stale balance.
    ledger.reduce((before, entry) => {
      expect(entry.balanceAfter).toBe(before + entry.credits);
      return entry.balanceAfter;
    }, 0);
  }, 120_000);

  it("charges a create retried with its Idempotency-Key once", async () => {
    const { owner, valuer } = await createCompanyWithMember();
    const companyId = owner.user.companyId!;
    await leaveCredits(companyId, 5);
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    const body = codeInput(valuer.id);
    const first = await api("/api/qr-codes", { token: owner.token, body, headers });
    const again = await api("/api/qr-codes", { token: owner.token, body, headers });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.id).toBe(first.body.id);
    expect((await api("/api/billing", { token: owner.token })).body.balance).toBe(4);
  });

  it("warns the owner once when the credits fall to 3 and once when they run out", async () => {
    const { owner, member, valuer } = await createCompanyWithMember();
    await leaveCredits(owner.user.companyId!, 5);
    for (let index = 0; index < 5; index += 1) {
      expect((await api("/api/qr-codes", { token: member.token, body: codeInput(valuer.id) })).status).toBe(201);
    }
    const subject = (balance: string) => `${owner.user.company!.name} has ${balance}`;
    await waitForEmail(owner.email, subject("no code credits left"));
    const warnings = (await emailsTo(owner.email)).filter((email) => email.subject.includes("code credit"));
    expect(warnings.map((email) => email.subject)).toEqual([
      `ValuSeal: ${subject("3 code credits left")}`,
      `ValuSeal: ${subject("no code credits left")}`,
    ]);
    expect(warnings[0]!.text).toContain(`${ORIGIN}/billing`);

    // A batch that crosses both thresholds at once says only that the credits ran out.
    await leaveCredits(owner.user.companyId!, 6);
    const batch = await api("/api/qr-codes/batch", {
      token: owner.token,
      body: { codes: batchOf(valuer.id, 6, "ALL") },
    });
    expect(batch.status).toBe(200);
    await waitForEmails(owner.email, (email) => email.subject.includes("no code credits left"), { count: 2 });
    const after = (await emailsTo(owner.email)).filter((email) => email.subject.includes("code credit"));
    expect(after).toHaveLength(3);
  });

  it("issues nothing from a batch the balance cannot pay for, and says how many credits it needs", async () => {
    const { owner, valuer } = await createCompanyWithMember();
    const companyId = owner.user.companyId!;
    await leaveCredits(companyId, 2);
    const refused = await api("/api/qr-codes/batch", {
      token: owner.token,
      body: { codes: batchOf(valuer.id, 3, "SHORT") },
    });
    expect(refused.status).toBe(402);
    expect(refused.body.errors).toEqual([
      "credits: 3 codes need 3 credits; you have 2",
      `billing: Buy credits at ${ORIGIN}/billing`,
    ]);
    expect(await codesOf(companyId)).toBe(0);

    const rows = batchOf(valuer.id, 2, "SHORT");
    const paid = await api("/api/qr-codes/batch", { token: owner.token, body: { codes: rows } });
    expect(paid.status).toBe(200);
    expect(paid.body.results.map((result: { status: string }) => result.status)).toEqual(["created", "created"]);
    const ledger = await ledgerOf(companyId);
    expect(ledger.slice(-2)).toEqual([
      { kind: "issue", credits: -1, balanceAfter: 1 },
      { kind: "issue", credits: -1, balanceAfter: 0 },
    ]);
    // Sent again, the batch answers its codes and charges nothing more.
    const again = await api("/api/qr-codes/batch", { token: owner.token, body: { codes: rows } });
    expect(again.body.results.map((result: { status: string }) => result.status)).toEqual(["existing", "existing"]);
    expect((await api("/api/billing", { token: owner.token })).body.balance).toBe(0);
  });

  it("keeps the ledger append-only and never lets a balance go below zero", async () => {
    const { owner } = await createCompanyWithMember();
    const companyId = owner.user.companyId!;
    await expect(
      withDb((db) => db.execute(sql`UPDATE credit_entries SET credits = 1000 WHERE company_id = ${companyId}`)),
    ).rejects.toThrow();
    await expect(
      withDb((db) => db.execute(sql`DELETE FROM credit_entries WHERE company_id = ${companyId}`)),
    ).rejects.toThrow();
    const reversal = withDb((db) =>
      changeCredits(db, {
        companyId,
        kind: "reversal",
        credits: -(TRIAL_CREDITS + TEST_FIRM_CREDITS + 1),
        idempotencyKey: unique("too-much"),
        reason: "More than the firm has",
      }),
    );
    await expect(reversal).rejects.toMatchObject({ status: 409 });
    expect((await api("/api/billing", { token: owner.token })).body.balance).toBe(TRIAL_CREDITS + TEST_FIRM_CREDITS);
  });

  it("charges lenders nothing and shows them no billing", async () => {
    const lender = await registerOwnerViaServices({ organisationKind: "lender", lenderType: "bank" });
    const res = await api("/api/billing", { token: lender.token });
    expect(res.status).toBe(403);
  });

  it("lets an administrator grant and reverse credits with a reason, audited and told to the owner", async () => {
    const admin = await createAdminViaDb();
    const { owner, member } = await createCompanyWithMember();
    const companyId = owner.user.companyId!;
    await leaveCredits(companyId, 4);
    const grant = (body: unknown, token = admin.token) =>
      api(`/api/admin/companies/${companyId}/credits`, { token, body });

    const granted = await grant({ credits: 20, reason: "Refund of a mistyped batch" });
    expect(granted.status).toBe(200);
    expect(granted.body).toEqual({ message: "20 credits granted", balance: 24 });
    const email = await waitForEmail(owner.email, `ValuSeal: 20 code credits added for ${owner.user.company!.name}`);
    expect(email.text).toContain("Refund of a mistyped batch");
    expect(email.text).toContain("Your balance is now 24 credits");

    const reversed = await grant({ credits: -4, reason: "Granted twice by mistake" });
    expect(reversed.body).toEqual({ message: "4 credits reversed", balance: 20 });
    expect((await grant({ credits: -21, reason: "More than the firm has" })).status).toBe(409);
    expect((await grant({ credits: 0, reason: "Nothing" })).status).toBe(400);
    expect((await grant({ credits: 1.5, reason: "Half a code" })).status).toBe(400);
    expect((await grant({ credits: 5 })).status).toBe(400);
    expect((await grant({ credits: 5, reason: "A member cannot" }, member.token)).status).toBe(403);

    const billing = await api("/api/billing", { token: member.token });
    expect(billing.body.balance).toBe(20);
    expect(billing.body.ledger.items.slice(0, 2)).toEqual([
      expect.objectContaining({ kind: "reversal", credits: -4, balanceAfter: 20, reason: "Granted twice by mistake" }),
      expect.objectContaining({ kind: "grant", credits: 20, balanceAfter: 24, reason: "Refund of a mistyped batch" }),
    ]);
    const audit = await auditEntriesFor("company", [companyId]);
    const creditChanges = audit.filter((entry) => entry.action.startsWith("company.credits_"));
    expect(creditChanges.map((entry) => [entry.action, entry.actorEmail])).toEqual([
      ["company.credits_granted", admin.email],
      ["company.credits_reversed", admin.email],
    ]);

    const lender = await registerOwnerViaServices({ organisationKind: "lender", lenderType: "bank" });
    const toLender = await api(`/api/admin/companies/${lender.user.companyId}/credits`, {
      token: admin.token,
      body: { credits: 5, reason: "Lenders pay nothing" },
    });
    expect(toLender.status).toBe(404);
  });
});
