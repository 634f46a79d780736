import { darkRuns, qrMatrix } from "#schema/qr-matrix.ts";

const QUIET_ZONE = 4;

interface RenderedQr {
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
  const matrix = qrMatrix(content);
  let path = "";
  let pen: { x: number; y: number } | null = null;
  for (const { row: y, start, end } of darkRuns(matrix)) {
    path += pen
      ? `m${start - pen.x} ${y - pen.y}h${end - start}`
      : `M${start + QUIET_ZONE} ${y + QUIET_ZONE + 0.5}h${end - start}`;
    pen = { x: end, y };
  }
  const size = matrix.size + QUIET_ZONE * 2;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">` +
    `<rect width="${size}" height="${size}" fill="#fff"/><path stroke="#000" d="${path}"/></svg>`;
  return { svg, version: matrix.version, modules: matrix.size };
}

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${btoa(svg)}`;
}
