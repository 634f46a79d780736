import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { recordsInFile } from "../schema/signed-record-file";
import type { KeyHistory } from "../schema/signed-records";
import { readReportPdf } from "./pdf-node";
import { ReportTooLargeError } from "./report-file";
import { checkReport } from "./report";
import { describeCheck, VERIFIER_TEXTS, type VerifierLanguage } from "./texts/offline-verifier";

/**
 * `npm run verify -- report.pdf [record.json] --keys jwks.json [--lang sw]`: checks a report PDF
 * against its signed record (the "Download signed record" file, or the copy a sealed PDF carries
 * as an attachment) and a saved copy of ValuSeal's key history, with Node alone: nothing is fetched.
 * Exit status, by the one judge (verifier/judge.ts), as the check page colours the same copy: 0
 * green (the exact sealed file, latest version, of a standing code from a verified issuer), 3 amber,
 * a caution to read (the same text in another file, a newer sealed version, an issuer ValuSeal
 * had not verified, an expired valuation, a record that could not be checked), 1 red (not the
 * sealed report, or a withdrawn code), 2 the command was misused.
 */
const USAGE = "Usage: npm run verify -- report.pdf [record.json] --keys jwks.json [--lang en|sw]";
const EXIT_STATUS = { valid: 0, warning: 3, invalid: 1 } as const;

/** The records of a record file's text, oldest first, or a usage error naming where it came from. */
function recordsOf(text: string, source: string) {
  const file = recordsInFile(text);
  if (!file) throw new UsageError(`${source} has no "record": is it a ValuSeal signed record file?`);
  return file;
}

/**
 * The key history is the trust anchor, so it never comes from the files being checked: a forged
 * record (or one attached to a forged PDF) could name its own forger's keys. It is a copy of
 * ValuSeal's /.well-known/jwks.json saved by the person checking.
 */
async function readKeys(path: string | undefined): Promise<KeyHistory> {
  if (!path)
    throw new UsageError(`Pass --keys: ValuSeal's key history (/.well-known/jwks.json), saved beforehand.\n${USAGE}`);
  return JSON.parse(await readFile(path, "utf8")) as KeyHistory;
}

class UsageError extends Error {}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { keys: { type: "string" }, lang: { type: "string", default: "en" } },
  });
  const [pdfPath, recordPath] = positionals;
  const language = values.lang as VerifierLanguage;
  if (!pdfPath || positionals.length > 2 || !["en", "sw"].includes(language)) throw new UsageError(USAGE);
  const report = await readReportPdf(new Uint8Array(await readFile(pdfPath)));
  let file: ReturnType<typeof recordsOf>;
  if (recordPath) file = recordsOf(await readFile(recordPath, "utf8"), recordPath);
  else if (report.attachedRecord) file = recordsOf(report.attachedRecord, `The record attached to ${pdfPath}`);
  else throw new UsageError(`${pdfPath} carries no signed record: pass the record file too.\n${USAGE}`);
  const keys = await readKeys(values.keys);
  const source = values.keys!;
  if (!recordPath) console.log(VERIFIER_TEXTS[language].fromAttachment);
  const check = await checkReport(report, file.records, keys, { unsignedChange: file.unsignedChange });
  const newestKey =
    keys.keys
      .map((key) => key.started_at)
      .sort()
      .at(-1) ?? "none";
  console.log(describeCheck(check, language).join("\n"));
  console.log(`Key history: ${source} (${keys.keys.length} keys, the newest started ${newestKey}).`);
  return EXIT_STATUS[check.tone];
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    if (error instanceof ReportTooLargeError) {
      console.log(error.message);
      process.exit(EXIT_STATUS.invalid);
    }
    console.error(
      error instanceof UsageError ? error.message : `Could not check the report: ${(error as Error).message}`,
    );
    process.exit(2);
  },
);
