import jsQR from "jsqr";

/**
 * Reads a QR code from an image's RGBA pixels (a phone's photo of a printed page, or a rasterised
 * page): the whole image first, then each quarter, since a small code in a page corner among lines
 * of text is found more reliably alone. The verifier reads the photo with it, and the tests read
 * printed pages with it.
 */
export function findQr(pixels: Uint8ClampedArray, width: number, height: number): string | null {
  const whole = jsQR(pixels, width, height);
  if (whole) return whole.data;
  const halfWidth = Math.ceil(width / 2);
  const halfHeight = Math.ceil(height / 2);
  for (const [left, top] of [
    [halfWidth, halfHeight],
    [0, halfHeight],
    [halfWidth, 0],
    [0, 0],
  ] as const) {
    const cropWidth = Math.min(halfWidth, width - left);
    const cropHeight = Math.min(halfHeight, height - top);
    const crop = new Uint8ClampedArray(cropWidth * cropHeight * 4);
    for (let row = 0; row < cropHeight; row += 1) {
      const from = ((top + row) * width + left) * 4;
      crop.set(pixels.subarray(from, from + cropWidth * 4), row * cropWidth * 4);
    }
    const found = jsQR(crop, cropWidth, cropHeight);
    if (found) return found.data;
  }
  return null;
}

export type PrintedCode = { matches: true; page: number | null } | { matches: false; address: string };

/**
 * Whether a printed page's QR (its text) names this certificate: its address itself (a code's QR),
 * or its address and a page of its sealed report, 1 to the sealed page count.
 */
export function printedCodeOf(
  qrText: string,
  certificate: { code: { address: string }; sealedReport: { pageCount: number } | null },
): PrintedCode {
  const { address } = certificate.code;
  if (qrText === address) return { matches: true, page: null };
  const page = qrText.startsWith(`${address}/`) ? qrText.slice(address.length + 1) : "";
  const pageCount = certificate.sealedReport?.pageCount ?? 0;
  if (/^[1-9][0-9]{0,3}$/.test(page) && Number(page) <= pageCount) return { matches: true, page: Number(page) };
  return { matches: false, address: qrText };
}
