import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { codeStatusEvents } from "#schema/tables.ts";
import { registerOwnerViaServices } from "./fixtures/accounts";
import { verifyCompanyViaAdmin } from "./fixtures/admins";
import { insertCode } from "./fixtures/codes";
import { setCompanyActiveInDb } from "./fixtures/companies";
import { withDb } from "./fixtures/database";
import { api, ORIGIN, randomIp } from "./fixtures/http";
import { scanLikePhone } from "./fixtures/scans";
import { addMemberViaServices } from "./fixtures/team";

const revoke = (token: string, codeId: number, body: unknown) => api(`/api/qr-codes/${codeId}/revoke`, { token, body });
const reinstate = (token: string, codeId: number, body: unknown) =>
  api(`/api/qr-codes/${codeId}/reinstate`, { token, body });
const history = (token: string, codeId: number) => api(`/api/qr-codes/${codeId}/status-history`, { token });

describe("code revocation", () => {
  it("revokes with a reason, shows it on the certificate at once and records who and when", async () => {
    const owner = await registerOwnerViaServices();
    const code = await insertCode(owner);

    const res = await revoke(owner.token, code.id, { reason: "Superseded by a new valuation" });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: code.id,
      status: "revoked",
      revokedReason: "Superseded by a new valuation",
      revokedBy: { id: owner.user.id, email: owner.email, firstName: "Olive", lastName: "Owner" },
      supersededBy: null,
    });
    expect(new Date(res.body.revokedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const page = await scanLikePhone(code.publicToken);
    expect(page.body).toContain("Revoked on");
    expect(page.body).toContain("Superseded by a new valuation");
    expect(page.body).not.toContain("Verified Authentic");

    const events = await withDb((db) =>
      db.select().from(codeStatusEvents).where(eq(codeStatusEvents.qrCodeId, code.id)),
    );
    expect(events).toMatchObject([
      { action: "revoked", reason: "Superseded by a new valuation", actorId: owner.user.id },
    ]);
  });

  it("refuses to revoke a revoked code again (409)", async () => {
    const owner = await registerOwnerViaServices();
    const code = await insertCode(owner);
    await revoke(owner.token, code.id, { reason: "First" });
    const again = await revoke(owner.token, code.id, { reason: "Second" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This code is already revoked");
  });

  it("links the replacing code, which must be another live code of the same company", async () => {
    const owner = await registerOwnerViaServices();
    const code = await insertCode(owner);
    const replacement = await insertCode(owner);
    const revoked = await insertCode(owner, { revokedAt: new Date(), revokedReason: "old" });
    const foreign = await insertCode(await registerOwnerViaServices());

    for (const [supersededByCodeId, message] of [
      [code.id, "A code cannot replace itself"],
      [foreign.id, "Choose another code of your company"],
      [revoked.id, "The replacing code is itself revoked"],
    ] as const) {
      const res = await revoke(owner.token, code.id, { reason: "Replaced", supersededByCodeId });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([`supersededByCodeId: ${message}`]);
    }

    const res = await revoke(owner.token, code.id, { reason: "Replaced", supersededByCodeId: replacement.id });
    expect(res.status).toBe(200);
    expect(res.body.supersededBy).toEqual({
      id: replacement.id,
      publicToken: replacement.publicToken,
      propertyAddress: replacement.propertyAddress,
      address: `${ORIGIN}/v/${replacement.publicToken}`,
    });
    expect((await scanLikePhone(code.publicToken)).body).toContain(`href="${ORIGIN}/v/${replacement.publicToken}"`);
  });

  it("validates the reason", async () => {
    const owner = await registerOwnerViaServices();
    const code = await insertCode(owner);
    const missing = await revoke(owner.token, code.id, {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual(["reason: Reason is required"]);
    expect((await revoke(owner.token, code.id, { reason: "   " })).status).toBe(400);
    expect((await revoke(owner.token, code.id, { reason: "x".repeat(501) })).status).toBe(400);
    expect((await revoke(owner.token, code.id, { reason: "ok", supersededByCodeId: "7" })).status).toBe(400);
  });

  it("lets a member revoke only the codes they created", async () => {
    const owner = await registerOwnerViaServices();
    const member = await addMemberViaServices(owner);
    const ownersCode = await insertCode(owner);
    const membersCode = await insertCode(member);

    const refused = await revoke(member.token, ownersCode.id, { reason: "Not mine" });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Only the company owner or the person who created this code can revoke it");

    expect((await revoke(member.token, membersCode.id, { reason: "Typo in address" })).status).toBe(200);
    expect((await revoke(owner.token, ownersCode.id, { reason: "Owner decides" })).status).toBe(200);
  });

  it("hides other companies' codes (404) and requires sign-in (401)", async () => {
    const owner = await registerOwnerViaServices();
    const foreign = await insertCode(await registerOwnerViaServices());
    expect((await revoke(owner.token, foreign.id, { reason: "x" })).status).toBe(404);
    expect((await reinstate(owner.token, foreign.id, { reason: "x" })).status).toBe(404);
    expect((await history(owner.token, foreign.id)).status).toBe(404);
    expect((await history(owner.token, 999_999_999)).status).toBe(404);
    expect((await history(owner.token, "abc" as unknown as number)).status).toBe(404);
    expect((await api(`/api/qr-codes/${foreign.id}/revoke`, { body: { reason: "x" } })).status).toBe(401);
  });

  it("reinstates only by the owner, as a separate logged action", async () => {
    const owner = await registerOwnerViaServices();
    await verifyCompanyViaAdmin(owner.user.companyId!);
    const member = await addMemberViaServices(owner);
    const code = await insertCode(member);
    const replacement = await insertCode(owner);

    expect((await reinstate(owner.token, code.id, { reason: "Not revoked" })).status).toBe(409);
    await revoke(member.token, code.id, { reason: "Wrong valuer", supersededByCodeId: replacement.id });
    const refused = await reinstate(member.token, code.id, { reason: "Undo" });
    expect(refused.status).toBe(403);
    expect((await reinstate(owner.token, code.id, {})).status).toBe(400);

    const res = await reinstate(owner.token, code.id, { reason: "Revoked by mistake" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: "valid",
      revokedAt: null,
      revokedReason: null,
      revokedBy: null,
      supersededBy: null,
    });
    const page = String((await scanLikePhone(code.publicToken)).body);
    expect(page).toContain("Verified Authentic");
    // The withdrawal stays on the record: a bank that saw "Revoked" last week sees why it is back.
    const today = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric" }).format(
      new Date(),
    );
    expect(page).toContain(`Withdrawn on ${today} and reinstated on ${today}`);
    expect(page).toContain("Reason: Revoked by mistake");
    const json = await api(`/api/public/certificates/${code.publicToken}`);
    expect(json.body.reinstatement).toEqual({
      revokedAt: expect.any(String),
      reinstatedAt: expect.any(String),
      reason: "Revoked by mistake",
    });
  });

  it("refuses reinstatement for a deactivated company but still lets it revoke", async () => {
    const owner = await registerOwnerViaServices();
    const code = await insertCode(owner);
    await setCompanyActiveInDb(owner.user.companyId!, false);
    expect((await revoke(owner.token, code.id, { reason: "Withdrawn" })).status).toBe(200);
    expect((await reinstate(owner.token, code.id, { reason: "Back" })).status).toBe(403);
  });

  it("lists the status history newest first, with actors, to any company user", async () => {
    const owner = await registerOwnerViaServices();
    const member = await addMemberViaServices(owner);
    const code = await insertCode(owner);
    await revoke(owner.token, code.id, { reason: "Superseded" });
    await reinstate(owner.token, code.id, { reason: "Revoked by mistake" });
    await revoke(owner.token, code.id, { reason: "Final" });

    const res = await history(member.token, code.id);

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: code.id, status: "revoked", revokedReason: "Final" });
    const actor = { id: owner.user.id, email: owner.email, firstName: "Olive", lastName: "Owner" };
    expect(res.body.events).toMatchObject([
      { action: "revoked", reason: "Final", actor },
      { action: "reinstated", reason: "Revoked by mistake", actor },
      { action: "revoked", reason: "Superseded", actor },
    ]);
    expect(Object.keys(res.body.events[0]).sort()).toEqual(["action", "actor", "at", "id", "reason"]);
  });
});

describe("one status", () => {
  /** Today in the company's time zone (every test company keeps the default, Africa/Nairobi), as midnight UTC. */
  function nairobiDay(offsetDays: number) {
    const [year, month, day] = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Nairobi" })
      .format(new Date())
      .split("-")
      .map(Number);
    return new Date(Date.UTC(year!, month! - 1, day! + offsetDays));
  }

  async function verifiedOwner() {
    const owner = await registerOwnerViaServices();
    await verifyCompanyViaAdmin(owner.user.companyId!);
    return owner;
  }

  const certificateJson = (token: string) => api(`/api/public/certificates/${token}`, { ip: randomIp() });
  const detail = (token: string, codeId: number) => api(`/api/qr-codes/${codeId}`, { token });

  it("is expired from its valid-until day in the company's time zone, and never Verified Authentic then", async () => {
    const owner = await verifiedOwner();
    const lastDay = await insertCode(owner, { validUntil: nairobiDay(1) });
    const expiresToday = await insertCode(owner, { validUntil: nairobiDay(0) });

    expect((await detail(owner.token, lastDay.id)).body.status).toBe("valid");
    expect((await certificateJson(lastDay.publicToken)).body.status).toBe("valid");
    expect((await scanLikePhone(lastDay.publicToken)).body).toContain("Verified Authentic");

    expect((await detail(owner.token, expiresToday.id)).body.status).toBe("expired");
    const json = await certificateJson(expiresToday.publicToken);
    expect(json.body).toMatchObject({ status: "expired", issuerVerified: true });
    const page = await scanLikePhone(expiresToday.publicToken);
    expect(page.status).toBe(200);
    const longDay = nairobiDay(0).toLocaleDateString("en-GB", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    expect(page.body).toContain(`This valuation expired on ${longDay}. Ask the valuer for an updated report.`);
    expect(page.body).toContain('class="badge warn"');
    expect(page.body).not.toContain("Verified Authentic");
    // Still counted like any scan: the certificate is the record, only its standing changed.
    expect(json.body.verificationCount).toBe(1);
  });

  it("puts revoked before expired, and superseded (revoked with a replacement) before both", async () => {
    const owner = await verifiedOwner();
    const past = nairobiDay(-10);
    const replacement = await insertCode(owner, { validUntil: nairobiDay(60) });
    const revoked = await insertCode(owner, { validUntil: past });
    const superseded = await insertCode(owner, { validUntil: past });
    await revoke(owner.token, revoked.id, { reason: "Figures corrected" });
    const answer = await revoke(owner.token, superseded.id, {
      reason: "Replaced",
      supersededByCodeId: replacement.id,
    });
    expect(answer.body.status).toBe("superseded");

    expect((await detail(owner.token, revoked.id)).body.status).toBe("revoked");
    expect((await certificateJson(revoked.publicToken)).body).toMatchObject({ status: "revoked", supersededBy: null });
    const revokedPage = (await scanLikePhone(revoked.publicToken)).body;
    expect(revokedPage).toContain("Reason: Figures corrected");
    expect(revokedPage).toContain('class="badge bad"');
    expect(revokedPage).not.toContain("expired on");

    expect((await detail(owner.token, superseded.id)).body.status).toBe("superseded");
    const replacementAddress = `${ORIGIN}/v/${replacement.publicToken}`;
    expect((await certificateJson(superseded.publicToken)).body).toMatchObject({
      status: "superseded",
      supersededBy: replacementAddress,
    });
    const supersededPage = (await scanLikePhone(superseded.publicToken)).body;
    expect(supersededPage).toContain("Replaced by a newer valuation");
    expect(supersededPage).toContain(`href="${replacementAddress}"`);
    expect(supersededPage).not.toContain("Verified Authentic");

    const list = await api("/api/qr-codes?limit=10", { token: owner.token });
    const statuses = Object.fromEntries(
      list.body.map((code: { id: number; status: string }) => [code.id, code.status]),
    );
    expect(statuses).toEqual({ [replacement.id]: "valid", [revoked.id]: "revoked", [superseded.id]: "superseded" });

    // Reinstated, the codes stand again, and their validity decides.
    const reinstated = await reinstate(owner.token, superseded.id, { reason: "Replacement withdrawn" });
    expect(reinstated.body.status).toBe("expired");
    expect((await certificateJson(superseded.publicToken)).body.status).toBe("expired");
  });

  it("keeps the demo labelled as a sample", async () => {
    const demo = await certificateJson("demo");
    expect(demo.body).toMatchObject({ status: "sample", validUntil: null, verificationCode: null });
  });
});
