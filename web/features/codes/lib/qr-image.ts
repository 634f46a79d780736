import { downloadBlob } from "#web/lib/download.ts";
import { fileSafeStem } from "#web/lib/file-names.ts";

/**
 * The code image as a print-quality PNG (or SVG), drawn in the browser from the server's SVG so it
 * pastes sharply into Word and PDF reports. The SVG's viewBox already holds the 4-module white
 * quiet zone (worker/lib/qr.ts), so it is drawn edge to edge at a whole number of pixels per module.
 * Below the quiet zone, on its own line, the verification code is printed the way labels carry it,
 * so a reader without a camera can type it on /verify.
 */
const PRINT_MIN_PIXELS = 1024;

/** What an image is drawn from: the server's SVG data URL and the verification code as the API prints it ("VS-7K3M-9Q2P-4H"). */
export interface QrImageSource {
  svgDataUrl: string;
  verificationCode: string;
}

/** The caption's size as a share of the QR square's width, and the band it sits in as a multiple of it. */
const CAPTION_FONT_SHARE = 1 / 16;
const CAPTION_BAND_FONTS = 1.8;
/** A system monospace first (look-alike characters differ in it), then sans as a fallback. */
const CAPTION_FONTS = "ui-monospace, 'SF Mono', Menlo, Consolas, 'DejaVu Sans Mono', 'Liberation Mono', monospace";

function svgText(svgDataUrl: string): string {
  const [header, payload = ""] = svgDataUrl.split(",", 2);
  return header?.includes(";base64") ? atob(payload) : decodeURIComponent(payload);
}

/** Width of the SVG's viewBox in modules (quiet zone included). */
function viewBoxModules(svg: string): number | null {
  const width = Number(/viewBox="\s*[\d.-]+\s+[\d.-]+\s+([\d.]+)/.exec(svg)?.[1]);
  return Number.isFinite(width) && width > 0 ? width : null;
}

async function loadImage(src: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.src = src;
  await image.decode();
  return image;
}

/**
 * Printers and scanners read pure black on white best: the caption's anti-aliased edges are
 * snapped to black or white, as the QR above it already is, so the whole file stays two-tone.
 */
function snapToBlackAndWhite(context: CanvasRenderingContext2D, top: number, width: number, height: number) {
  const band = context.getImageData(0, top, width, height);
  const { data } = band;
  for (let i = 0; i < data.length; i += 4) {
    const light = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]! >= 160 ? 255 : 0;
    data[i] = data[i + 1] = data[i + 2] = light;
    data[i + 3] = 255;
  }
  context.putImageData(band, 0, top);
}

/**
 * The QR square at least 1024 px wide, every module the same whole number of pixels, no
 * smoothing; the verification code centred in a white band below it.
 */
export async function captionedQrPng({ svgDataUrl, verificationCode }: QrImageSource): Promise<Blob> {
  const image = await loadImage(svgDataUrl);
  const modules = viewBoxModules(svgText(svgDataUrl)) ?? image.naturalWidth;
  const size = Math.ceil(PRINT_MIN_PIXELS / modules) * modules;
  const fontSize = Math.round(size * CAPTION_FONT_SHARE);
  const band = Math.round(fontSize * CAPTION_BAND_FONTS);
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size + band;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("Canvas is not available");
  context.imageSmoothingEnabled = false;
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, size, size);
  context.fillStyle = "#000";
  context.font = `600 ${fontSize}px ${CAPTION_FONTS}`;
  context.textAlign = "center";
  context.textBaseline = "middle";
  context.fillText(verificationCode, size / 2, size + band / 2, size);
  snapToBlackAndWhite(context, size, size, band);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("PNG encoding failed"))), "image/png"),
  );
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The same image as a vector: the server's QR drawing unchanged (crisp edges, its quiet zone), a
 * white band below it and the verification code as real SVG text, so it scales to any print size
 * and the code can be selected and searched in the document it is pasted into.
 */
export function captionedQrSvg({ svgDataUrl, verificationCode }: QrImageSource): string {
  const svg = svgText(svgDataUrl);
  const modules = viewBoxModules(svg);
  const inner = svg.replace(/^\s*<svg[^>]*>/, "").replace(/<\/svg>\s*$/, "");
  if (!modules || inner === svg) throw new Error("The QR image could not be read");
  const fontSize = modules * CAPTION_FONT_SHARE;
  const band = fontSize * CAPTION_BAND_FONTS;
  const height = modules + band;
  const round = (value: number) => Number(value.toFixed(3));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${modules} ${round(height)}" ` +
    `width="${modules * 8}" height="${round(height * 8)}">` +
    `<rect width="${modules}" height="${round(height)}" fill="#fff"/>` +
    `<g shape-rendering="crispEdges">${inner}</g>` +
    `<text x="${round(modules / 2)}" y="${round(modules + band / 2)}" text-anchor="middle" dominant-baseline="central" ` +
    `font-family="${CAPTION_FONTS.replace(/'/g, "")}" font-size="${round(fontSize)}" font-weight="600" fill="#000">` +
    `${escapeXml(verificationCode)}</text></svg>`
  );
}

/**
 * Puts the PNG on the clipboard. The blob is handed over as a promise so the write starts inside
 * the click (Safari refuses clipboard writes that begin after an await).
 */
export async function copyQrPng(source: QrImageSource): Promise<void> {
  if (!navigator.clipboard?.write || typeof ClipboardItem === "undefined") {
    throw new Error("This browser cannot copy images");
  }
  await navigator.clipboard.write([new ClipboardItem({ "image/png": captionedQrPng(source) })]);
}

export async function downloadQrPng(source: QrImageSource, fileName: string): Promise<void> {
  downloadBlob(await captionedQrPng(source), fileName);
}

export function downloadQrSvg(source: QrImageSource, fileName: string): void {
  downloadBlob(new Blob([captionedQrSvg(source)], { type: "image/svg+xml" }), fileName);
}

/** Download names: qr-code-{id}.png (or .svg), or the reference on the detail page, made file-safe. */
export const qrFileName = (name: string | number, extension: "png" | "svg" = "png") =>
  `qr-code-${fileSafeStem(name) || "image"}.${extension}`;
