import { eq, inArray } from "drizzle-orm";
import { companies, users } from "#schema/tables.ts";
import type { Queryable } from "#worker/db.ts";
import type { Outbox } from "../integration/webhooks";
import { noticeWatchers } from "../lenders/watch-notices";
import { deregistered, type ChangedCheck } from "./valuer-checks";

/**
 * A snapshot that removes or suspends a valuer matters to codes already issued (decision 062):
 * their certificates keep the check made at issue, so the firm's owner is emailed, and every lender
 * watching an unexpired, standing code the valuer signed gets a watch notice and its webhook
 * event. Runs in the import's transaction; the emails go once it has committed (the outbox).
 * Answers how many valuers were alerted on.
 */
export async function alertDeregistered(
  db: Queryable,
  outbox: Outbox,
  changes: ChangedCheck[],
  register: { body: string; publishedOn: string },
): Promise<number> {
  const alerts = deregistered(changes);
  if (alerts.length === 0) return 0;
  const owners = await db
    .select({ companyId: companies.id, companyName: companies.name, email: users.email })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerId))
    .where(
      inArray(
        companies.id,
        alerts.map((alert) => alert.companyId),
      ),
    );
  for (const alert of alerts) {
    const result = alert.check.result as "removed" | "suspended";
    const owner = owners.find((row) => row.companyId === alert.companyId);
    if (owner) {
      outbox.emails.push({
        kind: "valuer-deregistered",
        to: owner.email,
        companyName: owner.companyName,
        valuerName: alert.valuerName,
        registrationNumber: alert.registrationNumber,
        result,
        register: register.body,
        publishedOn: register.publishedOn,
      });
    }
    await noticeWatchers(db, outbox, "valuer.deregistered", {
      valuerId: alert.valuerId,
      register: {
        name: alert.valuerName,
        registrationNumber: alert.registrationNumber,
        result,
        register: register.body,
        publishedOn: register.publishedOn,
      },
    });
  }
  return alerts.length;
}
