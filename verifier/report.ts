import { RECORD_TYPES, type CertificateRecord, type KeyHistory, type PublishedKey } from "../schema/signed-records";
import { chainProblem } from "./chain";
import { verifyRecord, type RecordProblem } from "./records";

/** A report PDF as a verifier reads it: its file digest and its page fingerprints (verifier/pages.ts). */
export interface ReportFingerprint {
  sha256: string;
  pageFingerprints: string[];
}

export type ReportVerdict =
  /** The file is byte for byte the sealed report a genuine record names. */
  | "exact"
  /** Every page's text is the sealed report's, in order: re-saved or printed to PDF. */
  | "same-text"
  /** A genuine record names a sealed report, and these pages of the file differ from it. */
  | "pages-differ"
  /** The record is genuine but names no sealed report: the PDF cannot be compared. */
  | "not-sealed"
  /** No PDF was given: the record is genuine, for comparing with a printed report. */
  | "record-only"
  /** No record could be trusted: see `problem`. */
  | "record-refused";

export interface ReportCheck {
  verdict: ReportVerdict;
  /** What was wrong with the record when it was refused. */
  problem?: RecordProblem;
  /** The certificate the verdict is about: the matching record, or else the latest trusted one. */
  certificate?: CertificateRecord;
  /** The key that signed it, with its published times. */
  key?: PublishedKey;
  signedAt?: Date;
  /** The key was reported compromised after this record's signing time (see verifyRecord). */
  keyCompromisedLater?: boolean;
  /** Pages (from 1) whose text differs from the sealed report's, and both page counts. */
  differingPages?: number[];
  pageCount?: { file: number; sealed: number };
  /** The latest trusted record of the code: its withdrawal and newest sealed version rule the tone. */
  latest?: CertificateRecord;
  /** The last record given could not be trusted (while an earlier one was): it may say more. */
  latestRefused?: RecordProblem;
  /** The latest record names a sealed version newer than the one this file was judged against. */
  newerVersion?: number;
}

export type CheckTone = "valid" | "warning" | "invalid";

/**
 * Green only for the exact sealed file of a standing certificate whose latest record was checked;
 * amber for what needs a human's eye (text that matches in another file, a record with no file, a
 * newer sealed version, a record that could not be checked, a key reported compromised later); red
 * for a refusal, a differing or unsealed file, and a withdrawn certificate.
 */
export function toneOf(check: ReportCheck): CheckTone {
  if (["record-refused", "pages-differ", "not-sealed"].includes(check.verdict)) return "invalid";
  if (check.latest?.withdrawal) return "invalid";
  if (check.verdict !== "exact" || check.newerVersion || check.latestRefused || check.keyCompromisedLater) {
    return "warning";
  }
  return "valid";
}

/**
 * Checks a report PDF against a code's signed records (the file's `history` and `record`, oldest
 * first) and a key history, with no network: every record's signature first, then the PDF against
 * each sealed version they name, newest first. The file matches the version whose digest it has,
 * else the version whose every page it repeats; otherwise it is compared with the latest sealed
 * version and the differing pages are named. What cannot be known offline, a withdrawal after the
 * latest record, is for the caller to say (the status is online, at /status/<token>). Without a
 * PDF (a printed report in hand), the verdict is about the latest trusted record alone.
 */
export async function checkReport(
  report: ReportFingerprint | null,
  records: readonly string[],
  keys: KeyHistory,
  now: Date = new Date(),
): Promise<ReportCheck> {
  const checks = await Promise.all(
    records.map((record) => verifyRecord<CertificateRecord>(record, keys, RECORD_TYPES.certificate, now)),
  );
  const newestFirst = checks
    .flatMap((check, index) => (check.ok ? [{ ...check, text: records[index]! }] : []))
    .reverse();
  const latest = newestFirst[0];
  if (!latest) {
    const refused = checks.at(-1);
    return { verdict: "record-refused", problem: refused && !refused.ok ? refused.problem : "malformed" };
  }
  // Records of one code only: another code's record in the same file says nothing about this one.
  const trusted = newestFirst.filter((check) => check.payload.code.token === latest.payload.code.token);
  // They must hold together: the same frozen certificate, each naming the one before (decision 050).
  if (await chainProblem(trusted.toReversed())) return { verdict: "record-refused", problem: "history-disagrees" };
  const last = checks.at(-1);
  const context = {
    latest: latest.payload,
    ...(last && !last.ok ? { latestRefused: last.problem } : {}),
  };
  const newestVersion = latest.payload.sealedReport?.version ?? 0;
  const about = (verdict: ReportVerdict, check: (typeof trusted)[number]): ReportCheck => ({
    verdict,
    certificate: check.payload,
    key: check.key,
    signedAt: check.signedAt,
    keyCompromisedLater: check.keyCompromisedLater,
    ...context,
    ...(verdict !== "record-only" && newestVersion > (check.payload.sealedReport?.version ?? 0)
      ? { newerVersion: newestVersion }
      : {}),
  });
  if (!report) return about("record-only", latest);
  const sealed = trusted.filter((check) => check.payload.sealedReport);
  // The digest names the file; its pages must read as they did when it was sealed, too.
  const exact = sealed.find(
    (check) =>
      check.payload.sealedReport!.sha256 === report.sha256 &&
      samePages(check.payload.sealedReport!.pageFingerprints, report.pageFingerprints),
  );
  if (exact) return about("exact", exact);
  const sameText = sealed.find((check) =>
    samePages(check.payload.sealedReport!.pageFingerprints, report.pageFingerprints),
  );
  if (sameText) return about("same-text", sameText);
  const newest = sealed[0];
  if (!newest) return about("not-sealed", latest);
  const pages = newest.payload.sealedReport!.pageFingerprints;
  const differingPages = Array.from(
    { length: Math.max(pages.length, report.pageFingerprints.length) },
    (_, index) => index,
  )
    .filter((index) => pages[index] !== report.pageFingerprints[index])
    .map((index) => index + 1);
  return {
    ...about("pages-differ", newest),
    differingPages,
    pageCount: { file: report.pageFingerprints.length, sealed: pages.length },
  };
}

const samePages = (sealed: readonly string[], file: readonly string[]) =>
  sealed.length === file.length && sealed.every((fingerprint, index) => fingerprint === file[index]);
