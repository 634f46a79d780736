import type { RecordSigning } from "#worker/lib/signing.ts";
import { signIssuerDecision } from "../records/signed-records";
import { and, eq, isNull, sql } from "drizzle-orm";
import { companies, issuerVerifications } from "#schema/tables.ts";
import type { CompanyDetails, CompanyRegistrationInput, ScanAlertSettingsInput } from "#schema/validation/companies.ts";
import type { Database, Reader, Transaction, TransactionalDatabase } from "#worker/db.ts";
import { CONFIRM_EMAIL_HOURS, type EmailMessage } from "#worker/lib/email-templates.ts";
import { notFound } from "#worker/lib/errors.ts";
import { emailChangeMessages, issueEmailToken, pendingEmailChange } from "../accounts/email-tokens";

/**
 * A company as its own people see and change it (Company Details); the administrators' view of
 * every company is ./admin-companies.
 */
export const COMPANY_NOT_FOUND = "Company not found";

/** A company's own record, as both its members and administrators see it. */
export const profileColumns = {
  id: companies.id,
  name: companies.name,
  email: companies.email,
  phone: companies.phone,
  location: companies.location,
  ownerId: companies.ownerId,
  isActive: companies.isActive,
  createdAt: companies.createdAt,
  updatedAt: companies.updatedAt,
};

/** The firm's professional registration and where ValuSeal's check of it stands. */
export const registrationColumns = {
  registrationBody: companies.registrationBody,
  registrationBodyName: companies.registrationBodyName,
  registrationNumber: companies.registrationNumber,
  registrationNote: companies.registrationNote,
  verificationStatus: companies.verificationStatus,
  verifiedAt: companies.verifiedAt,
  verificationNote: companies.verificationNote,
};

/** Everything about the company a member may see. */
const companyColumns = {
  ...profileColumns,
  ...registrationColumns,
  scanAlertMode: companies.scanAlertMode,
  timeZone: companies.timeZone,
  validityDays: companies.validityDays,
  requireSecondFactor: companies.requireSecondFactor,
};

/** The signed-in user's company as Company Details shows it, with an email change awaiting confirmation. */
export async function loadCompany(db: Database, companyId: number) {
  const [[company], pending] = await Promise.all([
    db.select(companyColumns).from(companies).where(eq(companies.id, companyId)).limit(1),
    pendingEmailChange(db, { companyId }, "change-company-email"),
  ]);
  if (!company) throw notFound(COMPANY_NOT_FOUND);
  return { ...company, pendingEmail: pending };
}

/**
 * A change of the firm's name, registration or company email means ValuSeal no longer knows who it
 * is: the firm goes back to review and the verification in force ends now. Codes issued before keep
 * the identity that was verified (it is frozen on them) and stay green; new codes carry the new
 * identity and stay amber until an administrator verifies it.
 */
export async function identityChanged(tx: Transaction, signing: RecordSigning, companyId: number) {
  await tx.update(companies).set({ verificationStatus: "pending" }).where(eq(companies.id, companyId));
  await endVerificationInForce(tx, signing, companyId);
}

/**
 * Closes the firm's verification in force, if any (the one change ever made to such a row), and
 * signs its end into the log: a verifier reading the log sees when ValuSeal stopped vouching.
 */
export async function endVerificationInForce(tx: Transaction, signing: RecordSigning, companyId: number) {
  const ended = await tx
    .update(issuerVerifications)
    .set({ endedAt: sql`now()` })
    .where(and(eq(issuerVerifications.companyId, companyId), isNull(issuerVerifications.endedAt)))
    .returning(verificationRecordColumns);
  for (const verification of ended) {
    await signIssuerDecision(tx, signing, { decision: "ended", ...verificationRecordFields(companyId, verification) });
  }
}

export const verificationRecordColumns = {
  legalName: issuerVerifications.legalName,
  companyEmail: issuerVerifications.companyEmail,
  registrationBody: issuerVerifications.registrationBody,
  registrationBodyName: issuerVerifications.registrationBodyName,
  registrationNumber: issuerVerifications.registrationNumber,
  coversCodesFrom: issuerVerifications.coversCodesFrom,
};

/** An issuer verification as its signed record states it ("Other" bodies by their own name). */
export function verificationRecordFields(
  companyId: number,
  verification: {
    legalName: string;
    companyEmail: string;
    registrationBody: string | null;
    registrationBodyName: string | null;
    registrationNumber: string | null;
    coversCodesFrom: Date;
  },
) {
  return {
    company: {
      id: companyId,
      legalName: verification.legalName,
      email: verification.companyEmail,
      registrationBody:
        verification.registrationBody === "Other" ? verification.registrationBodyName : verification.registrationBody,
      registrationNumber: verification.registrationNumber,
    },
    coversCodesFrom: verification.coversCodesFrom.toISOString(),
  };
}

async function lockCompany(tx: Transaction, companyId: number) {
  const [company] = await tx
    .select({ name: companies.name, email: companies.email })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for("update");
  if (!company) throw notFound(COMPANY_NOT_FOUND);
  return company;
}

async function companyEmailTaken(db: Reader, email: string, companyId: number): Promise<boolean> {
  const [other] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(sql`lower(${companies.email})`, email.toLowerCase()))
    .limit(1);
  return Boolean(other && other.id !== companyId);
}

/**
 * Company Details. A blank phone or location clears it. A new email changes nothing until the new
 * address follows its link, and the current address is told; a new name sends a verified firm
 * back to review. Returns the emails to queue.
 */
export async function updateCompanyDetails(
  db: TransactionalDatabase,
  signing: RecordSigning,
  owner: { id: number },
  companyId: number,
  input: CompanyDetails,
): Promise<EmailMessage[]> {
  return db.transaction(async (tx) => {
    const current = await lockCompany(tx, companyId);
    const renamed = current.name !== input.name;
    await tx
      .update(companies)
      .set({
        name: input.name,
        phone: input.phone ?? null,
        location: input.location ?? null,
        // Absent from an older client's request: the period stays as it is.
        ...(input.validityDays === undefined ? {} : { validityDays: input.validityDays }),
      })
      .where(eq(companies.id, companyId));
    if (renamed) await identityChanged(tx, signing, companyId);
    if (current.email.toLowerCase() === input.email.toLowerCase()) return [];
    const token = await issueEmailToken(tx, {
      userId: owner.id,
      companyId,
      purpose: "change-company-email",
      email: input.email,
      validHours: CONFIRM_EMAIL_HOURS,
    });
    const taken = await companyEmailTaken(tx, input.email, companyId);
    const scope = { kind: "company", companyName: input.name } as const;
    return emailChangeMessages({ from: current.email, to: input.email, token, scope, taken });
  });
}

/** The firm's professional registration; a change (not of the note alone) sends the firm back to review. */
export async function updateCompanyRegistration(
  db: TransactionalDatabase,
  signing: RecordSigning,
  companyId: number,
  input: CompanyRegistrationInput,
) {
  const registration = {
    registrationBody: input.body,
    registrationBodyName: input.body === "Other" ? (input.bodyName ?? null) : null,
    registrationNumber: input.number.trim(),
    registrationNote: input.note?.trim() || null,
  };
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        body: companies.registrationBody,
        bodyName: companies.registrationBodyName,
        number: companies.registrationNumber,
      })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for("update");
    if (!current) throw notFound(COMPANY_NOT_FOUND);
    await tx.update(companies).set(registration).where(eq(companies.id, companyId));
    const changed =
      current.body !== registration.registrationBody ||
      current.bodyName !== registration.registrationBodyName ||
      current.number !== registration.registrationNumber;
    if (changed) await identityChanged(tx, signing, companyId);
  });
}

export async function updateScanAlertSettings(db: Database, companyId: number, input: ScanAlertSettingsInput) {
  await db
    .update(companies)
    .set({ scanAlertMode: input.mode, ...(input.timeZone ? { timeZone: input.timeZone } : {}) })
    .where(eq(companies.id, companyId));
}
