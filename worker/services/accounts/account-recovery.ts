import { and, eq, ne, or, sql, type SQL } from "drizzle-orm";
import { companies, invites, passkeys, recoveryCodes, users, webhookEndpoints } from "#schema/tables.ts";
import type { Transaction } from "#worker/db.ts";
import type { EmailMessage, RecoveryRemovals } from "#worker/lib/email-templates.ts";
import type { Actor } from "../companies/audit";
import { recordAudit } from "../companies/audit";
import { revokeKeysMadeBy } from "../integration/api-keys";
import { endOutstandingAccess } from "./sessions";
import { cancelPendingInvites, removeMembers } from "./team";

/**
 * Recovery (docs/decisions/048): a password reset, by emailed link or by an administrator, ends
 * everything a stolen password could have added since the user last proved more than the
 * password (`users.identity_proven_at`): every API key the user made, every pending invitation,
 * the members who joined, the webhook endpoints added or pointed elsewhere, and the second factors
 * enrolled in that time, with every session and outstanding link. What the owner set up before
 * that moment stays, so an email alone never removes a second factor that was in force then.
 */

/** A second factor proves the user only once it has been in force this long (decision 048). */
const FACTOR_SETTLING_DAYS = 7;

/** Whether a factor enrolled at `enrolledAt` (a column or expression) has settled. */
export const factorSettled = (enrolledAt: SQL | typeof users.totpEnabledAt) =>
  sql<boolean>`coalesce(${enrolledAt} <= now() - ${sql.raw(`interval '${FACTOR_SETTLING_DAYS} days'`)}, false)`;

/** The user proved more than the password just now: recovery keeps what exists at this moment. */
export async function markIdentityProven(tx: Pick<Transaction, "update">, userId: number) {
  await tx
    .update(users)
    .set({ identityProvenAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** `column` was set after the user's last proof (always, when they never proved anything). */
const since = (column: SQL | typeof passkeys.createdAt, provenAt: Date | null): SQL =>
  provenAt ? sql`${column} > ${provenAt.toISOString()}` : sql`true`;

/**
 * Ends the footholds of an account whose password was reset, in the reset's transaction, and
 * audits each. The email listing them, or null when there was nothing to end but sessions.
 */
export async function endFootholds(
  tx: Transaction,
  actor: Actor,
  account: { id: number; email: string },
  reason: string,
): Promise<EmailMessage | null> {
  const [user] = await tx
    .select({ provenAt: users.identityProvenAt, totpEnabledAt: users.totpEnabledAt })
    .from(users)
    .where(eq(users.id, account.id))
    .for("update");
  if (!user) return null;
  await endOutstandingAccess(tx, account.id);
  const removed: RecoveryRemovals = {
    members: [],
    invites: [],
    webhookUrls: [],
    apiKeys: (await revokeKeysMadeBy(tx, actor, [account.id], reason)).map((key) => key.name),
    secondFactors: await removeRecentFactors(tx, actor, account.id, user.provenAt, reason),
  };
  const [company] = await tx
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.ownerId, account.id))
    .for("update");
  if (company) {
    const joined = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.companyId, company.id),
          ne(users.id, account.id),
          user.provenAt
            ? sql`exists (select 1 from ${invites} where ${invites.companyId} = ${company.id}
                and lower(${invites.email}) = lower(${users.email}) and ${since(sql`${invites.acceptedAt}`, user.provenAt)})`
            : undefined,
        ),
      );
    removed.members = await removeMembers(tx, actor, company.id, {
      ids: joined.map((member) => member.id),
      reason,
    });
    removed.invites = await cancelPendingInvites(tx, actor, company.id);
    removed.webhookUrls = await removeRecentEndpoints(tx, actor, company.id, user.provenAt, reason);
  }
  const ended = Object.values(removed).some((items) => items.length > 0);
  return ended ? { kind: "recovery-cleanup", to: account.email, companyName: company?.name ?? null, removed } : null;
}

/** The authenticator app and passkeys enrolled after the last proof; how the email names them. */
async function removeRecentFactors(
  tx: Transaction,
  actor: Actor,
  userId: number,
  provenAt: Date | null,
  reason: string,
): Promise<string[]> {
  const [app] = await tx
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(
      and(eq(users.id, userId), sql`${users.totpEnabledAt} is not null`, since(sql`${users.totpEnabledAt}`, provenAt)),
    )
    .returning({ id: users.id });
  const keys = await tx
    .delete(passkeys)
    .where(and(eq(passkeys.userId, userId), since(sql`${passkeys.createdAt}`, provenAt)))
    .returning({ name: passkeys.name });
  const [remaining] = await tx
    .select({
      factors: sql<number>`(select count(*) from ${passkeys} where ${passkeys.userId} = ${userId})
        + (select count(*) from ${users} where ${users.id} = ${userId} and ${users.totpEnabledAt} is not null)`.mapWith(
        Number,
      ),
    })
    .from(sql`(select 1) as one`);
  // Recovery codes stand in for a factor: with none left they would be a factor of their own.
  if (remaining!.factors === 0) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const names = [...(app ? ["authenticator app"] : []), ...keys.map((key) => `passkey “${key.name}”`)];
  await recordAudit(
    tx,
    actor,
    names.map((factor) => ({
      action: "user.second_factor_removed",
      targetType: "user",
      targetId: userId,
      details: { factor, reason },
    })),
  );
  return names;
}

/** Webhook endpoints added, or pointed at a new address, after the last proof; their addresses. */
async function removeRecentEndpoints(
  tx: Transaction,
  actor: Actor,
  companyId: number,
  provenAt: Date | null,
  reason: string,
): Promise<string[]> {
  const endpoints = await tx
    .delete(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.companyId, companyId),
        or(since(sql`${webhookEndpoints.createdAt}`, provenAt), since(sql`${webhookEndpoints.urlChangedAt}`, provenAt)),
      ),
    )
    .returning({ id: webhookEndpoints.publicId, url: webhookEndpoints.url });
  await recordAudit(
    tx,
    actor,
    endpoints.map((endpoint) => ({
      action: "company.webhook_removed",
      targetType: "company",
      targetId: companyId,
      details: { endpoint: endpoint.id, url: endpoint.url, reason },
    })),
  );
  return endpoints.map((endpoint) => endpoint.url);
}

/**
 * An administrator restores a user who lost every second factor, after reviewing identity
 * evidence (recorded in the audit row): every factor and recovery code goes, every session ends,
 * and the review counts as the user's proof. Never reachable through email alone.
 */
export async function resetSecondFactorsAfterReview(
  tx: Transaction,
  actor: Actor,
  userId: number,
  evidence: string,
): Promise<{ email: string } | null> {
  const [user] = await tx
    .update(users)
    .set({
      totpSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
      secondFactorFailures: 0,
      secondFactorBlockedUntil: null,
      identityProvenAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning({ id: users.id, email: users.email });
  if (!user) return null;
  await tx.delete(passkeys).where(eq(passkeys.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await endOutstandingAccess(tx, userId);
  await recordAudit(tx, actor, [
    {
      action: "user.second_factor_reset",
      targetType: "user",
      targetId: userId,
      details: { email: user.email, evidence },
    },
  ]);
  return { email: user.email };
}
