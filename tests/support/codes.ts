import { readFile } from "node:fs/promises";
import jsQR from "jsqr";
import type { Download, Page } from "playwright-core";
import { expect } from "vitest";
import { apiCall } from "./browser";

export interface CreatedCode {
  id: number;
  publicToken: string;
  qrCodeData: string;
  qrCodeDataUrl: string;
  propertyReference: string | null;
}

/** A valuer of the token's company, added through the real API. */
export const createValuerViaApi = (token: string, valuer: Record<string, unknown> = {}) =>
  apiCall<{ id: number; name: string }>("/api/valuers", {
    token,
    body: { name: "Jane Wanjiku", phone: "+254700111222", qualification: "MRICS", ...valuer },
  });

/** A Real Estate code by default; any field can be overridden. */
export const createCodeViaApi = (token: string, valuerId: number, code: Record<string, unknown> = {}) =>
  apiCall<CreatedCode>("/api/qr-codes", {
    token,
    body: {
      propertyType: "Real Estate",
      propertyAddress: "12 Riverside Drive, Westlands, Nairobi",
      propertyReference: "VAL-2025-001",
      propertyArea: "Four-bedroom maisonette on a half-acre plot",
      propertySize: "2450",
      propertySizeUnit: "sqft",
      landSize: "0.5",
      landSizeUnit: "acres",
      marketValue: 45000000,
      currency: "KES",
      valuationDate: "15/01/2025",
      valuerId,
      ...code,
    },
  });

export interface PngFacts {
  width: number;
  height: number;
  /** Every pixel pure black or pure white: drawn with crisp edges, no smoothing. */
  blackAndWhiteOnly: boolean;
  /** The white margin measured in modules (the top-left finder pattern is 7 modules wide). */
  quietZoneModules: number;
  decoded: string | null;
}

const PIXELS_PER_MODULE_FOR_DECODING = 4;

/**
 * Reads a PNG in the real browser: its size, its pixels and its quiet zone; then a QR reader
 * (jsQR) reads it, scaled to a whole 4 px per module so the reader sees exactly what was printed.
 */
export async function inspectQrPng(page: Page, png: Buffer): Promise<PngFacts> {
  const src = `data:image/png;base64,${png.toString("base64")}`;
  const { pixels, size, ...facts } = await page.evaluate(
    async ({ src, perModule }) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      const { naturalWidth: width, naturalHeight: height } = image;
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext("2d")!;
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, width, height);
      let blackAndWhiteOnly = true;
      let firstDark = -1;
      for (let i = 0; i < data.length; i += 4) {
        const black = data[i] === 0 && data[i + 1] === 0 && data[i + 2] === 0;
        const white = data[i] === 255 && data[i + 1] === 255 && data[i + 2] === 255;
        if (!black && !white) blackAndWhiteOnly = false;
        if (black && firstDark < 0) firstDark = i / 4;
      }
      const margin = firstDark % width;
      const row = Math.floor(firstDark / width);
      let run = 0;
      while (data[(row * width + margin + run) * 4] === 0) run += 1;
      const modulePixels = run / 7;
      const size = Math.round(width / modulePixels) * perModule;
      const small = document.createElement("canvas");
      small.width = size;
      small.height = size;
      const smallContext = small.getContext("2d")!;
      smallContext.imageSmoothingEnabled = false;
      smallContext.drawImage(image, 0, 0, size, size);
      const rgba = smallContext.getImageData(0, 0, size, size).data;
      let binary = "";
      for (const byte of rgba) binary += String.fromCharCode(byte);
      return { width, height, blackAndWhiteOnly, quietZoneModules: margin / modulePixels, size, pixels: btoa(binary) };
    },
    { src, perModule: PIXELS_PER_MODULE_FOR_DECODING },
  );
  const rgba = Uint8ClampedArray.from(Buffer.from(pixels, "base64"));
  return { ...facts, decoded: jsQR(rgba, size, size)?.data ?? null };
}

/** A browser download: its suggested name and bytes. */
export async function downloadedFile(download: Download) {
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}

/** The PNG on the system clipboard (the Copy button's result), read back in the page. */
export async function clipboardPng(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    const blob = await item!.getType("image/png");
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = "";
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  return Buffer.from(base64, "base64");
}

/** The print-quality promise: ≥ 1024 px square, crisp, a 4-module quiet zone, and it reads as the address. */
export async function expectPrintQualityQr(page: Page, png: Buffer, address: string) {
  expect([...png.subarray(1, 4)].map((byte) => String.fromCharCode(byte)).join("")).toBe("PNG");
  const facts = await inspectQrPng(page, png);
  expect(facts.width).toBeGreaterThanOrEqual(1024);
  expect(facts.height).toBe(facts.width);
  expect(facts.blackAndWhiteOnly).toBe(true);
  expect(facts.quietZoneModules).toBe(4);
  expect(facts.decoded).toBe(address);
}

/** Fills a valid Real Estate code; the location is picked from the suggestions with the keyboard. */
export async function fillRealEstateCode(page: Page) {
  await page.getByLabel("Property Type").selectOption("Real Estate");
  const location = page.getByRole("combobox", { name: "Property Location" });
  await location.pressSequentially("Westla");
  await page.getByRole("option", { name: "Westlands, Nairobi" }).waitFor();
  await location.press("ArrowDown");
  await location.press("Enter");
  expect(await location.inputValue()).toBe("Westlands, Nairobi");
  await page.getByLabel("Property Reference").fill("VAL-2025-077");
  await page.getByLabel("Property Description").fill("Three-bedroom apartment");
  await page.getByLabel("Building Size", { exact: true }).fill("1800");
  await page.getByLabel("Valuation Date").fill("15/01/2025");
  await page.getByLabel("Market Value").fill("1250000");
  await page.getByLabel("Signing Valuer").selectOption({ label: "Jane Wanjiku (MRICS)" });
}
