import QRCode from "qrcode-svg";

/** qrcode-svg's documented model ("ASCII modules" in its README): its dark modules, read [row][column]. */
interface QrCodeSvgModel {
  qrcode: { modules: boolean[][] };
}

export interface QrMatrix {
  /** Dark modules, [row][column], without a quiet zone. */
  modules: boolean[][];
  /** Modules per side: 4 × version + 17. */
  size: number;
  /** The QR version (1–40) the content needed. */
  version: number;
}

/**
 * A code's QR matrix at error correction level M (a 60-character address fits version 4), read
 * through qrcode-svg's documented model, for everything that draws one: the Worker's SVG image and
 * the PDF stamp in the browser.
 */
export function qrMatrix(content: string): QrMatrix {
  const { modules } = (new QRCode({ content, ecl: "M", padding: 0 }) as unknown as QrCodeSvgModel).qrcode;
  return { modules, size: modules.length, version: (modules.length - 17) / 4 };
}

/** Each row's horizontal runs of dark modules, top row first: how both drawings merge modules into few shapes. */
export function* darkRuns(matrix: QrMatrix): Generator<{ row: number; start: number; end: number }> {
  for (const [row, cells] of matrix.modules.entries()) {
    let column = 0;
    while (column < matrix.size) {
      if (!cells[column]) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < matrix.size && cells[column]) column += 1;
      yield { row, start, end: column };
    }
  }
}
