import {
  concatTransformationMatrix,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  type PDFFont,
  type PDFPage,
} from "@cantoo/pdf-lib";
import { darkRuns, qrMatrix } from "#schema/qr-matrix.ts";
import type { StampCorner } from "#schema/validation/seals.ts";
import { PdfRefusedError } from "./errors";

const POINTS_PER_MM = 72 / 25.4;
/** Clear of the page edge, where printers clip and binders punch. */
const STAMP_EDGE_MARGIN_MM = 6;
const QUIET_ZONE_MODULES = 4;
/** Version 4 (33 modules) keeps a module at 0.5 mm or more at the smallest stamp, 18 mm. */
export const STAMP_MAX_QR_VERSION = 4;
const LINE_FONT_SIZE = 7;
const LINE_MIN_FONT_SIZE = 4.5;
const LINE_GAP_MM = 1;

interface StampQr {
  /** One SVG path: a 1-module-high rectangle for each horizontal run of dark modules. */
  path: string;
  modules: number;
}

/**
 * The page address as QR modules, ECC level M. Modules are read [row][col] (qrcode-svg's own svg()
 * transposes them) and merged into horizontal runs, filled: far fewer operators than one square
 * per module, and no stroke caps to get wrong.
 */
export function qrForPage(content: string): StampQr {
  const matrix = qrMatrix(content);
  if (matrix.version > STAMP_MAX_QR_VERSION) {
    throw new PdfRefusedError(
      `The verification address ${content} is too long for a QR code this small. Contact ValuSeal support.`,
    );
  }
  let path = "";
  for (const { row, start, end } of darkRuns(matrix)) path += `M${start} ${row}h${end - start}v1h${start - end}z`;
  return { path, modules: matrix.size };
}

/**
 * The matrix from "what the reader sees" (origin at the bottom-left of the displayed page, after
 * /Rotate) to the page's own space, and the displayed size. Drawing inside it puts the stamp in the
 * chosen corner of the visible CropBox whatever the page's rotation or box offset.
 */
function displayedSpace(page: PDFPage) {
  const { x, y, width, height } = page.getCropBox();
  const rotation = (((Math.round(page.getRotation().angle / 90) * 90) % 360) + 360) % 360;
  const matrices: Record<number, [number, number, number, number, number, number]> = {
    0: [1, 0, 0, 1, x, y],
    90: [0, 1, -1, 0, x + width, y],
    180: [-1, 0, 0, -1, x + width, y + height],
    270: [0, -1, 1, 0, x, y + height],
  };
  const sideways = rotation % 180 !== 0;
  return { matrix: matrices[rotation]!, width: sideways ? height : width, height: sideways ? width : height };
}

/**
 * Stamps one page: the QR (with its white quiet zone) in the corner, `sizeMm` wide, kept
 * STAMP_EDGE_MARGIN_MM from both edges, and the text line beside it towards the page's middle, on
 * white so it stays legible over a footer. When the line does not fit beside the QR even at a
 * small size, it goes above the QR (below it for a top corner). A page too small for the stamp is
 * refused rather than covered.
 */
export function stampPage(
  page: PDFPage,
  pageNumber: number,
  options: { qr: StampQr; line: string; font: PDFFont; corner: StampCorner; sizeMm: number },
) {
  const { qr, line, font, corner } = options;
  const { matrix, width, height } = displayedSpace(page);
  const margin = STAMP_EDGE_MARGIN_MM * POINTS_PER_MM;
  const size = options.sizeMm * POINTS_PER_MM;
  const module = size / (qr.modules + 2 * QUIET_ZONE_MODULES);
  const gap = LINE_GAP_MM * POINTS_PER_MM;
  const right = corner.endsWith("right");
  const top = corner.startsWith("top");

  const widthAt = (fontSize: number) => font.widthOfTextAtSize(line, fontSize);
  const fitting = (room: number) => Math.min(LINE_FONT_SIZE, (LINE_FONT_SIZE * room) / widthAt(LINE_FONT_SIZE));
  const besideRoom = width - 2 * margin - size - gap;
  const besideSize = fitting(besideRoom);
  const beside = besideSize >= LINE_MIN_FONT_SIZE;
  const fontSize = beside ? besideSize : fitting(width - 2 * margin);
  const lineHeight = font.heightAtSize(fontSize);
  const neededHeight = size + 2 * margin + (beside ? 0 : lineHeight + gap);
  if (fontSize < LINE_MIN_FONT_SIZE || width < size + 2 * margin || height < neededHeight) {
    throw new PdfRefusedError(
      `Page ${pageNumber} is too small for a ${options.sizeMm} mm seal. Choose a smaller size, or seal a report with standard page sizes.`,
    );
  }

  // The QR square, including its quiet zone, in displayed coordinates.
  const qrX = right ? width - margin - size : margin;
  const qrY = top ? height - margin - size : margin;
  const textWidth = widthAt(fontSize);
  let textX: number;
  let textY: number;
  if (beside) {
    textX = right ? qrX - gap - textWidth : qrX + size + gap;
    // Level with the outer edge of the dark modules, so the line reads as the QR's caption.
    textY = top ? qrY + size - QUIET_ZONE_MODULES * module - lineHeight : qrY + QUIET_ZONE_MODULES * module;
  } else {
    textX = right ? width - margin - textWidth : margin;
    textY = top ? qrY - gap - lineHeight : qrY + size + gap;
  }
  const descent = Math.abs(
    font.heightAtSize(fontSize, { descender: true }) - font.heightAtSize(fontSize, { descender: false }),
  );
  const white = rgb(1, 1, 1);
  const pad = 1;

  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(...matrix));
  page.drawRectangle({ x: qrX, y: qrY, width: size, height: size, color: white });
  page.drawSvgPath(qr.path, {
    x: qrX + QUIET_ZONE_MODULES * module,
    y: qrY + size - QUIET_ZONE_MODULES * module,
    scale: module,
    color: rgb(0, 0, 0),
  });
  page.drawRectangle({
    x: textX - pad,
    y: textY - pad,
    width: textWidth + 2 * pad,
    height: lineHeight + 2 * pad,
    color: white,
  });
  page.drawText(line, { x: textX, y: textY + descent, size: fontSize, font, color: rgb(0.06, 0.09, 0.16) });
  page.pushOperators(popGraphicsState());
}
