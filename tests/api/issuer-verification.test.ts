import { describe, expect, it } from "vitest";
import { type Account, registerOwnerViaApi } from "./fixtures/accounts";
import { auditEntriesFor, createAdminViaDb, verifyCompanyViaAdmin } from "./fixtures/admins";
import { createCodeViaApi } from "./fixtures/codes";
import { api, randomIp, unique } from "./fixtures/http";
import { scanLikePhone } from "./fixtures/scans";
import { createValuerViaApi } from "./fixtures/valuers";

const NOT_VERIFIED = "Issuer not verified by ValuSeal";

/** What a bank officer sees: the printed address's page and the JSON the /qr-view page reads. */
async function certificateOf(token: string) {
  const page = await scanLikePhone(token);
  const json = await api(`/api/public/certificates/${token}`, { ip: randomIp() });
  return { html: String(page.body), json: json.body };
}

function expectGreen(view: { html: string; json: Record<string, unknown> }) {
  expect(view.json).toMatchObject({ status: "valid", issuerVerified: true, issuerVerifiedAt: expect.any(String) });
  expect(view.html).toContain("Verified Authentic");
  expect(view.html).toContain("Issuer verified by ValuSeal on");
  expect(view.html).not.toContain(NOT_VERIFIED);
}

function expectAmber(view: { html: string; json: Record<string, unknown> }) {
  expect(view.json).toMatchObject({ status: "valid", issuerVerified: false, issuerVerifiedAt: null });
  expect(view.html).toContain(NOT_VERIFIED);
  expect(view.html).toContain("has not checked the identity or professional registration");
  expect(view.html).not.toContain("Verified Authentic");
}

async function companyWithCode(name = `${unique("Firm")} Valuers`) {
  const owner = await registerOwnerViaApi({ name });
  const valuer = await createValuerViaApi(owner.token, { registrationNumber: "VRB/1234" });
  const code = await createCodeViaApi(owner.token, valuer.id);
  return { owner, valuer, code };
}

const companyId = (owner: Account) => owner.user.companyId!;

describe("a certificate tells the truth about its issuer", () => {
  it("is amber until an administrator verifies the company, then green, and amber again when withdrawn", async () => {
    const { owner, code } = await companyWithCode("Knight Frank LLP");
    const before = await certificateOf(code.publicToken);
    expectAmber(before);
    expect(before.json.companyName).toBe("Knight Frank LLP");

    const verified = await verifyCompanyViaAdmin(companyId(owner), { note: "Checked against the VRB register" });
    expect(verified).toMatchObject({
      message: "Company verified",
      company: { verificationStatus: "verified", verificationNote: "Checked against the VRB register" },
    });
    const green = await certificateOf(code.publicToken);
    expectGreen(green);
    expect(green.json.valuerRegistrationNumber).toBe("VRB/1234");
    expect(green.html).toContain("VRB/1234");

    const withdrawn = await verifyCompanyViaAdmin(companyId(owner), { verified: false, note: "Registration lapsed" });
    expect(withdrawn.message).toBe("Company not verified");
    expectAmber(await certificateOf(code.publicToken));
    expect(
      (await auditEntriesFor("company", [companyId(owner)])).map((entry) => [entry.action, entry.details]),
    ).toEqual([
      [
        "company.verified",
        expect.objectContaining({ previousStatus: "pending", note: "Checked against the VRB register" }),
      ],
      [
        "company.verification_withdrawn",
        expect.objectContaining({ previousStatus: "verified", note: "Registration lapsed" }),
      ],
    ]);
  });

  it("keeps codes issued before a verified firm's rename green under their old name; newer codes wait for review", async () => {
    const { owner, valuer, code: before } = await companyWithCode("Original Valuers");
    await verifyCompanyViaAdmin(companyId(owner));
    const company = (await api("/api/companies/current", { token: owner.token })).body;

    const renamed = await api("/api/companies/current", {
      method: "PUT",
      token: owner.token,
      body: { name: "Renamed Valuers", email: company.email, phone: company.phone, location: company.location },
    });
    expect(renamed.body).toMatchObject({ name: "Renamed Valuers", verificationStatus: "pending" });
    const after = await createCodeViaApi(owner.token, valuer.id);

    const oldView = await certificateOf(before.publicToken);
    expectGreen(oldView);
    expect(oldView.json.companyName).toBe("Original Valuers");
    const newView = await certificateOf(after.publicToken);
    expectAmber(newView);
    expect(newView.json.companyName).toBe("Renamed Valuers");

    await verifyCompanyViaAdmin(companyId(owner));
    expectGreen(await certificateOf(after.publicToken));
  });

  it("sends a verified firm back to review when its registration changes", async () => {
    const { owner, valuer } = await companyWithCode();
    const registration = { body: "RICS", number: "RICS-001122" };
    expect(
      (await api("/api/companies/current/registration", { method: "PUT", token: owner.token, body: registration }))
        .body,
    ).toMatchObject({ registrationBody: "RICS", registrationNumber: "RICS-001122", verificationStatus: "pending" });
    await verifyCompanyViaAdmin(companyId(owner));
    const same = await api("/api/companies/current/registration", {
      method: "PUT",
      token: owner.token,
      body: registration,
    });
    expect(same.body.verificationStatus).toBe("verified");

    const changed = await api("/api/companies/current/registration", {
      method: "PUT",
      token: owner.token,
      body: { body: "Other", bodyName: "Estate Agents Registration Board", number: "EARB-9" },
    });
    expect(changed.body).toMatchObject({
      verificationStatus: "pending",
      registrationBodyName: "Estate Agents Registration Board",
    });
    expectAmber(await certificateOf((await createCodeViaApi(owner.token, valuer.id)).publicToken));

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

  it("keeps the demo a sample, never verified", async () => {
    const demo = await api("/api/public/certificates/demo");
    expect(demo.body).toMatchObject({ status: "sample", issuerVerified: false });
  });
});

describe("the administrators' verification queue", () => {
  it("counts companies awaiting review, lists them with a filter, and records each decision", async () => {
    const admin = await createAdminViaDb();
    const tag = unique("queue");
    const waiting = await registerOwnerViaApi({ name: `${tag} Waiting` });
    const decided = await registerOwnerViaApi({ name: `${tag} Decided` });
    const statsBefore = (await api("/api/admin/stats", { token: admin.token })).body;
    expect(statsBefore.companiesAwaitingVerification).toBeGreaterThanOrEqual(2);

    const decision = await api(`/api/admin/companies/${companyId(decided)}/verification`, {
      method: "PATCH",
      token: admin.token,
      body: { verified: true },
    });
    expect(decision.status).toBe(200);
    const statsAfter = (await api("/api/admin/stats", { token: admin.token })).body;
    expect(statsAfter.companiesAwaitingVerification).toBeLessThan(statsBefore.companiesAwaitingVerification);

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
