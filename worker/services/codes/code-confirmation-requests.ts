import { and, eq } from "drizzle-orm";
import { displayName } from "#schema/display-name.ts";
import type { IssuerTrust } from "#schema/limits/codes.ts";
import { codeConfirmationRequests, companies, qrCodes } from "#schema/tables.ts";
import { formatVerificationCode } from "#schema/verification-code.ts";
import type { Database } from "#worker/db.ts";
import { issuerTrustColumn } from "#worker/lib/issuer-trust.ts";
import type { EmailMessage } from "#worker/lib/email-templates.ts";
import { ApiError, notFound } from "#worker/lib/errors.ts";
import { parseId } from "#worker/lib/validation.ts";
import { activeAdministratorEmails } from "../email/administrators";
import { CODE_NOT_FOUND } from "./qr-codes";
import type { AuthenticatedUser } from "../accounts/sessions";

/** Why a code cannot be confirmed by ValuSeal, by its issuer trust: only a code issued before verification can. */
const NOT_CONFIRMABLE: Record<Exclude<IssuerTrust, "before-verification">, string> = {
  verified: "ValuSeal already vouches for this code: its certificate reads “Verified Authentic”.",
  "not-verified":
    "ValuSeal has not verified your firm yet. When it does, it can confirm the codes issued earlier under the same details.",
  "other-identity":
    "This code carries a name, registration or email ValuSeal has not verified. Issue a new code under your verified details and mark this one as replaced.",
  suspended: "ValuSeal has suspended your firm, so it confirms none of its codes.",
};

/**
 * An owner asks ValuSeal to confirm a code the firm issued before ValuSeal verified it. Asked once
 * per code: asking again answers the first request. The administrators are emailed on the first.
 */
export async function requestCodeConfirmation(db: Database, user: AuthenticatedUser, companyId: number, rawId: string) {
  const id = parseId(rawId, CODE_NOT_FOUND);
  const [code] = await db
    .select({
      id: qrCodes.id,
      verificationCode: qrCodes.verificationCode,
      issuerTrust: issuerTrustColumn(),
      companyName: companies.name,
    })
    .from(qrCodes)
    .innerJoin(companies, eq(companies.id, qrCodes.companyId))
    .where(and(eq(qrCodes.id, id), eq(qrCodes.companyId, companyId)));
  if (!code) throw notFound(CODE_NOT_FOUND);
  if (code.issuerTrust !== "before-verification") throw new ApiError(409, NOT_CONFIRMABLE[code.issuerTrust]);
  const [made] = await db
    .insert(codeConfirmationRequests)
    .values({ codeId: code.id, requestedBy: user.id })
    .onConflictDoNothing()
    .returning({ createdAt: codeConfirmationRequests.createdAt });
  const [asked] = made
    ? [made]
    : await db
        .select({ createdAt: codeConfirmationRequests.createdAt })
        .from(codeConfirmationRequests)
        .where(eq(codeConfirmationRequests.codeId, code.id));
  const emails: EmailMessage[] = [];
  if (made) {
    for (const email of await activeAdministratorEmails(db)) {
      emails.push({
        kind: "code-confirmation-requested",
        to: email,
        companyName: code.companyName,
        companyId,
        verificationCode: formatVerificationCode(code.verificationCode),
        requestedBy: displayName(user),
      });
    }
  }
  return { requestedAt: asked!.createdAt, alreadyAsked: !made, emails };
}
