import type { CertificateVerdict } from "../schema/certificate-verdict";
import type { CopyVerdict, ReportTone } from "../schema/limits/codes";
import { RECORD_TYPES, type CertificateRecord, type KeyHistory, type PublishedKey } from "../schema/signed-records";
import { chainProblem } from "./chain";
import { judgeReport, recordIssuerTrust, recordStatus, type RecordDoubt, type ReportFingerprint } from "./judge";
import { verifyRecord, type RecordProblem } from "./records";

type ReportVerdict =
  /** The copy's verdict by the one judge (verifier/judge.ts). */
  | CopyVerdict
  /** No PDF was given: the record is genuine, for comparing with a printed report. */
  | "record-only"
  /** No record could be trusted: see `problem`. */
  | "record-refused";

export interface ReportCheck {
  verdict: ReportVerdict;
  /** The colour, by the one judge: the same as the check page's for the same copy and code. */
  tone: ReportTone;
  /** The certificate's own verdict from the latest trusted record, as the certificate would say it. */
  certificateVerdict?: CertificateVerdict;
  /** What was wrong with the record when it was refused. */
  problem?: RecordProblem;
  /** The certificate the verdict is about: the record that sealed the matching version, or else the latest trusted one. */
  certificate?: CertificateRecord;
  /** The key that signed it, with its published times. */
  key?: PublishedKey;
  signedAt?: Date;
  /** The key was reported compromised after this record's signing time (see verifyRecord). */
  keyCompromisedLater?: boolean;
  /** The version matched (or closest), when it was sealed, and its page count. */
  matchedVersion?: number | null;
  sealedAt?: Date | null;
  matchedPageCount?: number | null;
  latestVersion?: number | null;
  /** The file's page count, when a file was given. */
  filePageCount?: number;
  /** Pages (from 1) whose text differs from the closest sealed version's. */
  differingPages?: number[];
  /** The latest trusted record of the code: its withdrawal and newest sealed version rule the tone. */
  latest?: CertificateRecord;
  /** The last record given could not be trusted (while an earlier one was): it may say more. */
  latestRefused?: RecordProblem;
  /** What the record file says changed after its last signed record (never green). */
  unsignedChange?: string;
}

/**
 * Checks a report PDF against a code's signed records (the file's `history` and `record`, oldest
 * first) and a key history, with no network: every record's signature, the records as one chain,
 * then the one judge (verifier/judge.ts) on the sealed versions they name, the status the latest
 * one implies at `now` and the issuer trust it holds. What cannot be known offline, a withdrawal or
 * suspension after the latest record, is for the caller to say (the status is online, at
 * /status/<token>). Without a PDF (a printed report in hand), the verdict is about the latest
 * trusted record alone.
 */
export async function checkReport(
  report: ReportFingerprint | null,
  records: readonly string[],
  keys: KeyHistory,
  options: { now?: Date; unsignedChange?: string | null } = {},
): Promise<ReportCheck> {
  const now = options.now ?? new Date();
  const checks = await Promise.all(
    records.map((record) => verifyRecord<CertificateRecord>(record, keys, RECORD_TYPES.certificate, now)),
  );
  const newestFirst = checks
    .flatMap((check, index) => (check.ok ? [{ ...check, text: records[index]! }] : []))
    .reverse();
  const latest = newestFirst[0];
  if (!latest) {
    const refused = checks.at(-1);
    return {
      verdict: "record-refused",
      tone: "invalid",
      problem: refused && !refused.ok ? refused.problem : "malformed",
    };
  }
  // Records of one code only: another code's record in the same file says nothing about this one.
  const trusted = newestFirst.filter((check) => check.payload.code.token === latest.payload.code.token);
  // They must hold together: the same frozen certificate, each naming the one before (decision 050).
  if (await chainProblem(trusted.toReversed())) {
    return { verdict: "record-refused", tone: "invalid", problem: "history-disagrees" };
  }
  // Each sealed version, with the record that first named it: when it was sealed.
  const sealings = new Map<number, (typeof trusted)[number]>();
  for (const check of trusted.toReversed()) {
    const version = check.payload.sealedReport?.version;
    if (version !== undefined && !sealings.has(version)) sealings.set(version, check);
  }
  const seals = [...sealings.values()]
    .map((check) => ({ ...check.payload.sealedReport!, sealedAt: check.signedAt, check }))
    .sort((a, b) => b.version - a.version);
  const last = checks.at(-1);
  const latestRefused = last && !last.ok ? last.problem : undefined;
  const doubts: RecordDoubt[] = [];
  if (latestRefused) doubts.push("latest-record-unchecked");
  if (options.unsignedChange) doubts.push("unsigned-change");
  // A compromise reported after a record was signed: its signature alone proves less (verifyRecord).
  if (trusted.some((check) => check.keyCompromisedLater)) doubts.push("key-compromised-later");
  const judgement = judgeReport(seals, report, {
    status: recordStatus(latest.payload, now),
    issuerTrust: recordIssuerTrust(latest.payload),
    valuerCheck: latest.payload.valuer.registerCheck?.result ?? null,
    doubts,
  });
  const about = judgement.matched?.check ?? latest;
  return {
    verdict: judgement.verdict ?? "record-only",
    tone: judgement.tone,
    certificateVerdict: judgement.certificate,
    certificate: about.payload,
    key: about.key,
    signedAt: about.signedAt,
    keyCompromisedLater: about.keyCompromisedLater,
    matchedVersion: judgement.matched?.version ?? null,
    sealedAt: judgement.matched?.sealedAt ?? null,
    matchedPageCount: judgement.matched?.pageFingerprints.length ?? null,
    latestVersion: judgement.latestVersion,
    ...(report ? { filePageCount: report.pageFingerprints.length } : {}),
    ...(judgement.differingPages ? { differingPages: judgement.differingPages } : {}),
    latest: latest.payload,
    ...(latestRefused ? { latestRefused } : {}),
    ...(options.unsignedChange ? { unsignedChange: options.unsignedChange } : {}),
  };
}
