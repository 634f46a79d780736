import QRCode from "qrcode-svg";

const QUIET_ZONE = 4;

export interface RenderedQr {
  svg: string;
  version: number;
  modules: number;
}

/**
 * The QR image as a compact SVG: one stroked path where each row's dark modules are merged into
 * horizontal runs drawn with relative moves (a 1-unit butt-capped stroke is exactly a module row),
 * with a white quiet zone of 4 modules. ECC level M keeps a 60-character address at version 4.
 */
export function renderQrSvg(content: string): RenderedQr {
  const qr = new QRCode({ content, ecl: "M", padding: 0, join: true });
  const model = (qr as unknown as { qrcode: { modules: boolean[][]; typeNumber: number } }).qrcode;
  const count = model.modules.length;
  let path = "";
  let pen: { x: number; y: number } | null = null;
  model.modules.forEach((row, y) => {
    let x = 0;
    while (x < count) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < count && row[x]) x += 1;
      path += pen
        ? `m${start - pen.x} ${y - pen.y}h${x - start}`
        : `M${start + QUIET_ZONE} ${y + QUIET_ZONE + 0.5}h${x - start}`;
      pen = { x, y };
    }
  });
  const size = count + QUIET_ZONE * 2;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">` +
    `<rect width="${size}" height="${size}" fill="#fff"/><path stroke="#000" d="${path}"/></svg>`;
  return { svg, version: model.typeNumber, modules: count };
}

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${btoa(svg)}`;
}
