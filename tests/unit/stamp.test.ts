import fc from "fast-check";
import jsQR from "jsqr";
import { describe, expect, it } from "vitest";
import { SEAL_MAX_PAGES } from "#schema/validation/seals.ts";
import { PUBLIC_ORIGIN_MAX_LENGTH } from "#worker/config.ts";
import { PdfRefusedError } from "#web/lib/pdf/errors.ts";
import { qrForPage, STAMP_MAX_QR_VERSION } from "#web/lib/pdf/stamp.ts";

const PIXELS_PER_MODULE = 2;
const QUIET_ZONE = 4;

/** The stamp's path drawn as an RGBA bitmap (dark runs on white, with the quiet zone) and scanned with jsQR. */
function scan({ path, modules }: { path: string; modules: number }): string | null {
  const side = (modules + 2 * QUIET_ZONE) * PIXELS_PER_MODULE;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [, x, y, length] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let column = Number(x); column < Number(x) + Number(length); column += 1) {
      for (let dy = 0; dy < PIXELS_PER_MODULE; dy += 1) {
        for (let dx = 0; dx < PIXELS_PER_MODULE; dx += 1) {
          const px = (column + QUIET_ZONE) * PIXELS_PER_MODULE + dx;
          const py = (Number(y) + QUIET_ZONE) * PIXELS_PER_MODULE + dy;
          pixels.fill(0, (py * side + px) * 4, (py * side + px) * 4 + 3);
        }
      }
    }
  }
  return jsQR(pixels, side, side)?.data ?? null;
}

/** The longest origin a deployment may set (worker/config.ts), so the longest page address it can print. */
const longestOrigin = `https://${"v".repeat(PUBLIC_ORIGIN_MAX_LENGTH - "https://".length)}`;
const token = fc.stringMatching(/^[A-Za-z0-9]{16}$/);

describe("qrForPage", () => {
  it("draws each row's dark modules as 1-module-high runs, starting with the finder pattern", () => {
    const qr = qrForPage("https://verify.example.com/v/Ab3dEf6hIj9kLm2n/1");
    expect(qr.path).toMatch(/^(M\d+ \d+h\d+v1h-\d+z)+$/);
    // Row 0 of any QR code opens with the top-left finder's 7 dark modules, and ends with the top-right one's.
    expect(qr.path.startsWith("M0 0h7v1h-7z")).toBe(true);
    expect(qr.path).toContain(`M${qr.modules - 7} 0h7v1h-7z`);
  });

  it("encodes the page's address so a phone reads it back", () => {
    const address = "https://verify.example.com/v/Ab3dEf6hIj9kLm2n/12";
    expect(scan(qrForPage(address))).toBe(address);
  });

  it("fits every page address of the longest allowed origin into the small stamp's QR version", () => {
    fc.assert(
      fc.property(token, fc.integer({ min: 1, max: SEAL_MAX_PAGES }), (publicToken, page) => {
        const address = `${longestOrigin}/v/${publicToken}/${page}`;
        const qr = qrForPage(address);
        expect(qr.modules).toBeLessThanOrEqual(17 + 4 * STAMP_MAX_QR_VERSION);
        expect(scan(qr)).toBe(address);
      }),
      { numRuns: 10 },
    );
  });

  it("refuses an address too long for the stamp's QR version instead of printing a denser code", () => {
    const tooLong = `https://${"v".repeat(60)}/v/Ab3dEf6hIj9kLm2n/300`;
    expect(() => qrForPage(tooLong)).toThrow(PdfRefusedError);
    expect(() => qrForPage(tooLong)).toThrow(`The verification address ${tooLong} is too long`);
  });
});
