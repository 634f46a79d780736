import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, passkeys, sessions, users, webauthnChallenges } from "#schema/tables.ts";
import { waitForEmail } from "../shared/inbox";
import { totpCode } from "../shared/second-factor";
import { registerOwnerViaServices, startSessionViaServices } from "./fixtures/accounts";
import { promoteToAdminInDb } from "./fixtures/admins";
import { withDb } from "./fixtures/database";
import { api, unique } from "./fixtures/http";
import { addPasskeyViaApi } from "./fixtures/passkeys";
import { enrolSecondFactorViaApi } from "./fixtures/second-factor";
import { addMemberViaServices } from "./fixtures/team";

const WRONG_CODE = "code: That code is not right. Use the newest code from your authenticator app, or a recovery code.";
const ADMIN_NEEDS_SECOND_FACTOR =
  "Administrators sign in with two-step sign-in. Set it up in Profile → Security, or sign in again with your code.";

const signIn = (email: string, password: string) => api("/api/login", { body: { email, password } });
const answerChallenge = (challenge: string, code: string) =>
  api("/api/login/second-factor", { body: { challenge, code } });

describe("two-step sign-in with an authenticator app", () => {
  it("is set up with the password and a code, and hands out ten recovery codes once", async () => {
    const owner = await registerOwnerViaServices();
    const wrongPassword = await api("/api/profile/security/totp", {
      token: owner.token,
      body: { currentPassword: "not-my-password" },
    });
    expect(wrongPassword).toMatchObject({
      status: 400,
      body: { errors: ["currentPassword: Current password is incorrect"] },
    });

    const started = await api("/api/profile/security/totp", {
      token: owner.token,
      body: { currentPassword: owner.password },
    });
    expect(started.status).toBe(201);
    expect(started.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.body.otpauthUrl).toBe(
      `otpauth://totp/ValuSeal:${encodeURIComponent(owner.email)}?issuer=ValuSeal&secret=${started.body.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(started.body.qrSvg).toMatch(/^<svg /);
    // The secret is kept encrypted, never as the app shows it.
    const [stored] = await withDb((db) =>
      db.select({ secret: users.totpSecret }).from(users).where(eq(users.id, owner.user.id)),
    );
    expect(stored!.secret).toMatch(/^enc:v1:/);
    expect(stored!.secret).not.toContain(started.body.secret);

    const wrong = await api("/api/profile/security/totp/confirm", { token: owner.token, body: { code: "000000" } });
    expect(wrong).toMatchObject({ status: 400, body: { errors: [WRONG_CODE] } });
    const confirmed = await api("/api/profile/security/totp/confirm", {
      token: owner.token,
      body: { code: totpCode(started.body.secret) },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.codes).toHaveLength(10);
    for (const code of confirmed.body.codes) expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);

    const overview = await api("/api/profile/security", { token: owner.token });
    expect(overview.body).toMatchObject({ twoStepEnabled: true, recoveryCodesLeft: 10, requiredBy: null });
    expect(overview.body.sessions).toEqual([expect.objectContaining({ current: true, secondFactor: true })]);
    const again = await api("/api/profile/security/totp", {
      token: owner.token,
      body: { currentPassword: owner.password },
    });
    expect(again.status).toBe(409);
  });

  it("asks for a code after the password; a code works once, a recovery code works once", async () => {
    const owner = await registerOwnerViaServices();
    const secret = await enrolSecondFactorViaApi(owner.token, owner.password);
    // One code, kept: computed again later it could be the next step's, a fresh code, once the clock moves on.
    const usedCode = totpCode(secret, 1);
    const codes = (await api("/api/profile/security/recovery-codes", { token: owner.token, body: { code: usedCode } }))
      .body.codes as string[];

    const passwordStep = await signIn(owner.email, owner.password);
    expect(passwordStep.status).toBe(200);
    expect(passwordStep.body).toEqual({ secondFactorRequired: true, challenge: expect.any(String), methods: ["totp"] });
    expect(passwordStep.body).not.toHaveProperty("token");
    // The challenge is not a session.
    expect((await api("/api/auth/user", { token: passwordStep.body.challenge })).status).toBe(401);

    expect(await answerChallenge(passwordStep.body.challenge, "123456")).toMatchObject({
      status: 400,
      body: { errors: [WRONG_CODE] },
    });
    // The code the recovery codes were made with was used: it cannot sign in too.
    expect((await answerChallenge(passwordStep.body.challenge, usedCode)).status).toBe(400);

    const withRecovery = await answerChallenge(passwordStep.body.challenge, codes[0]!.toLowerCase().replace(/-/g, " "));
    expect(withRecovery.status).toBe(200);
    expect(withRecovery.body.user.secondFactor).toEqual({ enabled: true, verified: true, requiredBy: null });
    expect((await answerChallenge(passwordStep.body.challenge, codes[0]!)).status).toBe(400);
    expect((await api("/api/profile/security", { token: withRecovery.body.token })).body.recoveryCodesLeft).toBe(9);
  });

  it("stops checking codes for 15 minutes after five wrong ones, even the right one", async () => {
    const owner = await registerOwnerViaServices();
    const secret = await enrolSecondFactorViaApi(owner.token, owner.password);
    const { challenge } = (await signIn(owner.email, owner.password)).body;
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await answerChallenge(challenge, "999999")).status).toBe(400);
    }
    const blocked = await answerChallenge(challenge, totpCode(secret, 1));
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe("Too many wrong codes. Try again in 15 minutes.");
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
  });

  it("is turned off only with the password and a code", async () => {
    const owner = await registerOwnerViaServices();
    const secret = await enrolSecondFactorViaApi(owner.token, owner.password);
    const withoutCode = await api("/api/profile/security/totp", {
      method: "DELETE",
      token: owner.token,
      body: { currentPassword: owner.password, code: "000000" },
    });
    expect(withoutCode.status).toBe(400);
    const off = await api("/api/profile/security/totp", {
      method: "DELETE",
      token: owner.token,
      body: { currentPassword: owner.password, code: totpCode(secret, 1) },
    });
    expect(off).toMatchObject({ status: 200, body: { message: "Two-step sign-in is off." } });
    expect((await signIn(owner.email, owner.password)).body.token).toEqual(expect.any(String));
  });
});

describe("passkeys", () => {
  it("an account with a passkey is asked for it (or a recovery code) after the password", async () => {
    const owner = await registerOwnerViaServices();
    await withDb((db) =>
      db
        .insert(passkeys)
        .values({ userId: owner.user.id, credentialId: unique("cred"), publicKey: "AAAA", name: "Key" }),
    );
    const passwordStep = await signIn(owner.email, owner.password);
    expect(passwordStep.body).toEqual({
      secondFactorRequired: true,
      challenge: expect.any(String),
      methods: ["passkey"],
    });
    const options = await api("/api/login/second-factor/passkey-options", {
      body: { challenge: passwordStep.body.challenge },
    });
    expect(options.status).toBe(200);
    expect(options.body.rpId).toBe("valuseal.test");
    expect(options.body.allowCredentials).toHaveLength(1);
    // An answer that no passkey signed is refused, and the challenge it named is gone.
    const forged = await api("/api/login/second-factor/passkey", {
      body: {
        challenge: passwordStep.body.challenge,
        response: {
          id: "AAAA",
          rawId: "AAAA",
          type: "public-key",
          response: {
            clientDataJSON: btoa(JSON.stringify({ type: "webauthn.get", challenge: options.body.challenge }))
              .replace(/=+$/, "")
              .replace(/\+/g, "-")
              .replace(/\//g, "_"),
            authenticatorData: "AAAA",
            signature: "AAAA",
          },
          clientExtensionResults: {},
        },
      },
    });
    expect(forged).toMatchObject({
      status: 400,
      body: { message: "That passkey could not be verified. Try again, or use your authenticator app." },
    });
    expect(await withDb((db) => db.$count(webauthnChallenges, eq(webauthnChallenges.userId, owner.user.id)))).toBe(0);
  });
});

describe("who must use it", () => {
  it("an administrator reaches no admin route until the session proved a second factor", async () => {
    const account = await registerOwnerViaServices();
    await promoteToAdminInDb(account.user.id);
    const token = await startSessionViaServices(account.user.id);
    expect(await api("/api/admin/stats", { token })).toMatchObject({
      status: 403,
      body: { message: ADMIN_NEEDS_SECOND_FACTOR },
    });
    expect((await api("/api/auth/user", { token })).body.secondFactor).toEqual({
      enabled: false,
      verified: false,
      requiredBy: "administrator",
    });
    const secret = await enrolSecondFactorViaApi(token, account.password);
    expect((await api("/api/admin/stats", { token })).status).toBe(200);

    // The next sign-in with the password alone is only the first step.
    const { challenge } = (await signIn(account.email, account.password)).body;
    const signedIn = await answerChallenge(challenge, totpCode(secret, 1));
    expect((await api("/api/admin/stats", { token: signedIn.body.token })).status).toBe(200);
  });

  it("an owner can require it of the whole team, once they use it themselves", async () => {
    const owner = await registerOwnerViaServices();
    const member = await addMemberViaServices(owner);
    const tooEarly = await api("/api/companies/current/security", {
      method: "PUT",
      token: owner.token,
      body: { requireSecondFactor: true },
    });
    expect(tooEarly).toMatchObject({
      status: 400,
      body: { message: "Turn on two-step sign-in for yourself first, in Profile → Security." },
    });
    await enrolSecondFactorViaApi(owner.token, owner.password);
    const required = await api("/api/companies/current/security", {
      method: "PUT",
      token: owner.token,
      body: { requireSecondFactor: true },
    });
    expect(required.status).toBe(200);
    expect(required.body.requireSecondFactor).toBe(true);

    const refused = await api("/api/qr-codes", { token: member.token });
    expect(refused).toMatchObject({
      status: 403,
      body: {
        message: `${owner.user.company!.name} requires two-step sign-in. Set it up in Profile → Security, or sign in again with your code.`,
      },
    });
    expect((await api("/api/profile/security", { token: member.token })).body.requiredBy).toBe("company");
    await enrolSecondFactorViaApi(member.token, member.password);
    expect((await api("/api/qr-codes", { token: member.token })).status).toBe(200);

    const memberOfOther = await api("/api/companies/current/security", {
      method: "PUT",
      token: member.token,
      body: { requireSecondFactor: false },
    });
    expect(memberOfOther.status).toBe(403);
  });
});

describe("sessions", () => {
  it("lists the user's sessions and signs out one, or all the others", async () => {
    const owner = await registerOwnerViaServices();
    const phone = await startSessionViaServices(owner.user.id);
    const laptop = await startSessionViaServices(owner.user.id);
    const listed = (await api("/api/profile/security", { token: owner.token })).body.sessions as {
      id: string;
      current: boolean;
    }[];
    expect(listed).toHaveLength(3);
    expect(listed.filter((session) => session.current)).toHaveLength(1);
    for (const session of listed) expect(session.id).toMatch(/^[0-9a-f]{24}$/);

    const phoneHandle = (await api("/api/profile/security", { token: phone })).body.sessions.find(
      (session: { current: boolean }) => session.current,
    ).id;
    const other = await registerOwnerViaServices();
    expect(
      (await api(`/api/profile/security/sessions/${phoneHandle}`, { method: "DELETE", token: other.token })).status,
    ).toBe(404);
    expect(
      (await api(`/api/profile/security/sessions/${phoneHandle}`, { method: "DELETE", token: owner.token })).status,
    ).toBe(200);
    expect((await api("/api/auth/user", { token: phone })).status).toBe(401);
    expect((await api("/api/auth/user", { token: laptop })).status).toBe(200);

    const others = await api("/api/profile/security/sessions/sign-out-others", { method: "POST", token: owner.token });
    expect(others.status).toBe(200);
    expect((await api("/api/auth/user", { token: laptop })).status).toBe(401);
    expect((await api("/api/auth/user", { token: owner.token })).status).toBe(200);
  });

  it("ends a session unused for longer than its idle limit: 30 minutes for administrators, 12 hours for others", async () => {
    const owner = await registerOwnerViaServices();
    const admin = await registerOwnerViaServices();
    await promoteToAdminInDb(admin.user.id);
    const adminToken = await startSessionViaServices(admin.user.id);
    const idleFor = (userId: number, minutes: number) =>
      withDb((db) =>
        db.execute(
          `update sessions set last_used_at = now() - make_interval(mins => ${minutes}) where user_id = ${userId}`,
        ),
      );
    await idleFor(owner.user.id, 11 * 60);
    await idleFor(admin.user.id, 29);
    expect((await api("/api/auth/user", { token: owner.token })).status).toBe(200);
    expect((await api("/api/auth/user", { token: adminToken })).status).toBe(200);
    // Each use renews the limit (written after the answer).
    await expect
      .poll(async () => {
        const [row] = await withDb((db) =>
          db
            .select({ fresh: sql<boolean>`${sessions.lastUsedAt} > now() - interval '1 minute'` })
            .from(sessions)
            .where(eq(sessions.userId, owner.user.id)),
        );
        return row?.fresh;
      })
      .toBe(true);
    await idleFor(owner.user.id, 12 * 60 + 1);
    await idleFor(admin.user.id, 31);
    expect((await api("/api/auth/user", { token: owner.token })).status).toBe(401);
    expect((await api("/api/auth/user", { token: adminToken })).status).toBe(401);
  });
});

describe("a new second factor is earned with the one in force (decision 049)", () => {
  const FACTOR_PROOF_NEEDED =
    "Confirm it is you first: enter a code from your authenticator app or a recovery code, or use your passkey.";
  const sessionProvenAt = (token: string, userId: number) =>
    withDb(async (db) => {
      const rows = await db
        .select({ sid: sessions.sid, at: sessions.secondFactorAt })
        .from(sessions)
        .where(eq(sessions.userId, userId));
      const { jti } = JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as { jti: string };
      return rows.find((row) => row.sid === jti)?.at ?? null;
    });

  it("a password-only session cannot add a passkey (nor become proven) without a current code", async () => {
    const admin = await registerOwnerViaServices();
    await promoteToAdminInDb(admin.user.id);
    const adminToken = await startSessionViaServices(admin.user.id);
    const secret = await enrolSecondFactorViaApi(adminToken, admin.password);
    // A session opened with the password alone, as a stolen password opens one.
    const borrowed = await startSessionViaServices(admin.user.id);

    const refused = await api("/api/profile/security/passkeys/options", {
      token: borrowed,
      body: { currentPassword: admin.password },
    });
    expect(refused).toMatchObject({ status: 403, body: { message: FACTOR_PROOF_NEEDED } });
    expect((await api("/api/admin/stats", { token: borrowed })).body.message).toBe(ADMIN_NEEDS_SECOND_FACTOR);
    expect(await sessionProvenAt(borrowed, admin.user.id)).toBeNull();

    const wrong = await api("/api/profile/security/passkeys/options", {
      token: borrowed,
      body: { currentPassword: admin.password, code: "000000" },
    });
    expect(wrong).toMatchObject({ status: 400, body: { errors: [WRONG_CODE] } });

    const proven = await api("/api/profile/security/passkeys/options", {
      token: borrowed,
      body: { currentPassword: admin.password, code: totpCode(secret, 1) },
    });
    expect(proven.status).toBe(200);
    expect(proven.body.challenge).toEqual(expect.any(String));
    // Proving the app in that step is what proves the session, not the passkey that follows.
    expect(await sessionProvenAt(borrowed, admin.user.id)).toEqual(expect.any(Date));
  });

  it("turning two-step sign-in on signs out every other session, and is emailed", async () => {
    const owner = await registerOwnerViaServices();
    const elsewhere = await startSessionViaServices(owner.user.id);
    await enrolSecondFactorViaApi(owner.token, owner.password);
    expect((await api("/api/auth/user", { token: elsewhere })).status).toBe(401);
    expect((await api("/api/auth/user", { token: owner.token })).status).toBe(200);
    const notice = await waitForEmail(owner.email, "two-step sign-in was added to your account");
    expect(notice.text).toContain("Your authenticator app now signs you in to ValuSeal with your password.");
    const [audit] = await withDb((db) =>
      db
        .select({ action: auditLog.action, details: auditLog.details })
        .from(auditLog)
        .where(sql`${auditLog.targetType} = 'user' and ${auditLog.targetId} = ${owner.user.id}`),
    );
    expect(audit).toEqual({ action: "user.second_factor_added", details: { factor: "authenticator app" } });
  });

  it("removing a passkey asks for the password and a current factor, and is emailed", async () => {
    const owner = await registerOwnerViaServices();
    const secret = await enrolSecondFactorViaApi(owner.token, owner.password);
    const [passkey] = await withDb((db) =>
      db
        .insert(passkeys)
        .values({ userId: owner.user.id, credentialId: unique("cred"), publicKey: "AAAA", name: "Office key" })
        .returning({ id: passkeys.id }),
    );
    const borrowed = await startSessionViaServices(owner.user.id);
    const path = `/api/profile/security/passkeys/${passkey!.id}`;

    expect((await api(path, { method: "DELETE", token: borrowed })).status).toBe(400);
    const noFactor = await api(path, { method: "DELETE", token: borrowed, body: { currentPassword: owner.password } });
    expect(noFactor).toMatchObject({ status: 403, body: { message: FACTOR_PROOF_NEEDED } });
    const wrongPassword = await api(path, {
      method: "DELETE",
      token: borrowed,
      body: { currentPassword: "not-my-password", code: totpCode(secret, 1) },
    });
    expect(wrongPassword).toMatchObject({
      status: 400,
      body: { errors: ["currentPassword: Current password is incorrect"] },
    });
    expect(await withDb((db) => db.$count(passkeys, eq(passkeys.userId, owner.user.id)))).toBe(1);

    const removed = await api(path, {
      method: "DELETE",
      token: borrowed,
      body: { currentPassword: owner.password, code: totpCode(secret, 1) },
    });
    expect(removed).toMatchObject({ status: 200, body: { message: "Passkey removed" } });
    expect(await withDb((db) => db.$count(passkeys, eq(passkeys.userId, owner.user.id)))).toBe(0);
    const notice = await waitForEmail(owner.email, "two-step sign-in was removed from your account");
    expect(notice.text).toContain("Your passkey “Office key” no longer signs you in to ValuSeal.");
  });

  it("registering the first passkey signs out other sessions but proves nothing about this one", async () => {
    const owner = await registerOwnerViaServices();
    const elsewhere = await startSessionViaServices(owner.user.id);
    const added = await addPasskeyViaApi(owner.token, { currentPassword: owner.password });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.recoveryCodes).toHaveLength(10);
    expect(await sessionProvenAt(owner.token, owner.user.id)).toBeNull();
    expect((await api("/api/auth/user", { token: elsewhere })).status).toBe(401);
    expect((await waitForEmail(owner.email, "two-step sign-in was added")).text).toContain(
      "Your passkey “Laptop” now signs you in",
    );
  });

  it("a passkey whose credential id is already registered is refused with 400, not 500", async () => {
    const owner = await registerOwnerViaServices();
    const credentialId = crypto.getRandomValues(new Uint8Array(16));
    expect(
      (await addPasskeyViaApi(owner.token, { currentPassword: owner.password }, "First", credentialId)).status,
    ).toBe(201);
    const other = await registerOwnerViaServices();
    const again = await addPasskeyViaApi(other.token, { currentPassword: other.password }, "Copy", credentialId);
    expect(again).toMatchObject({
      status: 400,
      body: { message: "This passkey is already registered. Use it, or add another one." },
    });
  });
});
