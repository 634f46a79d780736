import { createExecutionContext, createScheduledController, env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import {
  codeRelianceAnswer,
  pageAnswer,
  relianceCheckAnswer,
  titleConflictAnswer,
  watchedCodeAnswer,
  watchFeedAnswer,
} from "#schema/responses/index.ts";
import { formatDate } from "#schema/format-date.ts";
import type { WebhookEventType } from "#schema/limits/integration.ts";
import { webhookEvents } from "#schema/tables.ts";
import { formatVerificationCode } from "#schema/verification-code.ts";
import type { Bindings } from "#worker/bindings.ts";
import worker from "#worker/index.ts";
import {
  LENDER_NO_LONGER_VERIFIED,
  LETTER_ALREADY_ANSWERED,
  LETTER_ALREADY_REQUESTED,
  LETTER_NOT_NEEDED,
  LETTER_REQUESTED,
} from "#worker/services/lenders/reliance-letters.ts";
import { readCsv } from "../shared/csv";
import { emailsTo, waitForEmail, waitForEmails } from "../shared/inbox";
import { type Account, companyIdOf, registerOwnerViaServices } from "./fixtures/accounts";
import { verifyCompanyViaAdmin, verifyingAdministrator } from "./fixtures/admins";
import { insertCode } from "./fixtures/codes";
import { withDb } from "./fixtures/database";
import { api, fetchWorker, ORIGIN, randomIp, unique } from "./fixtures/http";
import { addMemberViaServices } from "./fixtures/team";

const DAY_MS = 24 * 60 * 60 * 1000;
const receiver = inject("webhookReceiverUrl");

async function registerLender(name = `${unique("Bank")} Bank Limited`) {
  const lender = await registerOwnerViaServices({ name, organisationKind: "lender", lenderType: "bank" });
  await verifyCompanyViaAdmin(companyIdOf(lender));
  return lender;
}

async function registerFirm() {
  const firm = await registerOwnerViaServices();
  await verifyCompanyViaAdmin(companyIdOf(firm));
  return firm;
}

const rely = (
  lender: Account,
  code: string,
  reference = unique("LN"),
  amount = "30000000.00",
  acknowledged: string[] = [],
) =>
  api("/api/reliances", {
    token: lender.token,
    body: { code, reference, amount, reliedOn: formatDate(new Date(), "short"), acknowledged },
  });

/** Records reliance, confirming what the check raised (`acknowledged`: tests/api/reliances.test.ts). */
async function relyOk(lender: Account, code: string, reference?: string, acknowledged: string[] = []) {
  const res = await rely(lender, code, reference, undefined, acknowledged);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res;
}

/** An endpoint of the organisation subscribed to these events (the tests' Worker accepts a loopback receiver). */
async function subscribe(account: Account, eventTypes: WebhookEventType[]) {
  const res = await api("/api/webhooks", {
    token: account.token,
    body: { url: `${receiver}/hooks/${unique("hook")}`, eventTypes },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/** The events recorded for the organisation's webhooks, of one type, oldest first. */
const eventsOf = (account: Account, type: WebhookEventType) =>
  withDb((db) =>
    db
      .select({ data: webhookEvents.data, qrCodeId: webhookEvents.qrCodeId })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.companyId, companyIdOf(account)), eq(webhookEvents.type, type)))
      .orderBy(webhookEvents.id),
  );

async function portfolio(lender: Account, show?: string) {
  const res = await api(`/api/watches${show ? `?show=${show}` : ""}`, { token: lender.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return pageAnswer(watchedCodeAnswer).parse(res.body);
}

const revoke = (firm: Account, codeId: number, body: Record<string, unknown> = { reason: "Wrong plot surveyed" }) =>
  api(`/api/qr-codes/${codeId}/revoke`, { token: firm.token, body });

const runHourlyCron = () =>
  worker.scheduled(
    createScheduledController({ scheduledTime: new Date(), cron: "0 * * * *" }),
    env as Bindings,
    createExecutionContext(),
  );

async function lenderKey(lender: Account, scopes: string[]) {
  const res = await api("/api/api-keys", {
    token: lender.token,
    body: { name: unique("loans"), scopes, lifetime: "30", currentPassword: lender.password },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.key as string;
}

let firm: Account;

beforeAll(async () => {
  firm = await registerFirm();
});

describe("a lender is told when a valuation it watches changes", () => {
  it("a revocation emails every confirmed user of each watching lender at once, with the reason, and reaches its webhooks", async () => {
    const lender = await registerLender();
    const colleague = await addMemberViaServices(lender);
    await subscribe(lender, ["code.revoked"]);
    const code = await insertCode(firm, { propertyAddress: "Plot 14, Riverside Drive" });
    await relyOk(lender, code.publicToken);

    expect((await revoke(firm, code.id)).status).toBe(200);

    for (const person of [lender, colleague]) {
      const email = await waitForEmail(person.email, "a valuation you watch was revoked");
      expect(email.text).toContain(
        `${code.issuerName} revoked ${formatVerificationCode(code.verificationCode)} (Plot 14, Riverside Drive): Wrong plot surveyed. Do not rely on it.`,
      );
      expect(email.text).toContain("/portfolio");
    }
    const [event] = await eventsOf(lender, "code.revoked");
    expect(event).toMatchObject({
      qrCodeId: code.id,
      data: { code: { id: code.publicToken, issuerName: code.issuerName }, reason: "Wrong plot surveyed" },
    });
    // What a lender's event carries of the code is what its certificate shows, never the firm's own references.
    expect(Object.keys((event!.data as { code: object }).code).sort()).toEqual(
      ["address", "id", "issuerName", "url", "validUntil", "verificationCode"].sort(),
    );
    const [watched] = (await portfolio(lender)).items;
    expect(watched).toMatchObject({ code: { status: "revoked" }, lastChange: { kind: "code.revoked" } });
  });

  it("tells each person in the language they chose: Swahili for one, English for a colleague", async () => {
    const lender = await registerLender();
    const colleague = await addMemberViaServices(lender);
    const chosen = await api("/api/profile/language", { method: "PUT", token: lender.token, body: { language: "sw" } });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    const wrong = await api("/api/profile/language", { method: "PUT", token: lender.token, body: { language: "fr" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual(["language: Choose en or sw"]);
    const code = await insertCode(firm, { propertyAddress: "Plot 14, Riverside Drive" });
    await relyOk(lender, code.publicToken);

    expect((await revoke(firm, code.id)).status).toBe(200);
    const swahili = await waitForEmail(lender.email, "tathmini unayofuatilia imefutwa");
    expect(swahili.text).toContain(
      `${code.issuerName} imefuta ${formatVerificationCode(code.verificationCode)} (Plot 14, Riverside Drive): Wrong plot surveyed. Usiitegemee.`,
    );
    expect(swahili.text).toContain("Fungua Portfolio:");
    expect(swahili.html).toContain('<html lang="sw">');
    const english = await waitForEmail(colleague.email, "a valuation you watch was revoked");
    expect(english.text).toContain("Do not rely on it.");
    expect(english.html).toContain('<html lang="en">');
  });

  it("a replacement names the new valuation, in the email, the event and the Portfolio", async () => {
    const lender = await registerLender();
    await subscribe(lender, ["code.superseded"]);
    const code = await insertCode(firm);
    const successor = await insertCode(firm);
    await relyOk(lender, code.publicToken);

    const res = await revoke(firm, code.id, { reason: "Corrected land size", supersededByCodeId: successor.id });
    expect(res.status).toBe(200);

    const replacement = formatVerificationCode(successor.verificationCode);
    const email = await waitForEmail(lender.email, "a valuation you watch was replaced");
    expect(email.text).toContain(`with a newer valuation, ${replacement} (Corrected land size)`);
    const [event] = await eventsOf(lender, "code.superseded");
    expect(event!.data).toMatchObject({ supersededBy: { id: successor.publicToken, verificationCode: replacement } });
    const [watched] = (await portfolio(lender, "superseded")).items;
    expect(watched!.supersededBy).toEqual({ token: successor.publicToken, verificationCode: replacement });
  });

  it("a lender that only watches is told too; a lender not watching is not", async () => {
    const watcher = await registerLender();
    const bystander = await registerLender();
    const code = await insertCode(firm);
    const watched = await api("/api/watches", { token: watcher.token, body: { code: code.verificationCode } });
    expect(watched.status, JSON.stringify(watched.body)).toBe(201);
    expect(watchedCodeAnswer.parse(watched.body)).toMatchObject({ reliances: [], letter: null });

    expect((await revoke(firm, code.id)).status).toBe(200);
    await waitForEmail(watcher.email, "a valuation you watch was revoked");
    // The bystander's inbox holds its own verification, and no notice.
    expect(
      (await emailsTo(bystander.email)).map((email) => email.subject).filter((subject) => subject.includes("watch")),
    ).toEqual([]);
  });

  it("ValuSeal suspending the issuer tells each watching lender once, listing its codes by that firm", async () => {
    const suspendedFirm = await registerFirm();
    const lender = await registerLender();
    await subscribe(lender, ["issuer.suspended"]);
    const first = await insertCode(suspendedFirm, { propertyAddress: "Plot 1, Karen" });
    const second = await insertCode(suspendedFirm, { propertyAddress: "Plot 2, Karen" });
    await relyOk(lender, first.publicToken);
    await relyOk(lender, second.publicToken);

    const admin = await verifyingAdministrator();
    const res = await api(`/api/admin/companies/${companyIdOf(suspendedFirm)}/status`, {
      method: "PATCH",
      token: admin.token,
      body: { isActive: false },
    });
    expect(res.status).toBe(200);

    const [email] = await waitForEmails(lender.email, (mail) => mail.subject.includes("was suspended"));
    expect(email!.subject).toBe(`ValuSeal: ${first.issuerName} was suspended`);
    expect(email!.text).toContain("2 valuations you watch are by this firm");
    expect(email!.text).toContain("Plot 1, Karen");
    expect(email!.text).toContain("Plot 2, Karen");
    const events = await eventsOf(lender, "issuer.suspended");
    expect(events).toHaveLength(1);
    expect((events[0]!.data as { codes: { id: string }[] }).codes.map((code) => code.id).sort()).toEqual(
      [first.publicToken, second.publicToken].sort(),
    );
  });

  it("an expiry is told by the hourly cron, once however often it runs", async () => {
    const lender = await registerLender();
    await subscribe(lender, ["code.expired"]);
    const code = await insertCode(firm, { validUntil: new Date(Date.now() + 20 * DAY_MS) });
    await relyOk(lender, code.publicToken);
    // Watched for a month, and the valuation has since run out (its validity ended yesterday).
    await withDb(async (db) => {
      await db.execute(`UPDATE watches SET created_at = now() - interval '30 days' WHERE code_id = ${code.id}`);
      await db.execute(
        `UPDATE qr_codes SET valid_until = date_trunc('day', now()) - interval '1 day' WHERE id = ${code.id}`,
      );
    });

    await runHourlyCron();
    await runHourlyCron();

    const emails = await waitForEmails(lender.email, (mail) => mail.subject.includes("you watch expired"));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain(`by ${code.issuerName} expired on`);
    expect(await eventsOf(lender, "code.expired")).toHaveLength(1);
    // The firm's own code.expired is its own, and not taken by the lender's.
    expect((await portfolio(lender, "expired")).items.map((item) => item.code.token)).toEqual([code.publicToken]);
  });
});

describe("one valuation relied on by two institutions", () => {
  it("tells the earlier lender and the issuer, naming neither lender, by email and webhooks", async () => {
    const issuer = await registerFirm();
    await subscribe(issuer, ["reliance.duplicate"]);
    const first = await registerLender("Harbour Bank Limited");
    await subscribe(first, ["reliance.duplicate"]);
    const second = await registerLender("Lakeside Savings SACCO");
    const code = await insertCode(issuer);
    await relyOk(first, code.publicToken, "HB-0001");
    await relyOk(second, code.publicToken, "LS-0002");

    const toLender = await waitForEmail(first.email, "another institution relies on a valuation you rely on");
    expect(toLender.text).toContain("Another institution recorded reliance on");
    const toIssuer = await waitForEmail(issuer.email, "2 institutions rely on one of your valuations");
    // The earlier lender's email names only the lender it is addressed to; the issuer's, no lender.
    expect(toLender.text).not.toMatch(/Lakeside|HB-0001|LS-0002/);
    expect(toIssuer.text).not.toMatch(/Harbour|Lakeside|HB-0001|LS-0002/);
    // Another loan of the second lender is not a third institution: nobody is alerted again.
    await relyOk(second, code.publicToken, "LS-0003");
    await relyOk(first, code.publicToken, "HB-0004");
    // The second lender was warned before recording; it is not alerted of its own reliance.
    expect((await emailsTo(second.email)).filter((mail) => mail.subject.includes("relies on"))).toEqual([]);

    const issuerEvents = await eventsOf(issuer, "reliance.duplicate");
    expect(issuerEvents).toHaveLength(1);
    expect(await eventsOf(first, "reliance.duplicate")).toHaveLength(1);
    const [issuerEvent] = issuerEvents;
    expect(issuerEvent!.data).toMatchObject({ code: { id: code.publicToken }, institutions: 2 });
    const [lenderEvent] = await eventsOf(first, "reliance.duplicate");
    expect(lenderEvent!.data).toMatchObject({ code: { id: code.publicToken } });
    expect(JSON.stringify([issuerEvent, lenderEvent])).not.toMatch(/Harbour|Lakeside|HB-0001|LS-0002/);
  });
});

describe("the same title valued far apart", () => {
  it("the lender is warned without the other firm's name; the administrator sees both valuations and their firms", async () => {
    const otherFirm = await registerFirm();
    const title = unique("LR 209/");
    const relied = await insertCode(firm, { titleNumber: title, marketValue: "10000000.00" });
    const other = await insertCode(otherFirm, { titleNumber: title.toLowerCase(), marketValue: "14000000.00" });
    const lender = await registerLender();
    const checked = await api("/api/reliances/check", { token: lender.token, body: { code: relied.publicToken } });
    expect(checked.body.warnings).toEqual([
      {
        kind: "same-title-differs",
        message: "Another valuation of this title within 6 months differs by more than 15 %",
      },
    ]);
    expect(JSON.stringify(checked.body)).not.toContain(other.issuerName);

    const admin = await verifyingAdministrator();
    const conflicts = pageAnswer(titleConflictAnswer).parse(
      (await api("/api/admin/title-conflicts?pageSize=100", { token: admin.token })).body,
    );
    const pair = conflicts.items.find((item) => item.codes.some((code) => code.token === relied.publicToken));
    expect(pair).toMatchObject({ percent: 40 });
    expect(pair!.codes.map((code) => code.issuerName).sort()).toEqual([relied.issuerName, other.issuerName].sort());
    expect((await api("/api/admin/title-conflicts", { token: firm.token })).status).toBe(403);
  });
});

describe("the Portfolio", () => {
  it("filters by status and by expiring within 30 days, and exports CSV with references masked", async () => {
    const lender = await registerLender();
    const soon = await insertCode(firm, { validUntil: new Date(Date.now() + 10 * DAY_MS) });
    const later = await insertCode(firm, { validUntil: new Date(Date.now() + 80 * DAY_MS) });
    const revoked = await insertCode(firm);
    for (const [code, reference] of [
      [soon, "SOON-4821"],
      [later, "LATER-1234"],
      [revoked, "GONE-9999"],
    ] as const) {
      await relyOk(lender, code.publicToken, reference);
    }
    expect((await revoke(firm, revoked.id)).status).toBe(200);

    const tokens = async (show?: string) => (await portfolio(lender, show)).items.map((item) => item.code.token);
    expect(await tokens()).toEqual([revoked.publicToken, later.publicToken, soon.publicToken]);
    expect(await tokens("valid")).toEqual([later.publicToken, soon.publicToken]);
    expect(await tokens("expiring")).toEqual([soon.publicToken]);
    expect(await tokens("revoked")).toEqual([revoked.publicToken]);
    expect((await api("/api/watches?show=lost", { token: lender.token })).status).toBe(400);

    const file = await fetchWorker(`${ORIGIN}/api/watches/export.csv?show=expiring`, {
      headers: { Authorization: `Bearer ${lender.token}`, "CF-Connecting-IP": randomIp() },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Disposition")).toMatch(/valuseal-portfolio-\d{4}-\d{2}-\d{2}\.csv/);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const { rows } = readCsv(bytes);
    expect(rows).toEqual([
      expect.objectContaining({
        verification_code: formatVerificationCode(soon.verificationCode),
        status: "valid",
        loan_references: "••••4821",
        amounts_lent: "30000000.00",
      }),
    ]);
    expect(new TextDecoder().decode(bytes)).not.toContain("SOON");
  });

  it("is the lender's own: another lender sees none of it, and a firm may not read one", async () => {
    const lender = await registerLender();
    const other = await registerLender();
    const code = await insertCode(firm);
    await relyOk(lender, code.publicToken);
    expect((await portfolio(other)).items).toEqual([]);
    expect((await api("/api/watches", { token: firm.token })).status).toBe(403);
    expect((await api("/api/watches/export.csv", { token: firm.token })).status).toBe(403);
  });
});

describe("reliance letters", () => {
  it("a lender asks; the issuer sees the count and the request; the owner grants; the certificate shows it and the lender is told", async () => {
    const issuer = await registerFirm();
    const issuerMember = await addMemberViaServices(issuer);
    const lender = await registerLender("Coastal Bank Limited");
    const other = await registerLender();
    const code = await insertCode(issuer, { addressee: "Kenya Commercial Bank" });
    await relyOk(other, code.publicToken, "OTHER-5555", ["addressed-to-another"]);

    const asked = await api("/api/reliances/letters", { token: lender.token, body: { code: code.verificationCode } });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body.message).toBe(LETTER_REQUESTED);
    const again = await api("/api/reliances/letters", { token: lender.token, body: { code: code.publicToken } });
    expect([again.status, again.body.message]).toEqual([409, LETTER_ALREADY_REQUESTED]);
    const checkAs = async (account: Account) =>
      relianceCheckAnswer.parse(
        (await api("/api/reliances/check", { token: account.token, body: { code: code.publicToken } })).body,
      );
    const beforeAnswer = await checkAs(lender);
    expect(beforeAnswer.warnings.map((warning) => warning.kind)).toEqual([
      "addressed-to-another",
      "relied-on-elsewhere",
    ]);
    expect(beforeAnswer.letter).toMatchObject({ state: "requested", relianceUntil: null });
    const request = await waitForEmail(issuer.email, "Coastal Bank Limited asks for a reliance letter");
    expect(request.text).toContain(`/qr/${code.id}`);

    // The firm sees how many institutions rely (one), and the request by name, never the loan.
    const seen = await api(`/api/qr-codes/${code.id}/reliance`, { token: issuerMember.token });
    expect(seen.status).toBe(200);
    const reliance = codeRelianceAnswer.parse(seen.body);
    expect(reliance.institutions).toBe(1);
    expect(reliance.letters).toEqual([
      expect.objectContaining({ lenderName: "Coastal Bank Limited", state: "requested" }),
    ]);
    expect(JSON.stringify(seen.body)).not.toMatch(/OTHER|5555|30000000/);
    expect((await api(`/api/qr-codes/${code.id}/reliance`, { token: firm.token })).status).toBe(404);

    const letterId = reliance.letters[0]!.id;
    const until = formatDate(new Date(Date.now() + 60 * DAY_MS), "short");
    const decide = (account: Account, body: unknown) =>
      api(`/api/qr-codes/${code.id}/reliance-letters/${letterId}`, { token: account.token, body });
    expect((await decide(issuerMember, { decision: "granted", relianceUntil: until })).status).toBe(403);
    const granted = await decide(issuer, { decision: "granted", relianceUntil: until });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect(codeRelianceAnswer.parse(granted.body).letters[0]).toMatchObject({ state: "granted" });
    const twice = await decide(issuer, { decision: "declined", reason: "Changed my mind" });
    expect([twice.status, twice.body.message]).toEqual([409, LETTER_ALREADY_ANSWERED]);

    const certificate = await api(`/api/public/certificates/${code.publicToken}`);
    expect(certificate.body.relianceLetters).toEqual([
      { lenderName: "Coastal Bank Limited", relianceUntil: expect.stringMatching(/T00:00:00.000Z$/) },
    ]);
    const page = await api(`/v/${code.publicToken}`);
    expect(String(page.body)).toContain(
      `Reliance extended to Coastal Bank Limited until ${formatDate(new Date(Date.now() + 60 * DAY_MS))}`,
    );
    expect(String(page.body)).toContain(`href="/reliance/new?code=${code.publicToken}">Lender? Record reliance</a>`);
    const told = await waitForEmail(lender.email, "granted your reliance letter");
    expect(told.text).toContain("to your institution until");
    const [watched] = (await portfolio(lender)).items;
    expect(watched!.letter).toMatchObject({ state: "granted" });
    // The letter answers the addressee warning for this lender, and for no other.
    const afterGrant = await checkAs(lender);
    expect(afterGrant.warnings.map((warning) => warning.kind)).toEqual(["relied-on-elsewhere"]);
    expect(afterGrant.letter).toMatchObject({ state: "granted" });
    expect((await checkAs(other)).warnings.map((warning) => warning.kind)).toEqual(["addressed-to-another"]);
  });

  it("a declined letter carries its reason to the lender; a letter is not asked for a valuation addressed to the lender", async () => {
    const lender = await registerLender("Summit Bank Limited");
    const code = await insertCode(firm, { addressee: "Another Bank PLC" });
    expect(
      (await api("/api/reliances/letters", { token: lender.token, body: { code: code.publicToken } })).status,
    ).toBe(201);
    const { letters } = codeRelianceAnswer.parse(
      (await api(`/api/qr-codes/${code.id}/reliance`, { token: firm.token })).body,
    );
    const path = `/api/qr-codes/${code.id}/reliance-letters/${letters[0]!.id}`;
    const missingReason = await api(path, { token: firm.token, body: { decision: "declined", reason: " " } });
    expect(missingReason.status).toBe(400);
    expect(missingReason.body.errors).toEqual(["reason: Say why the letter is declined"]);
    expect(
      (await api(path, { token: firm.token, body: { decision: "declined", reason: "Instructed by another bank" } }))
        .status,
    ).toBe(200);
    const told = await waitForEmail(lender.email, "declined your reliance letter");
    expect(told.text).toContain(": Instructed by another bank.");
    expect((await portfolio(lender)).items[0]!.letter).toMatchObject({
      state: "declined",
      reason: "Instructed by another bank",
    });

    // A letter names the lender on the certificate: not while ValuSeal is reviewing it again.
    const renamed = await registerLender("Original Bank Limited");
    const renamedCode = await insertCode(firm, { addressee: "Another Bank PLC" });
    await api("/api/reliances/letters", { token: renamed.token, body: { code: renamedCode.publicToken } });
    await withDb((db) =>
      db.execute(
        `UPDATE companies SET name = 'Big Bank Limited', verification_status = 'pending' WHERE id = ${companyIdOf(renamed)}`,
      ),
    );
    const pending = codeRelianceAnswer.parse(
      (await api(`/api/qr-codes/${renamedCode.id}/reliance`, { token: firm.token })).body,
    ).letters[0]!;
    const refusedGrant = await api(`/api/qr-codes/${renamedCode.id}/reliance-letters/${pending.id}`, {
      token: firm.token,
      body: { decision: "granted", relianceUntil: formatDate(new Date(Date.now() + 30 * DAY_MS), "short") },
    });
    expect([refusedGrant.status, refusedGrant.body.message]).toEqual([409, LENDER_NO_LONGER_VERIFIED]);
    for (const letterId of ["%00", "x".repeat(300), "short"]) {
      const odd = await api(`/api/qr-codes/${renamedCode.id}/reliance-letters/${letterId}`, {
        token: firm.token,
        body: { decision: "declined", reason: "No" },
      });
      expect(odd.status, letterId).toBe(404);
    }

    const own = await insertCode(firm, { addressee: "SUMMIT BANK LTD" });
    const needless = await api("/api/reliances/letters", { token: lender.token, body: { code: own.publicToken } });
    expect([needless.status, needless.body.message]).toEqual([409, LETTER_NOT_NEEDED]);
  });
});

describe("the integration API for lenders", () => {
  it("a lender's key records reliance and polls the watches feed, which answers only what changed, with an ETag", async () => {
    const lender = await registerLender();
    const key = await lenderKey(lender, ["reliance:write", "watches:read"]);
    const first = await insertCode(firm);
    const second = await insertCode(firm);
    for (const code of [first, second]) {
      const res = await api("/api/v1/reliances", {
        token: key,
        body: {
          code: code.verificationCode,
          reference: unique("API"),
          amount: "1000",
          reliedOn: formatDate(new Date(), "short"),
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }

    const all = await api("/api/v1/watches", { token: key });
    expect(all.status).toBe(200);
    const feed = watchFeedAnswer.parse(all.body);
    expect(feed.items.map((item) => item.code.token)).toEqual([first.publicToken, second.publicToken]);
    const etag = all.headers.get("ETag")!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const unchanged = await api("/api/v1/watches", { token: key, headers: { "If-None-Match": etag } });
    expect(unchanged.status).toBe(304);

    // From the answer's cursor: nothing new, then only the revoked code.
    const after = (cursor: string | null) => api(`/api/v1/watches?cursor=${cursor}`, { token: key });
    const quiet = watchFeedAnswer.parse((await after(feed.cursor)).body);
    expect(quiet).toEqual({ items: [], hasMore: false, cursor: feed.cursor });

    expect((await revoke(firm, first.id)).status).toBe(200);
    const changed = watchFeedAnswer.parse((await after(feed.cursor)).body);
    expect(changed.items.map((item) => [item.code.token, item.code.status])).toEqual([[first.publicToken, "revoked"]]);
    expect(changed.items[0]!.lastChange).toMatchObject({ kind: "code.revoked" });
    expect(watchFeedAnswer.parse((await after(changed.cursor)).body).items).toEqual([]);
    const since = encodeURIComponent(feed.items[0]!.changedAt);
    const sinceFirst = watchFeedAnswer.parse((await api(`/api/v1/watches?changedSince=${since}`, { token: key })).body);
    expect(sinceFirst.items.map((item) => item.code.token)).toEqual([second.publicToken, first.publicToken]);
    const changedEtag = (await api("/api/v1/watches", { token: key, headers: { "If-None-Match": etag } })).status;
    expect(changedEtag).toBe(200);

    for (const query of [
      "changedSince=yesterday",
      "changedSince=0000-01-01T00:00:00Z",
      "cursor=bm90LWEtY3Vyc29y",
      "cursor=a+b",
      // The cursor's shape with no moment in it (month 13, hour 99), or a row id past int4.
      `cursor=${btoa("2026-13-45T99:99:99.000000Z|1").replace(/=+$/, "")}`,
      `cursor=${btoa("2026-02-30T10:00:00.000000Z|1").replace(/=+$/, "")}`,
      `cursor=${btoa("2026-12-01T10:00:00.000000Z|9999999999").replace(/=+$/, "")}`,
    ]) {
      const refused = await api(`/api/v1/watches?${query}`, { token: key });
      expect(refused.status, query).toBe(400);
    }
  });

  it("keys and webhooks take only their own organisation's permissions and events", async () => {
    const lender = await registerLender();
    const firmKey = await api("/api/api-keys", {
      token: lender.token,
      body: { name: "wrong", scopes: ["codes:write"], lifetime: "30", currentPassword: lender.password },
    });
    expect(firmKey.status).toBe(400);
    expect(firmKey.body.errors).toEqual(["scopes: codes:write is not a permission your organisation's keys can have"]);
    const lenderScopes = await api("/api/api-keys", {
      token: firm.token,
      body: { name: "wrong", scopes: ["watches:read"], lifetime: "30", currentPassword: firm.password },
    });
    expect(lenderScopes.status).toBe(400);

    const scans = await api("/api/webhooks", {
      token: lender.token,
      body: { url: `${receiver}/hooks/${unique("hook")}`, eventTypes: ["code.scanned"] },
    });
    expect(scans.status).toBe(400);
    expect(scans.body.errors).toEqual(["eventTypes: code.scanned is not an event your organisation receives"]);

    // A reliance key cannot read the feed, and a feed key cannot record.
    const feedOnly = await lenderKey(lender, ["watches:read"]);
    const code = await insertCode(firm);
    const refused = await api("/api/v1/reliances", {
      token: feedOnly,
      body: { code: code.publicToken, reference: "X-1", amount: "1", reliedOn: formatDate(new Date(), "short") },
    });
    expect(refused.status).toBe(403);
  });
});

describe("a short loan reference", () => {
  it("is never kept whole: at most half of it is shown masked", async () => {
    const lender = await registerLender();
    const code = await insertCode(firm);
    const res = await relyOk(lender, code.publicToken, "Q7X");
    expect(res.body.reliance.maskedReference).toBe("••••X");
    const hints = await withDb((db) =>
      db.execute(`SELECT reference_hint FROM reliances WHERE lender_company_id = ${companyIdOf(lender)}`),
    );
    expect(hints.rows).toEqual([{ reference_hint: "X" }]);
  });
});

describe("a reliance date", () => {
  it("cannot be in the future", async () => {
    const lender = await registerLender();
    const code = await insertCode(firm);
    const res = await api("/api/reliances", {
      token: lender.token,
      body: {
        code: code.publicToken,
        reference: "LN-1",
        amount: "1000",
        reliedOn: formatDate(new Date(Date.now() + 5 * DAY_MS), "short"),
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(["reliedOn: The date of the reliance cannot be in the future"]);
  });
});
