import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, invites, users, webhookEndpoints } from "#schema/tables.ts";
import { INVITATIONS_PER_DAY } from "#schema/validation/team.ts";
import { RECOVERY_ENDED_FOOTHOLDS } from "#worker/routes/password-reset.ts";
import { totpCode } from "../shared/second-factor";
import { enrolSecondFactorViaApi } from "./fixtures/second-factor";
import {
  findUser,
  loginViaApi,
  registerOwnerViaServices,
  registerUnconfirmedOwnerViaApi,
  startSessionViaServices,
} from "./fixtures/accounts";
import { createAdminViaDb } from "./fixtures/admins";
import { withDb } from "./fixtures/database";
import { api, unique } from "./fixtures/http";
import { addMemberViaServices, insertMember, inviteMemberViaApi } from "./fixtures/team";
import { emailsTo, tokenIn, waitForEmail } from "../shared/inbox";

/**
 * Account takeover is certificate forgery: whoever holds a firm's account issues green codes in
 * its name. Each test replays one way an attacker kept or gained an account and expects it closed.
 */

const NEW_PASSWORD = "recovered-owner-passphrase-42";
const INVALID_LINK = "This link is invalid, has expired or was already used. Ask for a new one.";

async function resetPasswordViaInbox(email: string) {
  const before = (await emailsTo(email)).length;
  expect((await api("/api/password-reset", { body: { email } })).status).toBe(202);
  const message = await waitForEmail(email, "Reset your ValuSeal password");
  expect((await emailsTo(email)).length).toBeGreaterThan(before);
  return api("/api/password-reset/confirm", {
    body: { token: tokenIn(message, "/reset-password"), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
  });
}

/** An attacker who once had the password asks to move the sign-in email to their own address. */
async function requestEmailChangeToAttacker(owner: { token: string; password: string }) {
  const attacker = `${unique("attacker")}@example.com`;
  const requested = await api("/api/profile/email", {
    method: "PUT",
    token: owner.token,
    body: { email: attacker, currentPassword: owner.password },
  });
  expect(requested.status).toBe(202);
  const link = tokenIn(await waitForEmail(attacker, "Confirm your new email"), "/confirm-email");
  return { attacker, link };
}

const membershipEvents = (companyId: number) =>
  withDb((db) =>
    db
      .select({ action: auditLog.action, details: auditLog.details, actorEmail: auditLog.actorEmail })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "company"), eq(auditLog.targetId, companyId)))
      .orderBy(auditLog.id),
  );

/** The user proves more than the password now, as a sign-in with a settled second factor records it. */
const provenNow = (userId: number) =>
  withDb((db) =>
    db
      .update(users)
      .set({ identityProvenAt: sql`now()` })
      .where(eq(users.id, userId)),
  );

/** A webhook endpoint as the Developers screen stores it, added `daysAgo` days ago. */
async function insertEndpoint(companyId: number, url: string, daysAgo = 0) {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  await withDb((db) =>
    db.insert(webhookEndpoints).values({
      publicId: `ep_${unique("hook").replace(/\W/g, "").padEnd(24, "0").slice(0, 24)}`,
      companyId,
      url,
      secret: "sealed",
      eventTypes: ["code.scanned" as const],
      createdAt: at,
      urlChangedAt: at,
    }),
  );
}

const userEvents = (userId: number) =>
  withDb((db) =>
    db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "user"), eq(auditLog.targetId, userId)))
      .orderBy(auditLog.id),
  );

describe("recovery ends everything the old password started", () => {
  it("a password reset retires a pending email change, so the attacker's link no longer takes the account", async () => {
    const owner = await registerOwnerViaServices();
    const { attacker, link } = await requestEmailChangeToAttacker(owner);

    expect((await resetPasswordViaInbox(owner.email)).status).toBe(200);

    const followed = await api("/api/auth/confirm-email", { body: { token: link } });
    expect(followed).toMatchObject({ status: 400, body: { message: INVALID_LINK } });
    const [row] = await withDb((db) =>
      db.select({ email: users.email }).from(users).where(eq(users.id, owner.user.id)),
    );
    expect(row!.email).toBe(owner.email);
    expect((await api("/api/login", { body: { email: attacker, password: NEW_PASSWORD } })).status).toBe(401);
    expect(await loginViaApi(owner.email, NEW_PASSWORD)).toEqual(expect.any(String));
  });

  it("a password change retires a pending email change too, and signs out every other session", async () => {
    const owner = await registerOwnerViaServices();
    const otherSession = await startSessionViaServices(owner.user.id);
    const { link } = await requestEmailChangeToAttacker(owner);

    const changed = await api("/api/profile/password", {
      token: owner.token,
      body: { currentPassword: owner.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(changed.status).toBe(200);

    expect((await api("/api/auth/confirm-email", { body: { token: link } })).status).toBe(400);
    expect((await api("/api/auth/user", { token: otherSession })).status).toBe(401);
    expect((await api("/api/auth/user", { token: owner.token })).status).toBe(200);
  });
});

describe("an account whose email was never confirmed acts on nothing outside itself", () => {
  it("cannot invite, set a webhook or change an email until the address is confirmed", async () => {
    const squatter = await registerUnconfirmedOwnerViaApi();
    const refusal = (action: string) =>
      `Confirm your email to ${action}: follow the link we sent to ${squatter.email}, or ask for a new one.`;

    const invite = await api("/api/team/invites", {
      token: squatter.token,
      body: { email: `${unique("accomplice")}@example.com` },
    });
    expect(invite).toMatchObject({ status: 403, body: { message: refusal("invite your team") } });
    const webhook = await api("/api/webhooks", {
      method: "POST",
      token: squatter.token,
      body: { url: "https://attacker.example.com/scans", eventTypes: ["code.scanned"] },
    });
    expect(webhook).toMatchObject({ status: 403, body: { message: refusal("send events to a webhook") } });
    const emailChange = await api("/api/profile/email", {
      method: "PUT",
      token: squatter.token,
      body: { email: `${unique("moved")}@example.com`, currentPassword: squatter.password },
    });
    expect(emailChange).toMatchObject({ status: 403, body: { message: refusal("change your email") } });
    const company = (await api("/api/companies/current", { token: squatter.token })).body;
    const companyEmail = await api("/api/companies/current", {
      method: "PUT",
      token: squatter.token,
      body: { ...company, email: `${unique("firm")}@example.com`, currentPassword: squatter.password },
    });
    expect(companyEmail).toMatchObject({ status: 403, body: { message: refusal("change the company email") } });

    expect(
      await withDb((db) => db.$count(webhookEndpoints, eq(webhookEndpoints.companyId, squatter.user.companyId!))),
    ).toBe(0);
    expect(await withDb((db) => db.$count(invites, eq(invites.companyId, squatter.user.companyId!)))).toBe(0);
  });

  it("the real owner's recovery removes the squatter's accomplice, invitations and webhook, and says so", async () => {
    // What a squatter could set up before unconfirmed accounts were held back: written as it was stored.
    const squatter = await registerUnconfirmedOwnerViaApi();
    const companyId = squatter.user.companyId!;
    const accompliceId = await insertMember(companyId);
    const accompliceSession = await startSessionViaServices(accompliceId);
    const [accomplice] = await withDb((db) =>
      db.select({ email: users.email }).from(users).where(eq(users.id, accompliceId)),
    );
    const pendingEmail = `${unique("second")}@example.com`;
    await withDb(async (db) => {
      await db.insert(invites).values({
        companyId,
        email: pendingEmail,
        tokenHash: unique("hash").padEnd(64, "0"),
        invitedById: squatter.user.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      await db.insert(webhookEndpoints).values(
        ["https://attacker.example.com/scans", "https://attacker.example.com/revocations"].map((url, index) => ({
          publicId: `ep_${unique("squat").replace(/\W/g, "").padEnd(23, "0").slice(0, 23)}${index}`,
          companyId,
          url,
          secret: "sealed",
          eventTypes: ["code.scanned" as const],
        })),
      );
    });

    const recovered = await resetPasswordViaInbox(squatter.email);
    expect(recovered).toMatchObject({
      status: 200,
      body: {
        message:
          "Your password has been changed. We ended what was added since you last proved it was you and emailed you the list. Sign in with the new password.",
      },
    });

    expect((await api("/api/auth/user", { token: accompliceSession })).status).toBe(401);
    expect((await api("/api/auth/user", { token: squatter.token })).status).toBe(401);
    const [member] = await withDb((db) =>
      db.select({ companyId: users.companyId, isActive: users.isActive }).from(users).where(eq(users.id, accompliceId)),
    );
    expect(member).toEqual({ companyId: null, isActive: false });
    expect(await withDb((db) => db.$count(webhookEndpoints, eq(webhookEndpoints.companyId, companyId)))).toBe(0);
    expect(await withDb((db) => db.$count(invites, eq(invites.companyId, companyId)))).toBe(0);

    const notice = await waitForEmail(squatter.email, "what we removed when you recovered your account");
    expect(notice.text).toContain(`Team members removed and signed out: ${accomplice!.email}.`);
    expect(notice.text).toContain(`Invitations cancelled: ${pendingEmail}.`);
    expect(notice.text).toContain(
      "Webhook endpoints removed: https://attacker.example.com/scans, https://attacker.example.com/revocations.",
    );
    expect((await membershipEvents(companyId)).map((event) => event.action)).toEqual([
      "team.member_removed",
      "team.invitation_cancelled",
      "company.webhook_removed",
      "company.webhook_removed",
    ]);

    // The recovered owner now has a confirmed address and may invite a team of their own.
    const owner = { ...squatter, token: await loginViaApi(squatter.email, NEW_PASSWORD) };
    expect((await inviteMemberViaApi(owner.token)).id).toEqual(expect.any(Number));
  });

  it("a confirmed owner's recovery keeps the team that joined before the owner last proved it was them", async () => {
    const owner = await registerOwnerViaServices();
    const member = await addMemberViaServices(owner);
    // As a sign-in with a second factor in force for a week records it.
    await provenNow(owner.user.id);
    expect((await resetPasswordViaInbox(owner.email)).body.message).toBe(
      "Your password has been changed. Sign in with the new password.",
    );
    expect((await api("/api/auth/user", { token: member.token })).status).toBe(200);
  });
});

describe("invitations", () => {
  it(`are limited to ${INVITATIONS_PER_DAY} a day per company, resends included, and each is audited`, async () => {
    const owner = await registerOwnerViaServices();
    const first = await api("/api/team/invites", { token: owner.token, body: { email: `${unique("i")}@example.com` } });
    expect(first.status).toBe(201);
    expect(
      (await api(`/api/team/invites/${first.body.id}/resend`, { method: "POST", token: owner.token })).status,
    ).toBe(200);
    for (let sent = 2; sent < INVITATIONS_PER_DAY; sent++) {
      const res = await api("/api/team/invites", { token: owner.token, body: { email: `${unique("i")}@example.com` } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const over = await api("/api/team/invites", { token: owner.token, body: { email: `${unique("i")}@example.com` } });
    expect(over).toMatchObject({
      status: 429,
      body: {
        message: `Your company has sent ${INVITATIONS_PER_DAY} invitations in the last 24 hours, the most a day. Try again tomorrow.`,
      },
    });
    const events = await membershipEvents(owner.user.companyId!);
    expect(events.filter((event) => event.action === "team.invitation_sent")).toHaveLength(INVITATIONS_PER_DAY);
    expect(events.every((event) => event.actorEmail === owner.email)).toBe(true);
  });
});

describe("a deactivation by an administrator sticks", () => {
  it("no company's invitation brings the account back; only an administrator does, and each change is audited", async () => {
    const owner = await registerOwnerViaServices();
    const member = await addMemberViaServices(owner);
    const admin = await createAdminViaDb();
    const deactivated = await api(`/api/admin/users/${member.user.id}/status`, {
      method: "PATCH",
      token: admin.token,
      body: { isActive: false },
    });
    expect(deactivated.status).toBe(200);
    // The owner then removes the seat: the account now has no company, as a removed member has.
    expect((await api(`/api/team/members/${member.user.id}`, { method: "DELETE", token: owner.token })).status).toBe(
      200,
    );

    const other = await registerOwnerViaServices();
    const invited = await api("/api/team/invites", { token: other.token, body: { email: member.email } });
    expect(invited.status).toBe(201);
    // The address has an account that cannot join: the invitee is told so, and no link is sent.
    const told = await waitForEmail(member.email, "invited to join a team");
    expect(told.text).toContain("This address already has a ValuSeal account");
    expect(told.text).not.toContain("/invite/");
    const [stored] = await withDb((db) =>
      db
        .select({ isActive: users.isActive, companyId: users.companyId })
        .from(users)
        .where(eq(users.id, member.user.id)),
    );
    expect(stored).toEqual({ isActive: false, companyId: null });
    expect((await api("/api/login", { body: { email: member.email, password: member.password } })).status).toBe(403);

    const events = await membershipEvents(owner.user.companyId!);
    expect(events.map((event) => event.action)).toEqual([
      "team.invitation_sent",
      "team.member_joined",
      "team.member_removed",
    ]);
    expect(events[1]!.details).toMatchObject({ memberId: member.user.id, email: member.email, returning: false });

    const reactivated = await api(`/api/admin/users/${member.user.id}/status`, {
      method: "PATCH",
      token: admin.token,
      body: { isActive: true },
    });
    expect(reactivated.status).toBe(200);
    const [after] = await withDb((db) =>
      db.select({ deactivatedByAdminAt: users.deactivatedByAdminAt }).from(users).where(eq(users.id, member.user.id)),
    );
    expect(after!.deactivatedByAdminAt).toBeNull();
  });
});

describe("recovery ends every foothold a stolen password made (decision 048)", () => {
  it("a reset revokes the attacker's API key, removes the accomplice, the webhook and the authenticator, and lists them", async () => {
    const owner = await registerOwnerViaServices();
    const companyId = owner.user.companyId!;
    await insertEndpoint(companyId, "https://erp.owner.example.com/valuseal", 30);
    await provenNow(owner.user.id);

    // Someone who learnt the password signs in (no second factor yet) and digs in.
    const attacker = await startSessionViaServices(owner.user.id);
    const key = await api("/api/api-keys", {
      token: attacker,
      body: { name: "Reporting", scopes: ["codes:write"], lifetime: "never", currentPassword: owner.password },
    });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    const accomplice = await addMemberViaServices({ ...owner, token: attacker });
    await insertEndpoint(companyId, "https://attacker.example.com/hook");
    await enrolSecondFactorViaApi(attacker, owner.password);

    expect(await resetPasswordViaInbox(owner.email)).toMatchObject({
      status: 200,
      body: { message: RECOVERY_ENDED_FOOTHOLDS },
    });

    expect((await api("/api/v1/codes", { headers: { authorization: `Bearer ${key.body.key}` } })).status).toBe(401);
    expect((await api("/api/auth/user", { token: accomplice.token })).status).toBe(401);
    const [member] = await withDb((db) =>
      db.select({ companyId: users.companyId }).from(users).where(eq(users.id, accomplice.user.id)),
    );
    expect(member!.companyId).toBeNull();
    const endpoints = await withDb((db) =>
      db.select({ url: webhookEndpoints.url }).from(webhookEndpoints).where(eq(webhookEndpoints.companyId, companyId)),
    );
    expect(endpoints).toEqual([{ url: "https://erp.owner.example.com/valuseal" }]);
    // The attacker's authenticator is gone: the owner signs in with the new password alone.
    expect(await loginViaApi(owner.email, NEW_PASSWORD)).toEqual(expect.any(String));

    const notice = await waitForEmail(owner.email, "what we removed when you recovered your account");
    expect(notice.text).toContain("API keys revoked: Reporting.");
    expect(notice.text).toContain("Two-step sign-in removed: authenticator app.");
    expect(notice.text).toContain(`Team members removed and signed out: ${accomplice.email}.`);
    expect(notice.text).toContain("Webhook endpoints removed: https://attacker.example.com/hook.");
    expect((await membershipEvents(companyId)).map((event) => event.action)).toEqual(
      expect.arrayContaining(["company.api_key_revoked", "team.member_removed", "company.webhook_removed"]),
    );
    expect(await userEvents(owner.user.id)).toContainEqual({
      action: "user.second_factor_removed",
      details: { factor: "authenticator app", reason: "account recovery" },
    });
  });

  it("an email alone never removes a second factor that was in force before the owner last proved it was them", async () => {
    const owner = await registerOwnerViaServices();
    const secret = await enrolSecondFactorViaApi(owner.token, owner.password);
    // A sign-in with an app set up only now proves nothing yet…
    const before = await findUser(owner.user.id);
    const fresh = await api("/api/login", { body: { email: owner.email, password: owner.password } });
    expect(
      (await api("/api/login/second-factor", { body: { challenge: fresh.body.challenge, code: totpCode(secret, 1) } }))
        .status,
    ).toBe(200);
    expect((await findUser(owner.user.id))!.identityProvenAt).toEqual(before!.identityProvenAt);
    // …one with an app in force for a week does.
    await withDb((db) =>
      db
        .update(users)
        .set({ totpEnabledAt: sql`now() - interval '8 days'`, totpLastStep: null })
        .where(eq(users.id, owner.user.id)),
    );
    const settled = await api("/api/login", { body: { email: owner.email, password: owner.password } });
    expect(
      (await api("/api/login/second-factor", { body: { challenge: settled.body.challenge, code: totpCode(secret) } }))
        .status,
    ).toBe(200);
    expect((await findUser(owner.user.id))!.identityProvenAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);

    expect((await resetPasswordViaInbox(owner.email)).status).toBe(200);
    const again = await api("/api/login", { body: { email: owner.email, password: NEW_PASSWORD } });
    expect(again.body).toMatchObject({ secondFactorRequired: true, methods: ["totp"] });
  });

  it("an administrator resets a lost second factor only with the evidence checked, audited and emailed", async () => {
    const owner = await registerOwnerViaServices();
    await enrolSecondFactorViaApi(owner.token, owner.password);
    const admin = await createAdminViaDb();
    const path = `/api/admin/users/${owner.user.id}/second-factor-reset`;

    const bare = await api(path, { token: admin.token, body: { evidence: "asked nicely" } });
    expect(bare).toMatchObject({
      status: 400,
      body: { errors: ["evidence: Say what evidence of identity you checked (at least 20 characters)"] },
    });
    expect((await api(path, { token: owner.token, body: { evidence: "x".repeat(30) } })).status).toBe(403);

    const evidence = "Video call 3 Dec, matched to the national ID on file; letter on the firm's letterhead.";
    expect(await api(path, { token: admin.token, body: { evidence } })).toMatchObject({
      status: 200,
      body: { message: "Two-step sign-in reset. The user can sign in with their password." },
    });
    expect((await api("/api/auth/user", { token: owner.token })).status).toBe(401);
    expect(await loginViaApi(owner.email, owner.password)).toEqual(expect.any(String));
    expect(await userEvents(owner.user.id)).toContainEqual({
      action: "user.second_factor_reset",
      details: { email: owner.email, evidence },
    });
    expect((await waitForEmail(owner.email, "your two-step sign-in was reset")).text).toContain(
      "Sign in with your password and set up two-step sign-in again",
    );
  });
});
