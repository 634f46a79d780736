import type { RecordSigning } from "#worker/lib/signing.ts";
import { certificateRecords, signCertificate } from "./signed-records";
import { count, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { addToScanDay } from "../scans/log-scans-function";
import { codeTitle } from "#schema/code-description.ts";
import { displayName } from "#schema/display-name.ts";
import type { CodeStatusName, IssuerTrust } from "#schema/limits/codes.ts";
import { signedRecordFile } from "#schema/signed-record-file.ts";
import { companies, qrCodes, reportSeals, scanEvents, users } from "#schema/tables.ts";
import { PUBLIC_TOKEN_PATTERN } from "#schema/public-token.ts";
import { SEAL_MAX_VERSIONS, type ReportFingerprint } from "#schema/validation/seals.ts";
import type { Database, TransactionalDatabase } from "#worker/db.ts";
import { ApiError, notFound } from "#worker/lib/errors.ts";
import type { Visit } from "#worker/lib/scan-visitor.ts";
import type { AuthenticatedUser } from "../accounts/sessions";
import { codeStatusExpression } from "#worker/lib/code-status.ts";
import { issuerTrustExpression } from "#worker/lib/issuer-trust.ts";
import { findCompanyCode } from "../codes/qr-codes";
import { webhookCode, type Outbox } from "../integration/webhooks";
import { formatVerificationCode } from "#schema/verification-code.ts";
import { compareCopy, reportTone } from "#verifier/judge.ts";

/** Two valuers sealing the same code at the same moment both want the next version: one retries. */
const VERSION_ATTEMPTS = 3;
export const CERTIFICATE_NOT_FOUND = "Invalid QR code data";

const sealColumns = {
  version: reportSeals.version,
  sha256: reportSeals.sha256,
  pageCount: reportSeals.pageCount,
  sealedAt: reportSeals.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

type SealRow = {
  version: number;
  sha256: string;
  pageCount: number;
  sealedAt: Date;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
};

const toReportSeal = ({ firstName, lastName, email, ...seal }: SealRow) => ({
  ...seal,
  sealedBy: email === null ? null : displayName({ firstName, lastName, email }),
});

/**
 * Registers a sealed file's fingerprints as the code's next version. A revoked code cannot be
 * sealed: a report stamped with it would scan as "Revoked". The version is the next number in one
 * statement, and the unique (code, version) index turns a simultaneous seal into a retry rather
 * than two versions with one number.
 */
export async function registerSeal(
  db: TransactionalDatabase,
  signing: RecordSigning,
  user: AuthenticatedUser,
  companyId: number,
  rawCodeId: string,
  input: ReportFingerprint,
) {
  // The seal and its signed record commit together, so the record names this version.
  return db.transaction(async (tx) => {
    // The code's row lock puts seals of one code in line: each sees the versions before it.
    const code = await findCompanyCode(tx, companyId, rawCodeId, { lock: true });
    if (code.revokedAt) throw new ApiError(409, "This code is revoked: reinstate it before sealing a report with it.");
    const [{ versions } = { versions: 0 }] = await tx
      .select({ versions: count() })
      .from(reportSeals)
      .where(eq(reportSeals.qrCodeId, code.id));
    if (versions >= SEAL_MAX_VERSIONS) {
      throw new ApiError(409, `This code already has ${SEAL_MAX_VERSIONS} sealed versions, the most a code keeps.`);
    }
    for (let attempt = 1; attempt <= VERSION_ATTEMPTS; attempt += 1) {
      const [seal] = await tx
        .insert(reportSeals)
        .values({
          qrCodeId: code.id,
          version: sql`(select coalesce(max(${reportSeals.version}), 0) + 1 from ${reportSeals} where ${reportSeals.qrCodeId} = ${code.id})`,
          sha256: input.sha256,
          pageFingerprints: input.pageFingerprints,
          pageCount: input.pageFingerprints.length,
          sealedBy: user.id,
        })
        .onConflictDoNothing({ target: [reportSeals.qrCodeId, reportSeals.version] })
        .returning({
          version: reportSeals.version,
          sha256: reportSeals.sha256,
          pageCount: reportSeals.pageCount,
          sealedAt: reportSeals.createdAt,
        });
      if (seal) {
        // The certificate record now names the sealed file: its digest and every page's fingerprint.
        // Refused while the key may not sign: a seal signed later could not be told from a
        // seal row written around ValuSeal (decision 050), and sealing can wait for the new key.
        await signCertificate(tx, signing, code.id, "sealed", "refuse");
        const signedRecord = signedRecordFile(
          await certificateRecords(tx, signing.archive, code.publicToken),
          signing.origin,
        );
        return { ...seal, sealedBy: displayName(user), signedRecord };
      }
    }
    throw new ApiError(409, "Another seal of this code was being saved at the same moment. Try again.");
  });
}

/** Every sealed version of a company's code, newest first. */
export async function listSeals(db: Database, companyId: number, rawCodeId: string) {
  const code = await findCompanyCode(db, companyId, rawCodeId);
  const rows = await db
    .select(sealColumns)
    .from(reportSeals)
    .leftJoin(users, eq(users.id, reportSeals.sealedBy))
    .where(eq(reportSeals.qrCodeId, code.id))
    .orderBy(desc(reportSeals.version));
  return rows.map(toReportSeal);
}

/**
 * POST /api/public/certificates/:token/check. One round trip reads the code and its seals; the
 * check is then logged in the code's scan log with its verdict (kind "check", never counted).
 */
export async function checkCopy(
  db: Database,
  token: string,
  copy: ReportFingerprint,
  visit: Visit | null,
  outbox: Outbox,
) {
  if (!PUBLIC_TOKEN_PATTERN.test(token)) throw notFound(CERTIFICATE_NOT_FOUND);
  const code = alias(qrCodes, "code");
  const company = alias(companies, "company");
  const [codes, seals] = await db.batch([
    db
      .select({
        id: code.id,
        companyId: code.companyId,
        address: code.qrCodeData,
        issuerName: code.issuerName,
        // The same status and trust as the certificate: one rule, so the check page never reads green
        // where the certificate is amber or red.
        status: sql<CodeStatusName>`${sql.raw(codeStatusExpression("code", "company.time_zone"))}`,
        issuerTrust: sql<IssuerTrust>`${sql.raw(issuerTrustExpression("code", "company.suspended_at"))}`,
        valuerRegisterCheck: code.valuerRegisterCheck,
        issuerClosedAt: company.closedAt,
        propertyType: code.propertyType,
        propertyAddress: code.propertyAddress,
        propertyReference: code.propertyReference,
        externalReference: code.externalReference,
        verificationCode: code.verificationCode,
        propertyArea: code.propertyArea,
        marketValue: code.marketValue,
        currency: code.currency,
      })
      .from(code)
      .innerJoin(company, eq(company.id, code.companyId))
      .where(eq(code.publicToken, token))
      .limit(1),
    db
      .select({
        version: reportSeals.version,
        sha256: reportSeals.sha256,
        pageFingerprints: reportSeals.pageFingerprints,
        sealedAt: reportSeals.createdAt,
      })
      .from(reportSeals)
      .innerJoin(qrCodes, eq(qrCodes.id, reportSeals.qrCodeId))
      .where(eq(qrCodes.publicToken, token))
      .orderBy(desc(reportSeals.version))
      .limit(SEAL_MAX_VERSIONS),
  ]);
  const [checked] = codes;
  if (!checked) throw notFound(CERTIFICATE_NOT_FOUND);
  // The one judge every verifier asks (decision 051): the copy against the sealed versions, and the
  // certificate's own status and trust, read in the same statement as the certificate reads them.
  const judgement = compareCopy(seals, copy);
  const { tone } = reportTone({
    copy: judgement.verdict,
    matchedVersion: judgement.matched?.version ?? null,
    latestVersion: seals[0]?.version ?? null,
    status: checked.status,
    issuerTrust: checked.issuerTrust,
    valuerCheck: checked.valuerRegisterCheck?.result ?? null,
  });
  // Logged as a visit of the code (never counted), and added to the code's visits of the day.
  await db.execute(sql`
    WITH logged AS (
      INSERT INTO ${scanEvents} (qr_code_id, company_id, kind, counted, check_verdict, country, city, device_class, visitor_hash)
      VALUES (${checked.id}, ${checked.companyId}, 'check', false, ${judgement.verdict}, ${visit?.country ?? null},
        ${visit?.city ?? null}, ${visit?.deviceClass ?? null}, ${visit?.visitorHash ?? null})
      RETURNING qr_code_id, company_id
    )
    ${sql.raw(addToScanDay("SELECT qr_code_id, company_id, 0, 1, 0 FROM logged"))}`);
  const { matched } = judgement;
  // A sealed code's owner hears of a copy that is not what they sealed: altered pages, or another file.
  if (seals.length > 0 && (judgement.verdict === "pages-differ" || judgement.verdict === "not-sealed-file")) {
    await outbox.record(db, [
      {
        // Once per code, visitor and hour: dropping the same altered file again, or a flood of files,
        // is one event, not a stream of deliveries to every endpoint.
        publicId: `msg_check_${checked.id}_${visit?.visitorHash?.slice(0, 16) ?? "anonymous"}_${new Date().toISOString().slice(0, 13).replace(/\D/g, "")}`,
        companyId: checked.companyId,
        type: "seal.check_mismatch",
        codeId: checked.id,
        data: {
          code: webhookCode({
            publicToken: token,
            qrCodeData: checked.address,
            verificationCode: formatVerificationCode(checked.verificationCode),
            propertyReference: checked.propertyReference,
            externalReference: checked.externalReference,
            propertyAddress: checked.propertyAddress,
          }),
          verdict: judgement.verdict,
          differingPages: judgement.differingPages ?? [],
          closestVersion: matched?.version ?? null,
          latestVersion: seals[0]!.version,
          checkedFrom: { country: visit?.country ?? null, city: visit?.city ?? null },
        },
      },
    ]);
  }
  return {
    verdict: judgement.verdict,
    tone,
    ...(judgement.differingPages ? { differingPages: judgement.differingPages } : {}),
    sealedAt: matched?.sealedAt ?? null,
    pageCount: matched?.pageFingerprints.length ?? null,
    matchedVersion: matched?.version ?? null,
    latestVersion: seals[0]?.version ?? null,
    codeStatus: checked.status,
    code: {
      address: checked.address,
      issuerName: checked.issuerName,
      issuerVerified: checked.issuerTrust === "verified",
      issuerTrust: checked.issuerTrust,
      valuerRegisterCheck: checked.valuerRegisterCheck,
      issuerClosedAt: checked.issuerClosedAt?.toISOString() ?? null,
      property: codeTitle(checked),
      marketValue: checked.marketValue,
      currency: checked.currency,
    },
  };
}
