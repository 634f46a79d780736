import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailTokens, loginFailures, sessions, webauthnChallenges } from "#schema/tables.ts";
import { registerOwnerViaServices } from "./fixtures/accounts";
import { withDb } from "./fixtures/database";
import { api, unique } from "./fixtures/http";
import { runHourlyJobs } from "./fixtures/jobs";

/*
 * What signing in leaves behind is deleted once it can no longer be used (docs/privacy.md): the
 * hourly job takes ended sessions, spent or expired email links, passkey challenges and old failed
 * sign-ins, whose keys name an email or a network in clear.
 */

const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000);

describe("expired sign-in data", () => {
  it("is deleted by the hourly job, and what is still in use is kept", async () => {
    const owner = await registerOwnerViaServices();
    const userId = owner.user.id;
    const endedSession = unique("sid");
    const email = `${unique("gone")}@example.com`;
    const [spent, expired, live] = [unique("spent"), unique("expired"), unique("live")];
    const failures = { old: `email:${unique("old")}@example.com`, recent: `email:${unique("recent")}@example.com` };
    await withDb(async (db) => {
      await db.insert(sessions).values({ sid: endedSession, sess: {}, expire: ago(1), userId });
      await db.insert(emailTokens).values([
        { userId, purpose: "password-reset", email, tokenHash: spent, expiresAt: ago(-1), usedAt: ago(30) },
        { userId, purpose: "confirm-email", email, tokenHash: expired, expiresAt: ago(30) },
        { userId, purpose: "password-reset", email, tokenHash: live, expiresAt: ago(-1) },
      ]);
      await db
        .insert(webauthnChallenges)
        .values({ userId, challenge: unique("c"), purpose: "sign-in", expiresAt: ago(1) });
      await db.insert(loginFailures).values([
        { key: failures.old, failures: 3, lastFailedAt: ago(30) },
        { key: failures.recent, failures: 3, lastFailedAt: ago(0.5) },
      ]);
    });

    await runHourlyJobs();

    await withDb(async (db) => {
      expect(await db.$count(sessions, eq(sessions.sid, endedSession))).toBe(0);
      const tokens = await db
        .select({ hash: emailTokens.tokenHash })
        .from(emailTokens)
        .where(inArray(emailTokens.tokenHash, [spent, expired, live]));
      expect(tokens.map(({ hash }) => hash)).toEqual([live]);
      expect(await db.$count(webauthnChallenges, eq(webauthnChallenges.userId, userId))).toBe(0);
      const kept = await db
        .select({ key: loginFailures.key })
        .from(loginFailures)
        .where(inArray(loginFailures.key, [failures.old, failures.recent]));
      expect(kept.map(({ key }) => key)).toEqual([failures.recent]);
    });
    // The owner's own session is still theirs.
    expect((await api("/api/auth/user", { token: owner.token })).status).toBe(200);
  });
});
