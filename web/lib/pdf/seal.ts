import {
  concatTransformationMatrix,
  EncryptedPDFError,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  StandardFonts,
  type PDFFont,
  type PDFPage,
} from "@cantoo/pdf-lib";
import QRCode from "qrcode-svg";
import {
  SEAL_MAX_BYTES,
  SEAL_MAX_PAGES,
  SEALED_PDF_INFO_KEY,
  STAMP_MAX_MM,
  STAMP_MIN_MM,
  type StampCorner,
} from "../../../schema/validation/seals";
import { PdfRefusedError } from "./errors";
import { pageFingerprints, sha256Hex } from "./fingerprint";
import { openWithPdfjs } from "./pdfjs";

export interface SealOptions {
  /** The code's address, `https://<host>/v/<token>`; page n's QR encodes it followed by `/n`. */
  verificationAddress: string;
  /** What the stamp line names the report by: its reference, or the token when it has none. */
  label: string;
  corner: StampCorner;
  /** The QR symbol's printed side in millimetres; its 4-module white quiet zone is added around it. */
  sizeMm: number;
  onProgress?: (step: "stamping" | "fingerprinting", done: number, total: number) => void;
}

export interface SealedReport {
  bytes: Uint8Array;
  sha256: string;
  pageFingerprints: string[];
  pageCount: number;
}

const POINTS_PER_MM = 72 / 25.4;
const QUIET_ZONE_MODULES = 4;
/** The stamp keeps this far from the page's visible edge, where printers clip. */
const EDGE_MARGIN_MM = 6;
const LINE_FONT_SIZE = 6.5;
const LINE_MIN_FONT_SIZE = 4.5;
const LINE_GAP_PT = 2;
/** The standard fonts write WinAnsi only: anything else would be swapped for "?" in the stamp. */
const WIN_ANSI_PRINTABLE = /^[\x20-\x7e\u00a0-\u00ff]*$/;

const MB = 1024 * 1024;

/** The QR's dark modules as one SVG path (runs of a row merged), in module units. */
function qrPath(content: string): { path: string; modules: number } {
  const qr = new QRCode({ content, ecl: "M", padding: 0, join: true });
  const rows = (qr as unknown as { qrcode: { modules: boolean[][] } }).qrcode.modules;
  let path = "";
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length;) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      path += `M${start} ${y}h${x - start}v1h${start - x}z`;
    }
  });
  return { path, modules: rows.length };
}

/**
 * Signed or certified PDFs are refused: stamping adds page content, which a signature's
 * permissions never allow, so every viewer would then report the signature as broken.
 */
function isSigned(document: PDFDocument): boolean {
  const form = document.catalog.lookupMaybe(PDFName.of("AcroForm"), PDFDict);
  const sigFlags = form?.lookupMaybe(PDFName.of("SigFlags"), PDFNumber)?.asNumber() ?? 0;
  if (sigFlags & 1 || document.catalog.get(PDFName.of("Perms"))) return true;
  const hasSignedField = (fields: unknown): boolean => {
    if (!(fields instanceof PDFArray)) return false;
    for (let index = 0; index < fields.size(); index += 1) {
      const field = fields.lookup(index);
      if (!(field instanceof PDFDict)) continue;
      if (field.lookup(PDFName.of("FT")) === PDFName.of("Sig") && field.get(PDFName.of("V"))) return true;
      if (hasSignedField(field.lookup(PDFName.of("Kids")))) return true;
    }
    return false;
  };
  return hasSignedField(form?.lookup(PDFName.of("Fields")));
}

async function loadForSealing(file: ArrayBuffer): Promise<PDFDocument> {
  if (file.byteLength > SEAL_MAX_BYTES) {
    throw new PdfRefusedError(`This file is ${Math.ceil(file.byteLength / MB)} MB; the limit is 50 MB.`);
  }
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(file, { updateMetadata: false });
  } catch (error) {
    if (error instanceof EncryptedPDFError) {
      throw new PdfRefusedError(
        "This PDF is password-protected or restricted. Save an unprotected copy of the final report and seal that.",
      );
    }
    throw new PdfRefusedError(
      "This file could not be read as a PDF. Export the report to PDF again and choose that file.",
    );
  }
  if (isSigned(document)) {
    throw new PdfRefusedError(
      "This PDF is digitally signed; stamping it would invalidate the signature. Seal the unsigned final version, then sign it.",
    );
  }
  const pages = document.getPageCount();
  if (pages === 0) throw new PdfRefusedError("This PDF has no pages.");
  if (pages > SEAL_MAX_PAGES) {
    throw new PdfRefusedError(`This PDF has ${pages} pages; a sealed report has at most ${SEAL_MAX_PAGES}.`);
  }
  return document;
}

/**
 * The matrix from "as the reader sees the page" (origin at the visible bottom-left, x to the right)
 * to the page's own coordinates, for each rotation, with the visible width and height: the stamp
 * lands in the corner the reader sees, whatever the page's /Rotate and CropBox.
 */
function visibleFrame(page: PDFPage) {
  const { x, y, width, height } = page.getCropBox();
  const rotation = (((page.getRotation().angle % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  type Matrix = [number, number, number, number, number, number];
  const matrices: Record<0 | 90 | 180 | 270, Matrix> = {
    0: [1, 0, 0, 1, x, y],
    90: [0, 1, -1, 0, x + width, y],
    180: [-1, 0, 0, -1, x + width, y + height],
    270: [0, -1, 1, 0, x, y + height],
  };
  const turned = rotation % 180 !== 0;
  return {
    matrix: matrices[rotation] ?? matrices[0],
    width: turned ? height : width,
    height: turned ? width : height,
  };
}

interface Stamp {
  address: string;
  line: string;
  corner: StampCorner;
  sizeMm: number;
  font: PDFFont;
}

function stampPage(page: PDFPage, { address, line, corner, sizeMm, font }: Stamp) {
  const frame = visibleFrame(page);
  const { path, modules } = qrPath(address);
  const symbol = sizeMm * POINTS_PER_MM;
  const module = symbol / modules;
  const box = symbol + 2 * QUIET_ZONE_MODULES * module;
  const margin = EDGE_MARGIN_MM * POINTS_PER_MM;
  const right = corner.endsWith("right");
  const bottom = corner.startsWith("bottom");
  const boxX = right ? frame.width - margin - box : margin;
  const boxY = bottom ? margin : frame.height - margin - box;

  // The line fits beside the page's edge margins, shrunk if the page is narrow.
  const available = frame.width - 2 * margin;
  const fontSize = Math.max(
    LINE_MIN_FONT_SIZE,
    Math.min(LINE_FONT_SIZE, (LINE_FONT_SIZE * available) / font.widthOfTextAtSize(line, LINE_FONT_SIZE)),
  );
  const lineWidth = font.widthOfTextAtSize(line, fontSize);
  const lineX = right ? boxX + box - lineWidth : boxX;
  const lineY = bottom ? boxY + box + LINE_GAP_PT : boxY - LINE_GAP_PT - fontSize;

  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(...frame.matrix));
  const white = rgb(1, 1, 1);
  page.drawRectangle({ x: boxX, y: boxY, width: box, height: box, color: white });
  page.drawRectangle({
    x: lineX - 1,
    y: lineY - fontSize * 0.25,
    width: lineWidth + 2,
    height: fontSize * 1.2,
    color: white,
  });
  // drawSvgPath places the path's top-left corner at (x, y): SVG's y axis points down.
  const symbolX = boxX + QUIET_ZONE_MODULES * module;
  page.drawSvgPath(path, {
    x: symbolX,
    y: boxY + box - QUIET_ZONE_MODULES * module,
    scale: module,
    color: rgb(0, 0, 0),
  });
  page.drawText(line, { x: lineX, y: lineY, size: fontSize, font, color: rgb(0.1, 0.1, 0.1) });
  page.pushOperators(popGraphicsState());
}

/**
 * Stamps every page of the valuer's final PDF with the code (page n's QR encodes the address and
 * `/n`) and the line "ValuSeal · <label> · page n of N · verify at <host>", names the address in the
 * document's Info dictionary, then fingerprints the sealed file as a check will (fingerprint.ts).
 * Everything happens in this browser.
 */
export async function sealReport(file: ArrayBuffer, options: SealOptions): Promise<SealedReport> {
  const sizeMm = Math.min(STAMP_MAX_MM, Math.max(STAMP_MIN_MM, options.sizeMm));
  const document = await loadForSealing(file);
  const address = options.verificationAddress.replace(/\/+$/, "");
  const host = new URL(address).host;
  const token = address.slice(address.lastIndexOf("/") + 1);
  const label = WIN_ANSI_PRINTABLE.test(options.label) && options.label.trim() ? options.label.trim() : token;
  const font = await document.embedFont(StandardFonts.Helvetica);
  const pages = document.getPages();
  pages.forEach((page, index) => {
    const number = index + 1;
    stampPage(page, {
      address: `${address}/${number}`,
      line: `ValuSeal · ${label} · page ${number} of ${pages.length} · verify at ${host}`,
      corner: options.corner,
      sizeMm,
      font,
    });
    options.onProgress?.("stamping", number, pages.length);
  });

  document.setProducer("ValuSeal");
  document.setModificationDate(new Date());
  document.setSubject(`Sealed by ValuSeal. Verify at ${address}`);
  document.setKeywords(["ValuSeal", address]);
  const info = document.context.lookup(document.context.trailerInfo.Info, PDFDict);
  info?.set(PDFName.of(SEALED_PDF_INFO_KEY), PDFHexString.fromText(address));
  const bytes = await document.save();

  const sealed = await openWithPdfjs(bytes);
  try {
    const fingerprints = await pageFingerprints(sealed, (done, total) =>
      options.onProgress?.("fingerprinting", done, total),
    );
    return { bytes, sha256: await sha256Hex(bytes), pageFingerprints: fingerprints, pageCount: pages.length };
  } finally {
    await sealed.destroy();
  }
}
