import jsQR from "jsqr";
import { PNG } from "pngjs";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { apiCall } from "./browser";

/** What a phone's browser sends, and what a chat app's link preview sends (not counted). */
export const USER_AGENTS = {
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  ipad: "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  desktop:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  whatsapp: "WhatsApp/2.23.20.0",
} as const;

/** Decodes a PNG file's QR code in Node (pngjs + jsqr), independent of any browser. */
export function decodeQrPng(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

/** GETs a printed address the way a phone's browser does after scanning it. */
export async function scanLikePhone(address: string, userAgent: string = USER_AGENTS.iphone) {
  const res = await fetch(address, { headers: { "User-Agent": userAgent, Accept: "text/html" } });
  return { status: res.status, html: await res.text() };
}

/** The "Scan count" a server-rendered certificate shows. */
export function scanCountIn(html: string): number {
  const match = /<dt>Scan count<\/dt>\s*<dd>(\d+)<\/dd>/.exec(html);
  if (!match) throw new Error("no scan count in the certificate page");
  return Number(match[1]);
}

/** The public certificate JSON (counts a scan, like any request for it). */
export const certificateViaApi = (token: string) =>
  apiCall<Record<string, unknown>>(`/api/public/certificates/${token}`);

/** The spec's /qr-view address for a JSON claim (SPEC 2: `data` holds URL-encoded JSON). */
export const qrViewPath = (claim: unknown) => `/qr-view?data=${encodeURIComponent(JSON.stringify(claim))}`;

/** The value shown beside a label in a certificate's definition list (the SPA page or the server page). */
export const certificateValue = (page: Page, label: string) =>
  page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");

/** The page has no sideways scrolling at its viewport width (readable on a 360 px phone). */
export async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}
