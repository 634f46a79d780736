import { eq } from "drizzle-orm";
import { defaultCurrencyFor, type Currency } from "#schema/limits/codes.ts";
import type { BillingDetails } from "#schema/responses/billing.ts";
import { billingDetails, companies } from "#schema/tables.ts";
import type { billingDetailsSchema } from "#schema/validation/billing.ts";
import type { Queryable, Reader } from "#worker/db.ts";
import { ApiError } from "#worker/lib/errors.ts";
import type { z } from "zod";

/** Kenya's one time zone: a firm there is a Kenyan taxpayer, and its receipts carry its KRA PIN. */
const KENYAN_TIME_ZONE = "Africa/Nairobi";

/** Who the firm's receipts are made out to (null until its owner fills them in), and its currency. */
export async function billingDetailsOf(
  db: Reader,
  companyId: number,
): Promise<{ details: BillingDetails | null; currency: Currency; inKenya: boolean }> {
  const [row] = await db
    .select({
      timeZone: companies.timeZone,
      legalName: billingDetails.legalName,
      postalAddress: billingDetails.postalAddress,
      kraPin: billingDetails.kraPin,
      currency: billingDetails.currency,
    })
    .from(companies)
    .leftJoin(billingDetails, eq(billingDetails.companyId, companies.id))
    .where(eq(companies.id, companyId));
  const inKenya = row?.timeZone === KENYAN_TIME_ZONE;
  if (!row?.legalName || !row.postalAddress || !row.currency) {
    return { details: null, currency: defaultCurrencyFor(row?.timeZone), inKenya };
  }
  const details = {
    legalName: row.legalName,
    postalAddress: row.postalAddress,
    kraPin: row.kraPin,
    currency: row.currency,
  };
  return { details, currency: details.currency, inKenya };
}

/** Whether a purchase may be made out to these details: present, with a KRA PIN for a firm in Kenya. */
export const detailsComplete = (details: BillingDetails | null, inKenya: boolean) =>
  details !== null && (!inKenya || details.kraPin !== null);

export const KRA_PIN_NEEDED = "kraPin: A firm in Kenya gives its KRA PIN, like P051234567X, for its tax invoices";

/** The owner's billing details, saved; a firm in Kenya must give its KRA PIN (422 otherwise). */
export async function saveBillingDetails(
  db: Queryable,
  companyId: number,
  input: z.output<typeof billingDetailsSchema>,
): Promise<BillingDetails> {
  const { inKenya } = await billingDetailsOf(db, companyId);
  if (inKenya && !input.kraPin) throw new ApiError(422, "Add your firm's KRA PIN", [KRA_PIN_NEEDED]);
  const values = {
    legalName: input.legalName,
    postalAddress: input.postalAddress,
    kraPin: input.kraPin ?? null,
    currency: input.currency,
  };
  await db
    .insert(billingDetails)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: billingDetails.companyId, set: { ...values, updatedAt: new Date() } });
  return values;
}
