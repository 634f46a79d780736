import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import type { KeyHistory } from "../schema/signed-records";
import { readReportPdf } from "./pdf-node";
import { checkReport } from "./report";
import { describeCheck, VERIFIER_TEXTS, type VerifierLanguage } from "./texts";

/**
 * `npm run verify -- report.pdf [record.json] [--keys jwks.json] [--lang sw]`: checks a report PDF
 * against its signed record (the "Download signed record" file, or the copy a sealed PDF carries
 * as an attachment) and ValuSeal's key history, with Node alone and no database. With `--keys`
 * nothing is fetched; without it the key history is read from the address the record file names.
 * Exit status: 0 genuine, 1 not, 2 the command was misused.
 */
const USAGE = "Usage: npm run verify -- report.pdf [record.json] [--keys jwks.json] [--lang en|sw]";

interface RecordFile {
  record: string;
  history?: string[];
  keys?: string;
}

function parseRecordFile(text: string, source: string): RecordFile {
  text = text.trim();
  // A bare JWS, as pasted, is a record file of one record.
  if (!text.startsWith("{")) return { record: text };
  const parsed = JSON.parse(text) as Partial<RecordFile>;
  if (typeof parsed.record !== "string")
    throw new UsageError(`${source} has no "record": is it a ValuSeal signed record file?`);
  return { record: parsed.record, history: parsed.history ?? [], keys: parsed.keys };
}

async function readKeys(path: string | undefined, file: RecordFile): Promise<{ keys: KeyHistory; source: string }> {
  if (path) return { keys: JSON.parse(await readFile(path, "utf8")) as KeyHistory, source: path };
  if (!file.keys) throw new UsageError("The record file names no key history: pass --keys jwks.json");
  const response = await fetch(file.keys);
  if (!response.ok)
    throw new UsageError(`Could not read the key history at ${file.keys} (${response.status}): pass --keys jwks.json`);
  return { keys: (await response.json()) as KeyHistory, source: file.keys };
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
  let file: RecordFile;
  if (recordPath) file = parseRecordFile(await readFile(recordPath, "utf8"), recordPath);
  else if (report.attachedRecord) file = parseRecordFile(report.attachedRecord, `The record attached to ${pdfPath}`);
  else throw new UsageError(`${pdfPath} carries no signed record: pass the record file too.\n${USAGE}`);
  const { keys, source } = await readKeys(values.keys, file);
  if (!recordPath) console.log(VERIFIER_TEXTS[language].fromAttachment);
  const check = await checkReport(report, [...(file.history ?? []), file.record], keys);
  const newestKey =
    keys.keys
      .map((key) => key.started_at)
      .sort()
      .at(-1) ?? "none";
  console.log(describeCheck(check, language).join("\n"));
  console.log(`Key history: ${source} (${keys.keys.length} keys, the newest started ${newestKey}).`);
  return check.verdict === "exact" || check.verdict === "same-text" ? 0 : 1;
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    console.error(
      error instanceof UsageError ? error.message : `Could not check the report: ${(error as Error).message}`,
    );
    process.exit(2);
  },
);
