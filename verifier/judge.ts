import { certificateVerdict, type CertificateVerdict } from "../schema/certificate-verdict";
import type { CopyVerdict, IssuerTrust, ReportTone } from "../schema/limits/codes";
import type { CertificateRecord } from "../schema/signed-records";
import type { CertificateStatus } from "../schema/validation/certificate";
import type { ValuerCheckResult } from "../schema/valuer-register";

/**
 * The one judge of a report copy (decision 051): the Worker's check (/api/public/certificates/<token>/check),
 * the check page, the offline page and `npm run verify` all ask it, so a copy reads the same colour
 * and the same words wherever it is checked. Pure: it knows nothing of where the sealed versions,
 * the status or the trust came from (rows online, signed records offline).
 */

/** A report PDF as a verifier reads it: its file digest and its page fingerprints (verifier/pages.ts). */
export interface ReportFingerprint {
  sha256: string;
  pageFingerprints: string[];
}

/** A sealed version of a code's report. */
interface SealedVersion {
  version: number;
  sha256: string;
  pageFingerprints: readonly string[];
  sealedAt: Date | string;
}

interface CopyComparison<Sealed extends SealedVersion = SealedVersion> {
  verdict: CopyVerdict;
  /** The version the copy is, or the one it has most pages in common with. */
  matched: Sealed | null;
  /** Pages (from 1) whose text differs from the matched version's, for `pages-differ`. */
  differingPages?: number[];
}

/**
 * A copy against a code's sealed versions (newest first), as docs/sealed-reports.md states it:
 * - `exact`: the file's SHA-256 is a sealed version's;
 * - `same-text`: every page's fingerprint equals that version's, in order (re-saved, or printed to PDF);
 * - `pages-differ`: some page matches a page of a sealed version, others do not; the version with the
 *   most pages in common is named, with the page positions that differ (added, removed or moved
 *   pages differ too, since each page's text carries "page n of N");
 * - `not-sealed-file`: no page matches any sealed version, or nothing was sealed.
 * A newer version wins a tie, so an unchanged page shared by two versions points at the latest.
 */
export function compareCopy<Sealed extends SealedVersion>(
  seals: readonly Sealed[],
  copy: ReportFingerprint,
): CopyComparison<Sealed> {
  const exact = seals.find((seal) => seal.sha256 === copy.sha256);
  if (exact) return { verdict: "exact", matched: exact };
  const sameText = seals.find(
    (seal) =>
      seal.pageFingerprints.length === copy.pageFingerprints.length &&
      seal.pageFingerprints.every((fingerprint, index) => fingerprint === copy.pageFingerprints[index]),
  );
  if (sameText) return { verdict: "same-text", matched: sameText };
  let best: { seal: Sealed; shared: number } | null = null;
  for (const seal of seals) {
    const sealed = new Set(seal.pageFingerprints);
    const shared = new Set(copy.pageFingerprints.filter((fingerprint) => sealed.has(fingerprint))).size;
    if (shared > 0 && (!best || shared > best.shared)) best = { seal, shared };
  }
  if (!best) return { verdict: "not-sealed-file", matched: null };
  const pages = Math.max(best.seal.pageFingerprints.length, copy.pageFingerprints.length);
  const differingPages: number[] = [];
  for (let index = 0; index < pages; index += 1) {
    if (best.seal.pageFingerprints[index] !== copy.pageFingerprints[index]) differingPages.push(index + 1);
  }
  return { verdict: "pages-differ", matched: best.seal, differingPages };
}

/**
 * What only an offline check can doubt, each enough to keep a copy from green: the latest record
 * given could not be checked; the key that signed it was reported compromised later; the file
 * says the code changed after its last signed record.
 */
export type RecordDoubt = "latest-record-unchecked" | "key-compromised-later" | "unsigned-change";

export interface ReportFacts {
  /** The copy's verdict; null when no file was given (a printed report compared by eye). */
  copy: CopyVerdict | null;
  matchedVersion: number | null;
  latestVersion: number | null;
  status: CertificateStatus;
  issuerTrust: IssuerTrust;
  /** The check of the signing valuer's registration frozen at issue; null when none was made. */
  valuerCheck: ValuerCheckResult | null;
  doubts?: readonly RecordDoubt[];
}

/**
 * The colour of a check: green only for the exact sealed file, of the latest version, of a code
 * whose certificate is green (standing, unexpired, an issuer ValuSeal verified), with nothing in
 * doubt; red for a file that is not the sealed report, or a withdrawn code (revoked, superseded);
 * amber for the rest, which needs a person's eye: the same text in another file (pictures are not
 * compared), an older version, no file, an expired code or an issuer ValuSeal does not vouch for.
 */
export function reportTone(facts: ReportFacts): { tone: ReportTone; certificate: CertificateVerdict } {
  const certificate = certificateVerdict(facts.status, facts.issuerTrust, facts.valuerCheck);
  if (facts.copy === "pages-differ" || facts.copy === "not-sealed-file" || certificate.tone === "invalid") {
    return { tone: "invalid", certificate };
  }
  const olderVersion =
    facts.matchedVersion !== null && facts.latestVersion !== null && facts.matchedVersion < facts.latestVersion;
  const green =
    certificate.tone === "valid" && facts.copy === "exact" && !olderVersion && (facts.doubts ?? []).length === 0;
  return { tone: green ? "valid" : "warning", certificate };
}

interface ReportJudgement<Sealed extends SealedVersion> extends Omit<CopyComparison<Sealed>, "verdict"> {
  /** Null when no file was given. */
  verdict: CopyVerdict | null;
  tone: ReportTone;
  certificate: CertificateVerdict;
  latestVersion: number | null;
}

/** A copy (or none) judged against a code's sealed versions (newest first), its status and its issuer's trust. */
export function judgeReport<Sealed extends SealedVersion>(
  seals: readonly Sealed[],
  copy: ReportFingerprint | null,
  state: Pick<ReportFacts, "status" | "issuerTrust" | "valuerCheck" | "doubts">,
): ReportJudgement<Sealed> {
  const comparison: Omit<CopyComparison<Sealed>, "verdict"> & { verdict: CopyVerdict | null } = copy
    ? compareCopy(seals, copy)
    : { verdict: null, matched: null };
  const latestVersion = seals[0]?.version ?? null;
  const { tone, certificate } = reportTone({
    ...state,
    copy: comparison.verdict,
    matchedVersion: comparison.matched?.version ?? null,
    latestVersion,
  });
  return { ...comparison, tone, certificate, latestVersion };
}

/** 14 hours: the latest "today" on Earth is UTC+14. */
const EARLIEST_ZONE_AHEAD_MS = 14 * 60 * 60 * 1000;

/**
 * A signed record's status at `now`, for a check without the network. Online the valuation expires
 * on its "valid until" day in the firm's own time zone, which a record does not carry; offline it
 * expires as soon as that day has begun anywhere (UTC+14), so an offline check may turn amber up to
 * a day before the certificate does, and never stays green after it (decision 051).
 */
export function recordStatus(record: CertificateRecord, now: Date): CertificateStatus {
  if (record.withdrawal) return record.withdrawal.replacedBy ? "superseded" : "revoked";
  const lastDay = Date.parse(`${record.valuation.validUntil.slice(0, 10)}T00:00:00Z`);
  return lastDay <= now.getTime() + EARLIEST_ZONE_AHEAD_MS ? "expired" : "valid";
}

/**
 * ValuSeal's trust in a record's issuer as the record holds it: verified only when ValuSeal had
 * verified that identity for codes issued then. A later suspension, or a later confirmation of
 * codes issued before verification, is known online only (the status link).
 */
export const recordIssuerTrust = (record: CertificateRecord): IssuerTrust =>
  record.issuer.verifiedAt ? "verified" : "not-verified";
