import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { IssuerTrust } from "#schema/limits/codes.ts";
import { companies } from "#schema/tables.ts";
import { tokenIn, waitForEmail } from "../shared/inbox";
import { type Account, registerOwnerViaServices } from "./fixtures/accounts";
import { auditEntriesFor, createAdminViaDb, verifyCompanyViaAdmin } from "./fixtures/admins";
import { createCodeViaApi } from "./fixtures/codes";
import { withDb } from "./fixtures/database";
import { api, randomIp, unique } from "./fixtures/http";
import { scanLikePhone } from "./fixtures/scans";
import { createValuerViaApi } from "./fixtures/valuers";

/** What a bank officer sees: the printed address's page and the JSON the /qr-view page reads. */
async function certificateOf(token: string) {
  const page = await scanLikePhone(token);
  const json = await api(`/api/public/certificates/${token}`, { ip: randomIp() });
  return { html: String(page.body), json: json.body };
}

type View = Awaited<ReturnType<typeof certificateOf>>;

function expectGreen(view: View) {
  expect(view.json).toMatchObject({
    status: "valid",
    issuerTrust: "verified",
    issuerVerified: true,
    issuerVerifiedAt: expect.any(String),
  });
  expect(view.html).toContain("Verified Authentic");
  expect(view.html).toContain("Verified by ValuSeal on");
}

/** Amber with the reason: the badge and the banner say it, and nothing says "Verified Authentic". */
function expectAmber(view: View, trust: IssuerTrust, headline: string) {
  expect(view.json).toMatchObject({
    status: "valid",
    issuerTrust: trust,
    issuerVerified: false,
    issuerVerifiedAt: null,
  });
  expect(view.html).toContain(`<p class="badge warn">&#9888; ${headline}</p>`);
  expect(view.html).not.toContain("Verified Authentic");
}

const NOT_VERIFIED = ["not-verified", "Issuer not verified by ValuSeal"] as const;
const BEFORE_VERIFICATION = ["before-verification", "Issued before ValuSeal verified this firm"] as const;
const OTHER_IDENTITY = ["other-identity", "Issued under a name ValuSeal has not verified"] as const;

async function companyWithValuer(name = `${unique("Firm")} Valuers`) {
  const owner = await registerOwnerViaServices({ name });
  const valuer = await createValuerViaApi(owner.token, { registrationNumber: "VRB/1234" });
  return { owner, valuer };
}

const companyId = (owner: Account) => owner.user.companyId!;

/** Company Details as the owner saves them, with `changes`; the current password when the email changes. */
async function saveCompanyDetails(owner: Account, changes: Record<string, unknown>) {
  const company = (await api("/api/companies/current", { token: owner.token })).body;
  return api("/api/companies/current", {
    method: "PUT",
    token: owner.token,
    body: { name: company.name, email: company.email, phone: company.phone, location: company.location, ...changes },
  });
}

const rename = (owner: Account, name: string) => saveCompanyDetails(owner, { name });

describe("a certificate tells the truth about its issuer", () => {
  it("turns green only for codes issued under the identity ValuSeal verified, from the decision on", async () => {
    const { owner, valuer } = await companyWithValuer("Knight Frank LLP");
    const early = await createCodeViaApi(owner.token, valuer.id);
    expectAmber(await certificateOf(early.publicToken), ...NOT_VERIFIED);

    const verified = await verifyCompanyViaAdmin(companyId(owner), { note: "Checked against the VRB register" });
    expect(verified).toMatchObject({
      message: "Company verified",
      company: { verificationStatus: "verified", verificationNote: "Checked against the VRB register" },
    });
    // Verifying later never turns an earlier code green by itself.
    expectAmber(await certificateOf(early.publicToken), ...BEFORE_VERIFICATION);
    const later = await createCodeViaApi(owner.token, valuer.id);
    const green = await certificateOf(later.publicToken);
    expectGreen(green);
    expect(green.json).toMatchObject({ companyName: "Knight Frank LLP", valuerRegistrationNumber: "VRB/1234" });

    // Withdrawing stops new codes; a code issued while the verification was in force keeps it.
    const withdrawn = await verifyCompanyViaAdmin(companyId(owner), { verified: false, note: "Registration lapsed" });
    expect(withdrawn.message).toBe("Company not verified");
    expectGreen(await certificateOf(later.publicToken));
    expectAmber(await certificateOf((await createCodeViaApi(owner.token, valuer.id)).publicToken), ...NOT_VERIFIED);

    const decisions = (await auditEntriesFor("company", [companyId(owner)])).map((entry) => [
      entry.action,
      entry.details,
    ]);
    expect(decisions).toEqual([
      [
        "company.verified",
        expect.objectContaining({
          legalName: "Knight Frank LLP",
          companyEmail: owner.email,
          previousStatus: "pending",
          note: "Checked against the VRB register",
          confirmedEarlierCodes: false,
        }),
      ],
      [
        "company.verification_withdrawn",
        expect.objectContaining({ previousStatus: "verified", note: "Registration lapsed" }),
      ],
    ]);
  });

  it("turns earlier codes green only when the administrator confirms them, and only under the verified identity", async () => {
    const { owner, valuer } = await companyWithValuer("Honest Valuers Ltd");
    const honest = await createCodeViaApi(owner.token, valuer.id);
    await rename(owner, "Knight Frank Kenya Ltd");
    const impostor = await createCodeViaApi(owner.token, valuer.id);
    expectAmber(await certificateOf(impostor.publicToken), ...NOT_VERIFIED);
    await rename(owner, "Honest Valuers Ltd");

    const admin = await createAdminViaDb();
    const review = await api(`/api/admin/companies/${companyId(owner)}/details`, { token: admin.token });
    expect(review.body.codeIdentities).toEqual([
      {
        issuerName: "Honest Valuers Ltd",
        issuerEmail: owner.email,
        registration: null,
        codes: 1,
        notVouchedFor: 1,
        isCurrent: true,
      },
      {
        issuerName: "Knight Frank Kenya Ltd",
        issuerEmail: owner.email,
        registration: null,
        codes: 1,
        notVouchedFor: 1,
        isCurrent: false,
      },
    ]);

    await verifyCompanyViaAdmin(companyId(owner), { confirmEarlierCodes: true });
    expectGreen(await certificateOf(honest.publicToken));
    // The impostor name was never verified: it stays amber, and says so, under the name it carries.
    const stillAmber = await certificateOf(impostor.publicToken);
    expectAmber(stillAmber, ...OTHER_IDENTITY);
    expect(stillAmber.json.companyName).toBe("Knight Frank Kenya Ltd");
  });

  it("never turns green the codes of a firm registered under a famous name and verified under another", async () => {
    const { owner, valuer } = await companyWithValuer("Knight Frank Kenya Ltd");
    const famous = await createCodeViaApi(owner.token, valuer.id);
    await rename(owner, "Small Town Valuers");
    await verifyCompanyViaAdmin(companyId(owner), { confirmEarlierCodes: true });
    expectAmber(await certificateOf(famous.publicToken), ...OTHER_IDENTITY);
    expectGreen(await certificateOf((await createCodeViaApi(owner.token, valuer.id)).publicToken));
  });

  it("keeps codes issued before a verified firm's rename green under their old name; newer codes wait for review", async () => {
    const { owner, valuer } = await companyWithValuer("Original Valuers");
    await verifyCompanyViaAdmin(companyId(owner));
    const before = await createCodeViaApi(owner.token, valuer.id);

    const renamed = await rename(owner, "Renamed Valuers");
    expect(renamed.body).toMatchObject({ name: "Renamed Valuers", verificationStatus: "pending" });
    const after = await createCodeViaApi(owner.token, valuer.id);

    const oldView = await certificateOf(before.publicToken);
    expectGreen(oldView);
    expect(oldView.json.companyName).toBe("Original Valuers");
    const newView = await certificateOf(after.publicToken);
    expectAmber(newView, ...OTHER_IDENTITY);
    expect(newView.json.companyName).toBe("Renamed Valuers");

    await verifyCompanyViaAdmin(companyId(owner), { confirmEarlierCodes: true });
    expectGreen(await certificateOf(after.publicToken));
    expectGreen(await certificateOf(before.publicToken));
  });

  it("sends a firm back to review when its registration changes, and freezes the registration on its codes", async () => {
    const { owner, valuer } = await companyWithValuer();
    const registration = { body: "RICS", number: "RICS-001122" };
    expect(
      (await api("/api/companies/current/registration", { method: "PUT", token: owner.token, body: registration }))
        .body,
    ).toMatchObject({ registrationBody: "RICS", registrationNumber: "RICS-001122", verificationStatus: "pending" });
    await verifyCompanyViaAdmin(companyId(owner));
    const same = await api("/api/companies/current/registration", {
      method: "PUT",
      token: owner.token,
      body: { ...registration, note: "Only the note changes" },
    });
    expect(same.body.verificationStatus).toBe("verified");
    const verifiedCode = await createCodeViaApi(owner.token, valuer.id);
    expect((await certificateOf(verifiedCode.publicToken)).json.issuerRegistration).toBe("RICS RICS-001122");

    const changed = await api("/api/companies/current/registration", {
      method: "PUT",
      token: owner.token,
      body: { body: "Other", bodyName: "Estate Agents Registration Board", number: "EARB-9" },
    });
    expect(changed.body).toMatchObject({
      verificationStatus: "pending",
      registrationBodyName: "Estate Agents Registration Board",
    });
    const newCode = await certificateOf((await createCodeViaApi(owner.token, valuer.id)).publicToken);
    expectAmber(newCode, ...OTHER_IDENTITY);
    expect(newCode.json.issuerRegistration).toBe("Estate Agents Registration Board EARB-9");
    expectGreen(await certificateOf(verifiedCode.publicToken));

    const invalid = await api("/api/companies/current/registration", {
      method: "PUT",
      token: owner.token,
      body: { body: "Other", number: "" },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual(
      expect.arrayContaining(["number: Registration number is required", "bodyName: Name the professional body"]),
    );
  });

  it("asks for the owner's password to change the company email, and sends the firm back to review", async () => {
    const { owner, valuer } = await companyWithValuer();
    await verifyCompanyViaAdmin(companyId(owner));
    const newEmail = `${unique("office")}@example.com`;
    const withoutPassword = await saveCompanyDetails(owner, { email: newEmail });
    expect(withoutPassword).toMatchObject({
      status: 400,
      body: { errors: ["currentPassword: Enter your current password to change the company email"] },
    });
    const wrongPassword = await saveCompanyDetails(owner, { email: newEmail, currentPassword: "not-my-password" });
    expect(wrongPassword.body.errors).toEqual(["currentPassword: Current password is incorrect"]);
    expect((await saveCompanyDetails(owner, { email: newEmail, currentPassword: owner.password })).status).toBe(200);
    const link = await waitForEmail(newEmail, "Confirm your new email");
    const confirmed = await api("/api/auth/confirm-email", { body: { token: tokenIn(link, "/confirm-email") } });
    expect(confirmed.body.message).toBe(`The company's email is now ${newEmail}.`);

    const company = (await api("/api/companies/current", { token: owner.token })).body;
    expect(company).toMatchObject({ email: newEmail, verificationStatus: "pending" });
    const code = await certificateOf((await createCodeViaApi(owner.token, valuer.id)).publicToken);
    expectAmber(code, ...OTHER_IDENTITY);
    expect(code.json.companyEmail).toBe(newEmail);
  });

  it("shows a suspended firm's certificates amber with the date, in English and Swahili", async () => {
    const { owner, valuer } = await companyWithValuer();
    await verifyCompanyViaAdmin(companyId(owner));
    const code = await createCodeViaApi(owner.token, valuer.id);
    const admin = await createAdminViaDb();
    const deactivated = await api(`/api/admin/companies/${companyId(owner)}/status`, {
      method: "PATCH",
      token: admin.token,
      body: { isActive: false },
    });
    expect(deactivated.status).toBe(200);
    const today = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric" }).format(
      new Date(),
    );
    const view = await certificateOf(code.publicToken);
    expect(view.json).toMatchObject({ issuerTrust: "suspended", issuerSuspendedAt: expect.any(String) });
    expect(view.html).toContain(`<p class="badge warn">&#9888; Issuer suspended by ValuSeal on ${today}</p>`);
    expect(view.html).not.toContain("Verified Authentic");
    const swahili = await api(`/v/${code.publicToken}?lang=sw`, { ip: randomIp() });
    expect(String(swahili.body)).toContain("Mtoaji amesimamishwa na ValuSeal tarehe");

    await api(`/api/admin/companies/${companyId(owner)}/status`, {
      method: "PATCH",
      token: admin.token,
      body: { isActive: true },
    });
    expectGreen(await certificateOf(code.publicToken));
  });

  it("never lets a valuer's later edit rewrite an issued certificate", async () => {
    const { owner, valuer } = await companyWithValuer();
    await verifyCompanyViaAdmin(companyId(owner));
    const code = await createCodeViaApi(owner.token, valuer.id);
    const edited = await api(`/api/valuers/${valuer.id}`, {
      method: "PUT",
      token: owner.token,
      body: { name: "Someone Else Entirely", registrationNumber: "VRB/9999", phone: "+254711000000" },
    });
    expect(edited.status).toBe(200);
    const view = await certificateOf(code.publicToken);
    expectGreen(view);
    expect(view.json).toMatchObject({ signingValuer: valuer.name, valuerRegistrationNumber: "VRB/1234" });
    expect(view.html).not.toContain("Someone Else Entirely");
    const detail = await api(`/api/qr-codes/${code.id}`, { token: owner.token });
    expect(detail.body.valuer).toEqual({ name: valuer.name, qualification: "MRICS" });
    const next = await certificateOf((await createCodeViaApi(owner.token, valuer.id)).publicToken);
    expect(next.json).toMatchObject({ signingValuer: "Someone Else Entirely", valuerRegistrationNumber: "VRB/9999" });
  });

  it("keeps the demo a sample, never verified", async () => {
    const demo = await api("/api/public/certificates/demo");
    expect(demo.body).toMatchObject({ status: "sample", issuerVerified: false });
  });
});

describe("the administrators' verification queue", () => {
  it("counts companies awaiting review, lists them with a filter, and records each decision", async () => {
    const admin = await createAdminViaDb();
    const tag = unique("queue");
    const waiting = await registerOwnerViaServices({ name: `${tag} Waiting` });
    const decided = await registerOwnerViaServices({ name: `${tag} Decided` });
    // Other test files register companies at the same time. A company pending before the first
    // reading was committed before it, so that reading counts it; any other company pending after the
    // second reading may have joined in between. The decision must still take one company out.
    const pendingIds = () =>
      withDb((db) =>
        db.select({ id: companies.id }).from(companies).where(eq(companies.verificationStatus, "pending")),
      ).then((rows) => new Set(rows.map((row) => row.id)));
    const pendingBefore = await pendingIds();
    const statsBefore = (await api("/api/admin/stats", { token: admin.token })).body;
    expect(statsBefore.companiesAwaitingVerification).toBeGreaterThanOrEqual(2);

    const decision = await api(`/api/admin/companies/${companyId(decided)}/verification`, {
      method: "PATCH",
      token: admin.token,
      body: { verified: true },
    });
    expect(decision.status).toBe(200);
    const statsAfter = (await api("/api/admin/stats", { token: admin.token })).body;
    const joinedMeanwhile = [...(await pendingIds())].filter((id) => !pendingBefore.has(id)).length;
    expect(statsAfter.companiesAwaitingVerification).toBeLessThan(
      statsBefore.companiesAwaitingVerification + joinedMeanwhile,
    );

    const pending = await api(`/api/admin/companies-detailed?search=${tag}&verification=pending`, {
      token: admin.token,
    });
    expect(pending.body.map((company: { id: number }) => company.id)).toEqual([companyId(waiting)]);
    const verified = await api(`/api/admin/companies-detailed?search=${tag}&verification=verified`, {
      token: admin.token,
    });
    expect(verified.body).toEqual([
      expect.objectContaining({
        id: companyId(decided),
        verificationStatus: "verified",
        verifiedAt: expect.any(String),
      }),
    ]);
    const [entry] = await auditEntriesFor("company", [companyId(decided)]);
    expect(entry).toMatchObject({ action: "company.verified", actorEmail: admin.email, createdAt: expect.any(Date) });

    expect((await api(`/api/admin/companies-detailed?verification=maybe`, { token: admin.token })).status).toBe(400);
    for (const confirmEarlierCodes of ["yes", 1, null]) {
      const hostile = await api(`/api/admin/companies/${companyId(waiting)}/verification`, {
        method: "PATCH",
        token: admin.token,
        body: { verified: true, confirmEarlierCodes },
      });
      expect(hostile.body.errors, String(confirmEarlierCodes)).toEqual([
        "confirmEarlierCodes: confirmEarlierCodes must be true or false",
      ]);
    }
    expect(
      (
        await api(`/api/admin/companies/${companyId(waiting)}/verification`, {
          method: "PATCH",
          token: waiting.token,
          body: { verified: true },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await api(`/api/admin/companies/999999999/verification`, {
          method: "PATCH",
          token: admin.token,
          body: { verified: true },
        })
      ).status,
    ).toBe(404);
  });
});

describe("a firm's codes issued before ValuSeal verified it", () => {
  const askToConfirm = (owner: Account, codeId: number) =>
    api(`/api/qr-codes/${codeId}/confirmation-request`, { method: "POST", token: owner.token });

  it("are listed for the administrator, can be asked for by the owner, and turn green when confirmed, with the owner told each step", async () => {
    const { owner, valuer } = await companyWithValuer();
    const first = await createCodeViaApi(owner.token, valuer.id);
    // Before any verification there is nothing to confirm the code with.
    const tooEarly = await askToConfirm(owner, first.id);
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body.message).toMatch(/^ValuSeal has not verified your firm yet/);

    const admin = await createAdminViaDb();
    const review = await api(`/api/admin/companies/${companyId(owner)}/details`, { token: admin.token });
    expect(review.body.earlierCodes).toEqual([
      {
        id: first.id,
        verificationCode: first.verificationCode,
        property: expect.any(String),
        createdAt: expect.any(String),
        confirmationRequestedAt: null,
      },
    ]);

    // Verified without confirming it: the owner is told the first code still reads amber, and what to do.
    await verifyCompanyViaAdmin(companyId(owner));
    const verified = await waitForEmail(owner.email, "is verified");
    expect(verified.text).toContain(
      "1 code your firm issued before this still reads “Issued before ValuSeal verified this firm”.",
    );
    expect(verified.text).toContain("choose “Ask ValuSeal to confirm this code”");
    expectAmber(await certificateOf(first.publicToken), ...BEFORE_VERIFICATION);

    const asked = await askToConfirm(owner, first.id);
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe(
      "ValuSeal will check that your firm issued this code. You will be emailed when it decides.",
    );
    const told = await waitForEmail(admin.email, "asks ValuSeal to confirm a code");
    expect(told.text).toContain(`${first.verificationCode}, a code the firm issued before ValuSeal verified it`);
    const again = await askToConfirm(owner, first.id);
    expect(again.body).toEqual({
      message: "You already asked ValuSeal to confirm this code. You will be emailed when it decides.",
      requestedAt: asked.body.requestedAt,
    });
    const listed = await api(`/api/admin/companies/${companyId(owner)}/details`, { token: admin.token });
    expect(listed.body.earlierCodes[0].confirmationRequestedAt).toBe(asked.body.requestedAt);

    // The administrator confirms the earlier codes: green, nothing left to confirm, and a green code asks nothing.
    await verifyCompanyViaAdmin(companyId(owner), { confirmEarlierCodes: true });
    expectGreen(await certificateOf(first.publicToken));
    expect(
      (await api(`/api/admin/companies/${companyId(owner)}/details`, { token: admin.token })).body.earlierCodes,
    ).toEqual([]);
    const confirmed = await askToConfirm(owner, first.id);
    expect(confirmed.status).toBe(409);
    expect(confirmed.body.message).toMatch(/^ValuSeal already vouches for this code/);
  });

  it("tells the owner when ValuSeal could not verify the firm, with the administrator's note", async () => {
    const { owner } = await companyWithValuer();
    await verifyCompanyViaAdmin(companyId(owner), { verified: false, note: "The VRB number belongs to another firm" });
    const refused = await waitForEmail(owner.email, "could not be verified");
    expect(refused.text).toContain("Your certificates keep reading “Issuer not verified by ValuSeal”");
    expect(refused.text).toContain("ValuSeal's note: The VRB number belongs to another firm");
  });
});
