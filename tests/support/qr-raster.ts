import jsQR from "jsqr";

const SCALE = 8;

/**
 * Rasterises the server's QR SVG (one stroked path of horizontal runs: M/m moves and h lines, see
 * worker/lib/qr.ts) to pixels and reads it with a QR decoder, as a camera would. Runs in workerd.
 */
export function decodeQrSvgDataUrl(dataUrl: string): string | null {
  const svg = atob(dataUrl.replace("data:image/svg+xml;base64,", ""));
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  const path = /<path [^>]*d="([^"]+)"/.exec(svg)?.[1] ?? "";
  const width = size * SCALE;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  let x = 0;
  let y = 0;
  for (const [, command, a, b] of path.matchAll(/([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?/g)) {
    const first = Number(a);
    if (command === "M") [x, y] = [first, Number(b)];
    else if (command === "m") [x, y] = [x + first, y + Number(b)];
    else {
      paintRow(pixels, width, Math.floor(y), x, x + first);
      x += first;
    }
  }
  return jsQR(pixels, width, width)?.data ?? null;
}

function paintRow(pixels: Uint8ClampedArray, width: number, row: number, from: number, to: number) {
  for (let py = row * SCALE; py < (row + 1) * SCALE; py++) {
    for (let px = from * SCALE; px < to * SCALE; px++) pixels.fill(0, (py * width + px) * 4, (py * width + px) * 4 + 3);
  }
}
