import { VERIFICATION_ADDRESS_PATTERN } from "#schema/public-token.ts";
import {
  EncryptedPDFError,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFString,
  StandardFonts,
} from "@cantoo/pdf-lib";
import {
  SEAL_MAX_BYTES,
  SEAL_MAX_PAGES,
  SEALED_PDF_INFO_KEY,
  STAMP_CORNERS,
  STAMP_MAX_MM,
  STAMP_MIN_MM,
  type StampCorner,
} from "#schema/validation/seals.ts";
import { signedRecordFileName, type SignedRecordFile } from "#schema/signed-record-file.ts";
import { attachSignedRecord } from "#verifier/attachment.ts";
import { PdfRefusedError, REFUSAL } from "./errors";
import { fingerprintReport } from "./fingerprint";
import { qrForPage, stampPage } from "./stamp";

interface SealOptions {
  /** The code's address, `https://<host>/v/<token>`; each page's QR adds `/<page number>`. */
  verificationAddress: string;
  /** Printed on every page's line, e.g. the report's reference. */
  label: string;
  /** The code's verification code as printed ("VS-7K3M-9Q2P-4H"): a reader of a printed or faxed page types it on /verify. */
  verificationCode: string;
  corner: StampCorner;
  /** The QR's printed width including its quiet zone, STAMP_MIN_MM to STAMP_MAX_MM. */
  sizeMm: number;
  onProgress?: (step: "stamping" | "fingerprinting", done: number, total: number) => void;
}

export interface SealedReport {
  bytes: Uint8Array;
  sha256: string;
  pageFingerprints: string[];
  pageCount: number;
}

/**
 * The stamp's line is drawn with standard Helvetica (WinAnsi), which cannot show other characters:
 * the PDF library would silently print "?" instead, so such text is refused before anything is drawn.
 */
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;
const LABEL_MAX_LENGTH = 60;
const PRINTED_VERIFICATION_CODE = /^VS-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{2}$/;
const MB = 1024 * 1024;

function checkOptions(options: SealOptions): { host: string; label: string; verificationCode: string } {
  const { verificationAddress, corner, sizeMm } = options;
  const label = options.label.trim();
  if (!VERIFICATION_ADDRESS_PATTERN.test(verificationAddress) || !PRINTABLE_ASCII.test(verificationAddress)) {
    throw new PdfRefusedError(`"${verificationAddress}" is not a ValuSeal verification address.`);
  }
  const host = new URL(verificationAddress).host;
  if (!PRINTABLE_ASCII.test(host)) {
    throw new PdfRefusedError(`The address's host "${host}" can only be printed in plain ASCII letters.`);
  }
  if (!label || !PRINTABLE_ASCII.test(label) || label.length > LABEL_MAX_LENGTH) {
    throw new PdfRefusedError(
      `The label printed on each page must be 1 to ${LABEL_MAX_LENGTH} plain ASCII characters (letters, digits, spaces and punctuation, no accents or symbols such as "·").`,
    );
  }
  if (!PRINTED_VERIFICATION_CODE.test(options.verificationCode)) {
    throw new PdfRefusedError(`"${options.verificationCode}" is not a ValuSeal verification code.`);
  }
  if (!STAMP_CORNERS.includes(corner)) throw new PdfRefusedError(`"${corner}" is not a corner of the page.`);
  if (!(sizeMm >= STAMP_MIN_MM && sizeMm <= STAMP_MAX_MM)) {
    throw new PdfRefusedError(`The seal must be ${STAMP_MIN_MM} to ${STAMP_MAX_MM} mm wide to scan reliably.`);
  }
  return { host, label, verificationCode: options.verificationCode };
}

function looksLikePdf(bytes: Uint8Array): boolean {
  // Readers accept the header anywhere in the first kilobyte.
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
  return head.includes("%PDF-");
}

async function loadForSealing(bytes: Uint8Array): Promise<PDFDocument> {
  if (bytes.byteLength > SEAL_MAX_BYTES) {
    throw new PdfRefusedError(
      `This PDF is ${(bytes.byteLength / MB).toFixed(1)} MB; a sealed report can be at most ${SEAL_MAX_BYTES / MB} MB. Save it with compressed images and try again.`,
    );
  }
  if (!looksLikePdf(bytes)) throw new PdfRefusedError(REFUSAL.notPdf);
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false });
  } catch (error) {
    if (error instanceof EncryptedPDFError) throw new PdfRefusedError(REFUSAL.encrypted);
    throw new PdfRefusedError(REFUSAL.notPdf);
  }
  if (doc.isEncrypted) throw new PdfRefusedError(REFUSAL.encrypted);
  if (isSignedOrCertified(doc)) throw new PdfRefusedError(REFUSAL.signed);
  const pageCount = doc.getPageCount();
  if (pageCount === 0) throw new PdfRefusedError(REFUSAL.notPdf);
  if (pageCount > SEAL_MAX_PAGES) {
    throw new PdfRefusedError(
      `This PDF has ${pageCount} pages; a sealed report can have at most ${SEAL_MAX_PAGES}. Seal the report without its appendices, or split it.`,
    );
  }
  return doc;
}

/**
 * Signed or certified: the AcroForm says signatures exist, a signature field has a value, or the
 * catalog carries /Perms (DocMDP certification or usage rights). Stamping adds page content, a
 * change no signature permission allows, so every viewer would report the signature as broken.
 * Read through the catalog, not getForm(), which would create a form where there is none.
 */
function isSignedOrCertified(doc: PDFDocument): boolean {
  const acroForm = doc.catalog.lookupMaybe(PDFName.of("AcroForm"), PDFDict);
  const sigFlags = acroForm?.lookupMaybe(PDFName.of("SigFlags"), PDFNumber)?.asNumber() ?? 0;
  if (sigFlags & 1) return true;
  if (doc.catalog.get(PDFName.of("Perms"))) return true;
  const seen = new Set<PDFDict>();
  const hasSignedField = (fields: unknown): boolean => {
    if (!(fields instanceof PDFArray)) return false;
    for (let index = 0; index < fields.size(); index += 1) {
      const field = fields.lookup(index);
      if (!(field instanceof PDFDict) || seen.has(field)) continue;
      seen.add(field);
      if (field.lookup(PDFName.of("FT")) === PDFName.of("Sig") && field.get(PDFName.of("V"))) return true;
      if (hasSignedField(field.lookup(PDFName.of("Kids")))) return true;
    }
    return false;
  };
  return hasSignedField(acroForm?.lookup(PDFName.of("Fields")));
}

/** Lets the page repaint (progress) during long synchronous work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/**
 * Stamps every page of the final report with its page address as a QR code and a line of text,
 * records the verification address in the Info dictionary, and fingerprints the sealed bytes (the
 * values the API registers). Everything happens in the browser. Throws PdfRefusedError, with a
 * message for the valuer, for files that cannot or must not be sealed.
 */
export async function sealReport(file: ArrayBuffer, options: SealOptions): Promise<SealedReport> {
  const { host, label, verificationCode } = checkOptions(options);
  const { verificationAddress, corner, sizeMm, onProgress } = options;
  const doc = await loadForSealing(new Uint8Array(file));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pages = doc.getPages();
  const total = pages.length;
  onProgress?.("stamping", 0, total);
  for (const [index, page] of pages.entries()) {
    const number = index + 1;
    // The code's verification code and where to type it, for whoever reads the page without a camera.
    const line = `ValuSeal · ${label} · page ${number} of ${total} · verify at ${host}/verify, code ${verificationCode}`;
    stampPage(page, number, { qr: qrForPage(`${verificationAddress}/${number}`), line, font, corner, sizeMm });
    if (number % 10 === 0 || number === total) {
      onProgress?.("stamping", number, total);
      await nextTask();
    }
  }

  doc.setSubject(`Sealed by ValuSeal. Verify at ${verificationAddress}`);
  doc.setKeywords(["ValuSeal", label, verificationAddress]);
  doc.setProducer("ValuSeal");
  doc.setModificationDate(new Date());
  // The Info dictionary exists once setSubject has run; the address is ASCII, so a literal string.
  const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
  info.set(PDFName.of(SEALED_PDF_INFO_KEY), PDFString.of(verificationAddress));

  const bytes = await doc.save();
  const read = await fingerprintReport(bytes, (done, count) => onProgress?.("fingerprinting", done, count));
  if (read.pageFingerprints.length !== total || read.verificationAddress !== verificationAddress) {
    throw new Error(
      `The sealed PDF did not read back as written (${read.pageFingerprints.length} of ${total} pages, address ${read.verificationAddress ?? "missing"}).`,
    );
  }
  return { bytes, sha256: read.sha256, pageFingerprints: read.pageFingerprints, pageCount: total };
}

/**
 * The sealed report as delivered: the signed record of its seal attached as an embedded file,
 * after the sealed bytes (verifier/attachment.ts), so the evidence travels with the report.
 */
export async function withSignedRecord(sealed: Uint8Array, file: SignedRecordFile): Promise<Uint8Array> {
  return attachSignedRecord(sealed, JSON.stringify(file, null, 2), signedRecordFileName(file.record));
}
