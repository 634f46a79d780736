import { and, asc, desc, eq, gt, inArray, isNull, or } from "drizzle-orm";
import type { ReceiptDocument } from "#schema/responses/billing.ts";
import { signedRecordFile } from "#schema/signed-record-file.ts";
import {
  apiKeys,
  auditLog,
  billingDetails,
  companies,
  invites,
  passkeys,
  purchases,
  qrCodes,
  receipts,
  sessions,
  users,
  valuers,
  webhookEndpoints,
} from "#schema/tables.ts";
import { formatVerificationCode } from "#schema/verification-code.ts";
import type { Queryable, Reader } from "#worker/db.ts";
import { receiptCheckUrl, receiptFileName, receiptPdf } from "#worker/lib/receipt-pdf.ts";
import { zipStream, type ZipEntry } from "#worker/lib/zip-stream.ts";
import { codesCsv, ledgerCsv, scanDaysCsv } from "../integration/exports";
import type { LogArchive } from "#worker/lib/signing.ts";
import { certificateRecordsByToken } from "../records/signed-records";

/*
 * What a person or a firm can take away at once (issue 50, docs/privacy.md): a user's own data as
 * one JSON file, and a firm's whole record as one ZIP, streamed. Nothing secret leaves: no password
 * hash, second-factor secret, key hash, webhook secret or session id.
 */

/** An audit row as both exports give it: when, what, by whom (their email then), about what. */
const AUDIT_ROW = {
  at: auditLog.createdAt,
  action: auditLog.action,
  by: auditLog.actorEmail,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  details: auditLog.details,
};

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The signed-in user's own data: profile, sign-in methods, sessions, and the audit rows about them. */
export async function userDataExport(db: Reader, userId: number, now = new Date()) {
  const [profile] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      language: users.language,
      isActive: users.isActive,
      createdAt: users.createdAt,
      emailVerifiedAt: users.emailVerifiedAt,
      identityProvenAt: users.identityProvenAt,
      authenticatorAppSince: users.totpEnabledAt,
      scanAlertEmails: users.scanAlertEmails,
      companyId: users.companyId,
      companyName: companies.name,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  if (!profile) throw new Error(`user ${userId} has no row`);
  const [signedIn, keys, apiKeysMade, audit] = await Promise.all([
    db
      .select({ session: sessions.sess, expires: sessions.expire, lastUsedAt: sessions.lastUsedAt })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expire, now))),
    db
      .select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
      .from(passkeys)
      .where(eq(passkeys.userId, userId)),
    db
      .select({
        name: apiKeys.name,
        lastFour: apiKeys.lastFour,
        scopes: apiKeys.scopes,
        createdAt: apiKeys.createdAt,
        lastUsedAt: apiKeys.lastUsedAt,
        revokedAt: apiKeys.revokedAt,
      })
      .from(apiKeys)
      .where(eq(apiKeys.createdById, userId)),
    db
      .select(AUDIT_ROW)
      .from(auditLog)
      .where(or(eq(auditLog.actorId, userId), and(eq(auditLog.targetType, "user"), eq(auditLog.targetId, userId))))
      .orderBy(desc(auditLog.createdAt)),
  ]);
  return {
    about:
      "Your personal data held by ValuSeal, as of exportedAt. Certificates your firm issued are the firm's and are in its own export.",
    exportedAt: now.toISOString(),
    profile,
    sessions: signedIn.map(({ session, expires, lastUsedAt }) => {
      const { userAgent, place, createdAt } = session as { userAgent?: string; place?: string; createdAt?: string };
      return { device: userAgent ?? null, place: place ?? null, startedAt: createdAt ?? null, lastUsedAt, expires };
    }),
    passkeys: keys,
    apiKeysMade,
    auditLog: audit,
  };
}

const README = `ValuSeal: everything your firm keeps with us, as of the export's time.

organisation.json      the firm's details, billing details and registration
team.json              members and pending invitations
valuers.json           every valuer, removed ones included
codes.csv              every code, as the History screen lists it
records/<code>.json    each code's signed record file: check it with ValuSeal's offline verifier
                       (npm run verify, or /verifier) against /.well-known/jwks.json
scan-days.csv          scans per code and day (the scan log's detail is kept 24 months; see the privacy policy)
webhooks.json          webhook endpoints (their signing secrets are not exported)
api-keys.json          API keys (names and last four characters only)
credit-ledger.csv      every change to the firm's credits
receipts/              each receipt as a PDF, and receipts.json with their signed records
audit-log.csv          what was done on the firm's account, and by whom
`;

/** Codes read a page at a time, with their signed records, for the records/ folder. */
async function* recordEntries(
  db: Queryable,
  archive: LogArchive,
  companyId: number,
  origin: string,
): AsyncGenerator<ZipEntry> {
  let afterId = 0;
  for (;;) {
    const page = await db
      .select({ id: qrCodes.id, token: qrCodes.publicToken, verificationCode: qrCodes.verificationCode })
      .from(qrCodes)
      .where(and(eq(qrCodes.companyId, companyId), gt(qrCodes.id, afterId)))
      .orderBy(asc(qrCodes.id))
      .limit(500);
    if (page.length === 0) return;
    const records = await certificateRecordsByToken(
      db,
      archive,
      page.map((code) => code.token),
    );
    for (const code of page) {
      const signed = records.get(code.token);
      if (!signed?.length) continue;
      const name = code.verificationCode ? formatVerificationCode(code.verificationCode) : code.token;
      yield { name: `records/${name}.json`, content: async () => json(signedRecordFile(signed, origin)) };
    }
    afterId = page.at(-1)!.id;
  }
}

async function* receiptEntries(db: Reader, companyId: number, origin: string): AsyncGenerator<ZipEntry> {
  const rows = await db
    .select({
      publicId: receipts.publicId,
      document: receipts.document,
      signature: receipts.signature,
    })
    .from(receipts)
    .where(eq(receipts.companyId, companyId))
    .orderBy(asc(receipts.id));
  const kept = rows.map(({ publicId, document, signature }) => ({
    publicId,
    document: document as ReceiptDocument,
    signature,
  }));
  yield { name: "receipts/receipts.json", content: async () => json(kept) };
  for (const receipt of kept) {
    yield {
      name: `receipts/${receiptFileName(receipt.document.number)}`,
      content: async () => receiptPdf(receipt.document, receiptCheckUrl(origin, receipt.publicId)),
    };
  }
}

/** The rows of the audit log about the firm: its own events, its members' doings, its purchases. */
async function auditCsv(db: Reader, companyId: number) {
  const members = db.select({ id: users.id }).from(users).where(eq(users.companyId, companyId));
  const rows = await db
    .select(AUDIT_ROW)
    .from(auditLog)
    .where(
      or(
        and(eq(auditLog.targetType, "company"), eq(auditLog.targetId, companyId)),
        inArray(auditLog.actorId, members),
        and(eq(auditLog.targetType, "user"), inArray(auditLog.targetId, members)),
        and(
          eq(auditLog.targetType, "purchase"),
          inArray(
            auditLog.targetId,
            db.select({ id: purchases.id }).from(purchases).where(eq(purchases.companyId, companyId)),
          ),
        ),
      ),
    )
    .orderBy(desc(auditLog.createdAt))
    .limit(100_000);
  const cell = (value: unknown) => `"${String(value ?? "").replace(/"/g, '""')}"`;
  return [
    "\uFEFFat,action,by,target_type,target_id,details\r\n",
    ...rows.map(
      (row) =>
        `${[row.at.toISOString(), row.action, row.by, row.targetType, row.targetId, row.details ? JSON.stringify(row.details) : ""].map(cell).join(",")}\r\n`,
    ),
  ].join("");
}

/** The firm's whole record as one ZIP, streamed (README above lists its files); older records come from `archive`. */
export function firmDataExport(
  db: Queryable,
  archive: LogArchive,
  companyId: number,
  origin: string,
): ReadableStream<Uint8Array> {
  async function* entries(): AsyncGenerator<ZipEntry> {
    yield { name: "README.txt", content: async () => README };
    yield {
      name: "organisation.json",
      content: async () => {
        const [organisation] = await db
          .select({
            id: companies.id,
            name: companies.name,
            email: companies.email,
            phone: companies.phone,
            location: companies.location,
            kind: companies.kind,
            registrationBody: companies.registrationBody,
            registrationNumber: companies.registrationNumber,
            verificationStatus: companies.verificationStatus,
            verifiedAt: companies.verifiedAt,
            createdAt: companies.createdAt,
          })
          .from(companies)
          .where(eq(companies.id, companyId));
        const [billing] = await db
          .select({
            legalName: billingDetails.legalName,
            postalAddress: billingDetails.postalAddress,
            kraPin: billingDetails.kraPin,
            currency: billingDetails.currency,
          })
          .from(billingDetails)
          .where(eq(billingDetails.companyId, companyId));
        return json({ ...organisation, billingDetails: billing ?? null });
      },
    };
    yield {
      name: "team.json",
      content: async () => {
        const [members, pending] = await Promise.all([
          db
            .select({
              email: users.email,
              firstName: users.firstName,
              lastName: users.lastName,
              role: users.role,
              isActive: users.isActive,
              createdAt: users.createdAt,
            })
            .from(users)
            .where(eq(users.companyId, companyId)),
          db
            .select({ email: invites.email, expiresAt: invites.expiresAt, createdAt: invites.createdAt })
            .from(invites)
            .where(and(eq(invites.companyId, companyId), isNull(invites.acceptedAt))),
        ]);
        return json({ members, pendingInvitations: pending });
      },
    };
    yield {
      name: "valuers.json",
      content: async () =>
        json(
          await db
            .select({
              name: valuers.name,
              qualification: valuers.qualification,
              registrationNumber: valuers.registrationNumber,
              phone: valuers.phone,
              isActive: valuers.isActive,
              deletedAt: valuers.deletedAt,
            })
            .from(valuers)
            .where(eq(valuers.companyId, companyId)),
        ),
    };
    yield { name: "codes.csv", content: () => codesCsv(db, companyId, { search: undefined }) };
    yield* recordEntries(db, archive, companyId, origin);
    yield { name: "scan-days.csv", content: async () => scanDaysCsv(db, companyId) };
    yield {
      name: "webhooks.json",
      content: async () =>
        json(
          await db
            .select({
              url: webhookEndpoints.url,
              description: webhookEndpoints.description,
              eventTypes: webhookEndpoints.eventTypes,
              disabledAt: webhookEndpoints.disabledAt,
              disabledReason: webhookEndpoints.disabledReason,
            })
            .from(webhookEndpoints)
            .where(eq(webhookEndpoints.companyId, companyId)),
        ),
    };
    yield {
      name: "api-keys.json",
      content: async () =>
        json(
          await db
            .select({
              name: apiKeys.name,
              lastFour: apiKeys.lastFour,
              scopes: apiKeys.scopes,
              createdAt: apiKeys.createdAt,
              lastUsedAt: apiKeys.lastUsedAt,
              expiresAt: apiKeys.expiresAt,
              revokedAt: apiKeys.revokedAt,
            })
            .from(apiKeys)
            .where(eq(apiKeys.companyId, companyId)),
        ),
    };
    yield { name: "credit-ledger.csv", content: () => ledgerCsv(db, companyId) };
    yield* receiptEntries(db, companyId, origin);
    yield { name: "audit-log.csv", content: () => auditCsv(db, companyId) };
  }
  return zipStream(entries());
}

/** "valuseal-acacia-valuers-data-2026-12-06.zip" */
export const firmExportFileName = (companyName: string, now = new Date()) =>
  `valuseal-${
    companyName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 40) || "firm"
  }-data-${now.toISOString().slice(0, 10)}.zip`;

/** "valuseal-my-data-2026-12-06.json" */
export const userExportFileName = (now = new Date()) => `valuseal-my-data-${now.toISOString().slice(0, 10)}.json`;
