import * as pdfjs from "pdfjs-dist";
import * as pdfjsWorker from "pdfjs-dist/build/pdf.worker.min.mjs";
import { recordsInFile } from "#schema/signed-record-file.ts";
import type { KeyHistory } from "#schema/signed-records.ts";
import { keyHistoryExtends } from "../key-history";
import { findQr, printedCodeOf } from "../qr";
import type { ReportTone } from "#schema/limits/codes.ts";
import { checkReport } from "../report";
import { readReport, refuseOversizedReport, ReportTooLargeError, type ReportDocument } from "../report-file";
import { describeCheck, VERIFIER_TEXTS, type VerifierLanguage } from "../texts/offline-verifier";

/**
 * verifier.html: the offline verifier. Everything it needs is in the one file: this script, pdf.js
 * (run on the page's own thread, so no worker file is fetched), and the key history as it was when
 * the file was downloaded. It makes no network request; a newer key history can be dropped in.
 */
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker;

const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

let language: VerifierLanguage = navigator.languages.some((tag) => tag.toLowerCase().startsWith("sw")) ? "sw" : "en";
let keys = JSON.parse(element("valuseal-key-history").textContent ?? '{"keys":[]}') as KeyHistory;

function render() {
  const t = VERIFIER_TEXTS[language].page;
  document.documentElement.lang = language;
  element("language").textContent = t.switchTo;
  element("title").textContent = t.title;
  element("intro").textContent = t.intro;
  element("record-label").textContent = t.record;
  element("pdf-label").textContent = t.pdf;
  element("photo-label").textContent = t.photo;
  element("keys-label").textContent = t.keys;
  element("check").textContent = t.check;
  const asOf =
    keys.generated_at ??
    keys.keys
      .map((key) => key.started_at)
      .sort()
      .at(-1) ??
    "—";
  element("keys-note").textContent = t.keysNote(keys.keys.length, asOf.slice(0, 10));
}

function showResult(tone: ReportTone, lines: string[], verdict?: string) {
  const result = element("result");
  result.hidden = false;
  result.dataset.tone = tone;
  if (verdict) result.dataset.verdict = verdict;
  else delete result.dataset.verdict;
  result.replaceChildren(
    ...lines.map((line) => {
      const paragraph = document.createElement("p");
      paragraph.textContent = line;
      return paragraph;
    }),
  );
}

/** The records of the file chosen or pasted, else of the record the PDF carries. */
async function readRecords(attachedRecord: string | null) {
  const file = element<HTMLInputElement>("record").files?.[0];
  const text = file ? await file.text() : element<HTMLTextAreaElement>("record-text").value || attachedRecord || "";
  return recordsInFile(text) ?? { records: [], unsignedChange: null };
}

async function readPdf(file: File) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  refuseOversizedReport(bytes);
  const doc = await pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    return await readReport(bytes, doc as unknown as ReportDocument);
  } finally {
    await doc.destroy();
  }
}

/** The largest side a photo is read at: a phone's 12-megapixel photo, scaled down, still resolves a page's QR. */
const PHOTO_MAX_SIDE = 2000;

/** The QR code in a photo of a printed page, read on this device; null when none could be read. */
async function readPhotoQr(file: File): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.round(bitmap.width * scale);
  const height = Math.round(bitmap.height * scale);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d", { willReadFrequently: true })!;
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return findQr(context.getImageData(0, 0, width, height).data, width, height);
}

/** The number of the check last asked for. */
let latestRun = 0;

async function check(event: Event) {
  event.preventDefault();
  const run = ++latestRun;
  // A slower earlier check never overwrites a later one's verdict.
  const show = (tone: ReportTone, lines: string[], verdict?: string) => {
    if (run === latestRun) showResult(tone, lines, verdict);
  };
  const t = VERIFIER_TEXTS[language].page;
  // The earlier verdict goes at once: it must never stand beside the next file.
  showResult("warning", [t.checking]);
  const newerKeys = element<HTMLInputElement>("keys").files?.[0];
  if (newerKeys) {
    let newer: unknown = null;
    try {
      newer = JSON.parse(await newerKeys.text());
    } catch {
      // Not JSON: refused below like any history that does not extend this one.
    }
    // The history inside this file is the trust anchor: a dropped-in one may only add to it.
    if (!keyHistoryExtends(keys, newer)) return show("invalid", [t.keysRefused]);
    keys = newer;
  }
  render();
  const pdf = element<HTMLInputElement>("pdf").files?.[0];
  const photo = element<HTMLInputElement>("photo").files?.[0];
  if (!pdf && !photo) return show("warning", [t.missing]);
  let report = null;
  if (pdf) {
    try {
      report = await readPdf(pdf);
    } catch (error) {
      return show("invalid", [error instanceof ReportTooLargeError ? t.tooLarge[error.limit] : t.unreadable]);
    }
  }
  const given =
    element<HTMLInputElement>("record").files?.length || element<HTMLTextAreaElement>("record-text").value.trim();
  const { records, unsignedChange } = await readRecords(report?.attachedRecord ?? null);
  if (records.length === 0) return show("warning", [t.missing]);
  const result = await checkReport(report, records, keys, { unsignedChange });
  const lines = describeCheck(result, language);
  if (!given) lines.push(VERIFIER_TEXTS[language].fromAttachment);
  let tone = result.tone;
  if (photo && result.certificate) {
    const qr = await readPhotoQr(photo).catch(() => null);
    const printed = qr === null ? null : printedCodeOf(qr, result.certificate);
    lines.splice(1, 0, VERIFIER_TEXTS[language].printed(printed));
    // A matching QR is a public address anyone can copy onto a page: it never makes paper green.
    if (printed && !printed.matches) tone = "invalid";
  }
  show(tone, lines, result.verdict);
}

element("language").addEventListener("click", (event) => {
  event.preventDefault();
  language = language === "en" ? "sw" : "en";
  render();
  element("result").hidden = true;
});
element("form").addEventListener("submit", (event) => void check(event));
render();
