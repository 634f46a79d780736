import * as pdfjs from "pdfjs-dist";
import * as pdfjsWorker from "pdfjs-dist/build/pdf.worker.min.mjs";
import { recordsInFile } from "#schema/signed-record-file.ts";
import type { KeyHistory } from "#schema/signed-records.ts";
import { keyHistoryExtends } from "../key-history";
import { findQr, printedCodeOf } from "../qr";
import type { ReportTone } from "#schema/limits/codes.ts";
import { checkReport } from "../report";
import { readReport, refuseOversizedReport, ReportTooLargeError, type ReportDocument } from "../report-file";
import { describeCheck, VERIFIER_TEXTS, type VerifierLanguage } from "../texts";

/**
 * verifier.html: the offline verifier. Everything it needs is in the one file: this script, pdf.js
 * (run on the page's own thread, so no worker file is fetched), and the key history as it was when
 * the file was downloaded. It makes no network request; a newer key history can be dropped in.
 */
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker;

const PAGE_TEXTS = {
  en: {
    switchTo: "Kiswahili",
    title: "Check a ValuSeal report, offline",
    intro:
      "Choose the report PDF, and the signed record (the file from “Download signed record”) unless the PDF carries it: reports sealed with ValuSeal do. For a paper report, choose the signed record and take a photo of a page's QR code. Nothing leaves this device and nothing is fetched.",
    record: "Signed record (.json), or paste it below; not needed if the PDF carries it",
    pdf: "Report PDF",
    keys: "Newer key history (jwks.json), optional",
    check: "Check",
    checking: "Checking…",
    photo: "Photo of a printed page's QR code, optional (for a paper report)",
    missing:
      "Choose the report PDF, and the signed record if the PDF does not carry one; for a paper report, the signed record and a photo of a page's QR code.",
    unreadable: "This file could not be read as a PDF.",
    tooLarge: {
      bytes: "This file is larger than any sealed report with its record (51 MB): it is not a ValuSeal sealed report.",
      pages: "This PDF has more than 300 pages, the most a sealed report has: it is not a ValuSeal sealed report.",
    },
    keysRefused:
      "The newer key history was not used: it does not extend the one this verifier carries (a key is missing or changed, a compromise is unsaid, or a key is dated before this copy). Nothing was checked. Download the verifier again from ValuSeal.",
    keysNote: (count: number, asOf: string) =>
      `Key history used: ${count} ValuSeal keys, as published on ${asOf}. A key reported compromised after that date is not known here.`,
  },
  sw: {
    switchTo: "English",
    title: "Kagua ripoti ya ValuSeal, bila mtandao",
    intro:
      "Chagua PDF ya ripoti, na rekodi iliyotiwa saini (faili la “Pakua rekodi iliyotiwa saini”) isipokuwa kama PDF inayo tayari: ripoti zilizotiwa muhuri na ValuSeal zinayo. Kwa ripoti ya karatasi, chagua rekodi iliyotiwa saini na upige picha ya msimbo wa QR wa ukurasa. Hakuna kinachotoka kwenye kifaa hiki na hakuna kinachopakuliwa.",
    record: "Rekodi iliyotiwa saini (.json), au ibandike hapa chini; haihitajiki kama PDF inayo",
    pdf: "PDF ya ripoti",
    keys: "Historia mpya ya funguo (jwks.json), si lazima",
    check: "Kagua",
    checking: "Inakagua…",
    photo: "Picha ya msimbo wa QR wa ukurasa uliochapishwa, si lazima (kwa ripoti ya karatasi)",
    missing:
      "Chagua PDF ya ripoti, na rekodi iliyotiwa saini kama PDF haina; kwa ripoti ya karatasi, rekodi iliyotiwa saini na picha ya msimbo wa QR wa ukurasa.",
    unreadable: "Faili hili halikuweza kusomwa kama PDF.",
    tooLarge: {
      bytes:
        "Faili hili ni kubwa kuliko ripoti yoyote iliyotiwa muhuri pamoja na rekodi yake (MB 51): si ripoti iliyotiwa muhuri na ValuSeal.",
      pages:
        "PDF hii ina kurasa zaidi ya 300, idadi kubwa zaidi ya ripoti iliyotiwa muhuri: si ripoti iliyotiwa muhuri na ValuSeal.",
    },
    keysRefused:
      "Historia mpya ya funguo haikutumika: haiendelezi ile iliyo ndani ya kikaguzi hiki (ufunguo umekosekana au umebadilishwa, uvujaji umefutwa, au ufunguo una tarehe ya kabla ya nakala hii). Hakuna kilichokaguliwa. Pakua kikaguzi upya kutoka ValuSeal.",
    keysNote: (count: number, asOf: string) =>
      `Historia ya funguo iliyotumika: funguo ${count} za ValuSeal, kama zilivyochapishwa tarehe ${asOf}. Ufunguo ulioripotiwa kuvuja baada ya tarehe hiyo haujulikani hapa.`,
  },
} as const;

const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

let language: VerifierLanguage = navigator.languages.some((tag) => tag.toLowerCase().startsWith("sw")) ? "sw" : "en";
let keys = JSON.parse(element("valuseal-key-history").textContent ?? '{"keys":[]}') as KeyHistory;

function render() {
  const t = PAGE_TEXTS[language];
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
  const t = PAGE_TEXTS[language];
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
