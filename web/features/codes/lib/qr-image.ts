import { downloadBlob, fileSafeStem } from "../../../lib/download";

/**
 * The code image as a print-quality PNG, drawn in the browser from the server's SVG so it pastes
 * sharply into Word and PDF reports. The SVG's viewBox already holds the 4-module white quiet
 * zone (worker/lib/qr.ts), so it is drawn edge to edge at a whole number of pixels per module.
 */
export const PRINT_MIN_PIXELS = 1024;

/** Width of the SVG's viewBox in modules (quiet zone included), read from the data URL. */
function viewBoxModules(svgDataUrl: string): number | null {
  const [header, payload = ""] = svgDataUrl.split(",", 2);
  const svg = header?.includes(";base64") ? atob(payload) : decodeURIComponent(payload);
  const width = Number(/viewBox="\s*[\d.-]+\s+[\d.-]+\s+([\d.]+)/.exec(svg)?.[1]);
  return Number.isFinite(width) && width > 0 ? width : null;
}

async function loadImage(src: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.src = src;
  await image.decode();
  return image;
}

/** At least 1024 px square, every module the same whole number of pixels, no smoothing. */
export async function renderQrPng(svgDataUrl: string): Promise<Blob> {
  const image = await loadImage(svgDataUrl);
  const modules = viewBoxModules(svgDataUrl) ?? image.naturalWidth;
  const size = Math.ceil(PRINT_MIN_PIXELS / modules) * modules;
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("Canvas is not available");
  context.imageSmoothingEnabled = false;
  context.fillStyle = "#fff";
  context.fillRect(0, 0, size, size);
  context.drawImage(image, 0, 0, size, size);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("PNG encoding failed"))), "image/png"),
  );
}

/**
 * Puts the PNG on the clipboard. The blob is handed over as a promise so the write starts inside
 * the click (Safari refuses clipboard writes that begin after an await).
 */
export async function copyQrPng(svgDataUrl: string): Promise<void> {
  if (!navigator.clipboard?.write || typeof ClipboardItem === "undefined") {
    throw new Error("This browser cannot copy images");
  }
  await navigator.clipboard.write([new ClipboardItem({ "image/png": renderQrPng(svgDataUrl) })]);
}

export async function downloadQrPng(svgDataUrl: string, fileName: string): Promise<void> {
  downloadBlob(await renderQrPng(svgDataUrl), fileName);
}

/** Download names: qr-code-{id}.png, or the reference on the detail page, made file-safe. */
export const qrFileName = (name: string | number) => `qr-code-${fileSafeStem(name) || "image"}.png`;
