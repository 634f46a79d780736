import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type SignedRecordFile } from "#schema/responses/seals.ts";
import { RECORD_TYPES, type KeyHistory } from "#schema/signed-records.ts";
import { apiKeys, companies, creditEntries, qrCodes, users, valuers, webhookEndpoints } from "#schema/tables.ts";
import { verifyRecord } from "#verifier/records.ts";
import { type Account, companyIdOf, registerOwnerViaServices, sessionCount } from "./fixtures/accounts";
import { createCodeViaApi } from "./fixtures/codes";
import { withDb } from "./fixtures/database";
import { api, unique } from "./fixtures/http";
import { runHourlyJobs } from "./fixtures/jobs";
import { addMemberViaApi } from "./fixtures/team";
import { createValuerViaApi } from "./fixtures/valuers";
import { waitForEmail } from "#tests/shared/inbox.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

const currentUser = async (account: Account) => api("/api/auth/user", { token: account.token });

/** Moves the clock past a grace: the scheduled moment is put an hour in the past. */
const graceEndsFor = (what: { userId?: number; companyId?: number }) =>
  withDb(async (db) => {
    const past = new Date(Date.now() - 60 * 60 * 1000);
    if (what.userId) await db.update(users).set({ deletionDueAt: past }).where(eq(users.id, what.userId));
    if (what.companyId) await db.update(companies).set({ closureDueAt: past }).where(eq(companies.id, what.companyId));
  });

/**
 * Every table whose text holds `needle` (case-insensitive), by casting each row to text: what a
 * person searching the whole database for an address would find.
 */
async function tablesHolding(needle: string) {
  return withDb(async (db) => {
    const tables = await db.execute<{ name: string }>(sql`
      SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
      WHERE schemaname = 'public' ORDER BY tablename`);
    const found: string[] = [];
    for (const { name } of tables.rows) {
      const hit = await db.execute(
        sql`SELECT 1 FROM ${sql.raw(name)} t WHERE strpos(lower(t::text), ${needle.toLowerCase()}) > 0 LIMIT 1`,
      );
      if (hit.rows.length > 0) found.push(name.replace(/^public\./, ""));
    }
    return found;
  });
}

describe("deleting one's own account", () => {
  it("asks for the password, shows the date on every screen's user, and can be undone", async () => {
    const owner = await registerOwnerViaServices();
    const member = await addMemberViaApi(owner);

    const wrong = await api("/api/profile/deletion", { token: member.token, body: { currentPassword: "nope" } });
    expect(wrong).toMatchObject({ status: 400, body: { errors: ["currentPassword: Current password is incorrect"] } });

    const asked = await api("/api/profile/deletion", {
      token: member.token,
      body: { currentPassword: member.password },
    });
    expect(asked.status).toBe(202);
    const due = new Date(asked.body.deletionDueAt).getTime();
    expect(due - Date.now()).toBeGreaterThan(29.9 * DAY_MS);
    expect(due - Date.now()).toBeLessThan(30.1 * DAY_MS);
    expect(asked.body.message).toMatch(
      /^Your account will be deleted on \d{1,2} \w+ \d{4}\. You can undo this until then\.$/,
    );
    expect((await currentUser(member)).body.deletionDueAt).toBe(asked.body.deletionDueAt);
    const email = await waitForEmail(member.email, "your account will be deleted on");
    expect(email.text).toContain("Codes you issued stay verifiable");

    const again = await api("/api/profile/deletion", {
      token: member.token,
      body: { currentPassword: member.password },
    });
    expect(again).toMatchObject({ status: 409, body: { message: "Deletion is already scheduled" } });

    const undone = await api("/api/profile/deletion", { method: "DELETE", token: member.token });
    expect(undone).toMatchObject({ status: 200, body: { message: "Your account will not be deleted." } });
    expect((await currentUser(member)).body.deletionDueAt).toBeNull();
  });

  it("is refused to an owner, who closes the organisation instead", async () => {
    const owner = await registerOwnerViaServices();
    const res = await api("/api/profile/deletion", { token: owner.token, body: { currentPassword: owner.password } });
    expect(res).toMatchObject({
      status: 409,
      body: {
        message: "You own this organisation: close it in Company Details → Data, and your account is deleted with it",
      },
    });
  });

  it("erases the member once the grace has passed, leaving the firm and its codes", async () => {
    const owner = await registerOwnerViaServices();
    const member = await addMemberViaApi(owner);
    await api("/api/profile/deletion", { token: member.token, body: { currentPassword: member.password } });
    await graceEndsFor({ userId: member.user.id });
    await runHourlyJobs();

    expect((await currentUser(member)).status).toBe(401);
    expect(await sessionCount(member.user.id)).toBe(0);
    expect(await tablesHolding(member.email)).toEqual([]);
    expect((await api("/api/login", { body: { email: member.email, password: member.password } })).status).toBe(401);
    const team = await api("/api/team", { token: owner.token });
    expect(JSON.stringify(team.body)).not.toContain(member.email);
    expect((await currentUser(owner)).status).toBe(200);
  });
});

describe("closing an organisation", () => {
  it("is for the owner, who types its name and password; members see the date; the owner can undo it", async () => {
    const owner = await registerOwnerViaServices();
    const member = await addMemberViaApi(owner);
    const name = owner.user.company!.name;

    const byMember = await api("/api/companies/current/closure", {
      token: member.token,
      body: { organisationName: name, currentPassword: member.password },
    });
    expect(byMember).toMatchObject({ status: 403, body: { message: "Only the owner can close the organisation" } });
    const wrongName = await api("/api/companies/current/closure", {
      token: owner.token,
      body: { organisationName: "Another Firm", currentPassword: owner.password },
    });
    expect(wrongName).toMatchObject({
      status: 400,
      body: { errors: ["organisationName: That is not the organisation's name"] },
    });
    const wrongPassword = await api("/api/companies/current/closure", {
      token: owner.token,
      body: { organisationName: name, currentPassword: "wrong" },
    });
    expect(wrongPassword).toMatchObject({
      status: 400,
      body: { errors: ["currentPassword: Current password is incorrect"] },
    });

    const asked = await api("/api/companies/current/closure", {
      token: owner.token,
      body: { organisationName: ` ${name.toUpperCase()} `, currentPassword: owner.password },
    });
    expect(asked.status).toBe(202);
    expect(asked.body.message).toContain(`${name} will be closed on `);
    expect((await currentUser(member)).body.company.closureDueAt).toBe(asked.body.closureDueAt);
    await waitForEmail(member.email, `${name} will be closed on`);
    expect((await waitForEmail(owner.email, `${name} will be closed on`)).text).toContain("choose Undo");

    const undoByMember = await api("/api/companies/current/closure", { method: "DELETE", token: member.token });
    expect(undoByMember.status).toBe(403);
    const undone = await api("/api/companies/current/closure", { method: "DELETE", token: owner.token });
    expect(undone).toMatchObject({ status: 200, body: { message: "The organisation will not be closed." } });
    expect((await currentUser(member)).body.company.closureDueAt).toBeNull();
  });

  it("after the grace: sign-in ends, keys and webhooks go, people are erased, certificates stay and say so", async () => {
    const owner = await registerOwnerViaServices();
    const member = await addMemberViaApi(owner);
    const companyId = companyIdOf(owner);
    const valuer = await createValuerViaApi(owner.token);
    const code = await createCodeViaApi(owner.token, valuer.id);
    // A valuer who never signed a code is on no certificate: nothing of them is kept.
    const unsignedValuer = await createValuerViaApi(owner.token, { registrationNumber: unique("VRB/V/") });
    const key = await api("/api/api-keys", {
      token: owner.token,
      body: { name: unique("Key"), scopes: ["codes:read"], lifetime: "never", currentPassword: owner.password },
    });
    expect(key.status).toBe(201);
    const webhook = await api("/api/webhooks", {
      method: "POST",
      token: owner.token,
      body: { url: "https://receiver.example.com/events", eventTypes: ["code.scanned"] },
    });
    expect(webhook.status).toBe(201);
    await api("/api/companies/current/closure", {
      token: owner.token,
      body: { organisationName: owner.user.company!.name, currentPassword: owner.password },
    });

    // Still open during the grace: the hourly job leaves it be.
    await runHourlyJobs();
    expect((await currentUser(owner)).status).toBe(200);

    await graceEndsFor({ companyId });
    await runHourlyJobs();

    for (const person of [owner, member]) expect((await currentUser(person)).status).toBe(401);
    const integrationKey = await api("/api/v1/codes", { headers: { Authorization: `Bearer ${key.body.key}` } });
    expect(integrationKey.status).toBe(401);
    const [state] = await withDb((db) =>
      db
        .select({ closedAt: companies.closedAt, email: companies.email, phone: companies.phone })
        .from(companies)
        .where(eq(companies.id, companyId)),
    );
    expect(state).toEqual({ closedAt: expect.any(Date), email: `closed-${companyId}@closed.invalid`, phone: null });
    expect(
      await withDb((db) => db.select().from(webhookEndpoints).where(eq(webhookEndpoints.companyId, companyId))),
    ).toEqual([]);
    const keys = await withDb((db) =>
      db.select({ revokedAt: apiKeys.revokedAt }).from(apiKeys).where(eq(apiKeys.companyId, companyId)),
    );
    expect(keys).toEqual([{ revokedAt: expect.any(Date) }]);

    // The certificate is as issued, with the closure beside it.
    const certificate = await api(`/api/public/certificates/${code.publicToken}`);
    expect(certificate.status).toBe(200);
    expect(certificate.body).toMatchObject({
      companyName: owner.user.company!.name,
      companyEmail: owner.email,
      issuerClosedAt: state!.closedAt!.toISOString(),
    });
    const page = await api(`/v/${code.publicToken}`);
    expect(String(page.body)).toMatch(/<p class="closed">Issuer account closed on \d{1,2} \w+ \d{4}<\/p>/);
    const typed = await api(`/api/public/verification-codes/${code.verificationCode}`);
    expect(typed.body).toMatchObject({ qrCodeId: code.publicToken, issuerClosedAt: state!.closedAt!.toISOString() });
    const copyCheck = await api(`/api/public/certificates/${code.publicToken}/check`, {
      body: { sha256: "a".repeat(64), pageFingerprints: ["b".repeat(64)] },
    });
    expect(copyCheck.body.code).toMatchObject({ issuerClosedAt: state!.closedAt!.toISOString() });
    // Its signed records still verify against the published keys, as the offline verifier checks them.
    const record = await api<SignedRecordFile>(`/api/public/certificates/${code.publicToken}/record`);
    expect(record.status).toBe(200);
    const publishedKeys = (await api<KeyHistory>("/.well-known/jwks.json")).body;
    for (const signed of [...record.body.history, record.body.record]) {
      expect((await verifyRecord(signed, publishedKeys, RECORD_TYPES.certificate)).ok).toBe(true);
    }

    // The member's address is nowhere; the owner's only where an issued certificate carries it as
    // the firm's contact: the frozen code, its signed records, and ValuSeal's verification of it.
    expect(await tablesHolding(member.email)).toEqual([]);
    const ownerEverywhere = await tablesHolding(owner.email);
    expect(ownerEverywhere.filter((table) => !["qr_codes", "transparency_log_records"].includes(table))).toEqual([]);
    const [codesLeft] = await withDb((db) =>
      db
        .select({ count: sql<number>`count(*)::int` })
        .from(qrCodes)
        .where(eq(qrCodes.companyId, companyId)),
    );
    expect(codesLeft).toEqual({ count: 1 });
    // Signing in with an erased address is a stranger's failed attempt (its own short-lived record).
    for (const person of [owner, member])
      expect((await api("/api/login", { body: { email: person.email, password: person.password } })).status).toBe(401);

    // The signing valuer stays as the certificate names them, without their phone; the valuer who
    // signed nothing is forgotten once the closed firm's files are no longer retried (two days).
    const valuerRows = () =>
      withDb((db) =>
        db
          .select({ name: valuers.name, phone: valuers.phone })
          .from(valuers)
          .where(eq(valuers.companyId, companyId))
          .orderBy(valuers.id),
      );
    expect(await valuerRows()).toEqual([
      { name: valuer.name, phone: null },
      { name: unsignedValuer.name, phone: null },
    ]);
    await withDb((db) =>
      db
        .update(companies)
        .set({ closedAt: sql`now() - interval '2 days 1 hour'` })
        .where(eq(companies.id, companyId)),
    );
    await runHourlyJobs();
    expect(await valuerRows()).toEqual([{ name: valuer.name, phone: null }]);
    expect(await tablesHolding(unsignedValuer.name)).toEqual([]);
  });
});

describe("tax records of a closed organisation", () => {
  /** A closed firm's ledger row, `yearsAgo` years after its closure. */
  async function closedFirmWithLedger(yearsAgo: number) {
    const owner = await registerOwnerViaServices();
    const companyId = companyIdOf(owner);
    await withDb((db) =>
      db
        .update(companies)
        .set({ closedAt: sql`now() - make_interval(years => ${yearsAgo}, days => 1)` })
        .where(eq(companies.id, companyId)),
    );
    return companyId;
  }
  const ledgerOf = (companyId: number) =>
    withDb((db) =>
      db.select({ id: creditEntries.id }).from(creditEntries).where(eq(creditEntries.companyId, companyId)),
    );

  it("are kept for TAX_RECORD_YEARS after closing, then deleted by the hourly job; never before 5 years", async () => {
    const expired = await closedFirmWithLedger(6);
    const kept = await closedFirmWithLedger(4);
    expect(await ledgerOf(expired)).not.toEqual([]);
    await runHourlyJobs();
    expect(await ledgerOf(expired)).toEqual([]);
    expect(await ledgerOf(kept)).not.toEqual([]);
    const refusal: Error = await withDb((db) => db.delete(creditEntries).where(eq(creditEntries.companyId, kept))).then(
      () => new Error("deleted"),
      (error: Error) => error,
    );
    expect(String(refusal.cause)).toContain("credit_entries is append-only");
  });
});
