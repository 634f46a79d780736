import { base64url } from "jose";
import type { ScanKind } from "#schema/limits/scans.ts";
import type { DeviceClass } from "#schema/validation/scans.ts";

/**
 * Who scanned, as far as the scan log keeps it: coarse place, device class and an unlinkable hash;
 * and whether a person scanned or a link preview fetched the address (logged, never counted).
 */
export interface Visit {
  kind: ScanKind;
  country: string | null;
  city: string | null;
  deviceClass: DeviceClass;
  visitorHash: string;
}

/**
 * Link previews and crawlers fetch the address when it is pasted into a chat or found on a page:
 * nobody looked at the certificate, so they are answered and logged as previews, but not counted.
 */
const PREVIEW_AGENTS =
  /WhatsApp|facebookexternalhit|Facebot|Slackbot|Slack-ImgProxy|Twitterbot|TelegramBot|LinkedInBot|Googlebot|Google-InspectionTool|GoogleOther|AdsBot-Google|bingbot|BingPreview|Discordbot|Applebot|redditbot|Pinterestbot|SkypeUriPreview|Embedly|Iframely|vkShare|Mastodon|YandexBot|Baiduspider|DuckDuckBot|Bytespider|PetalBot|SemrushBot|AhrefsBot|GPTBot|ClaudeBot|bot\/\d|crawler|spider|\+https?:\/\//i;

/** Scripted HTTP clients: a real request (curl counts), but not a person's phone or computer. */
const SCRIPTED_AGENTS =
  /^(curl|Wget|python-requests|Python-urllib|aiohttp|Go-http-client|okhttp|axios|node-fetch|undici|Java\/|Apache-HttpClient|libwww-perl|PostmanRuntime|HTTPie|Deno|Bun)/i;

const TABLET_AGENTS = /iPad|Tablet|PlayBook|Silk\/|Kindle|Android(?!.*Mobile)/i;
const MOBILE_AGENTS = /Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini|BlackBerry|KaiOS/i;
const DESKTOP_AGENTS = /Windows NT|Macintosh|X11|CrOS|Linux x86_64/i;

export function isLinkPreview(userAgent: string): boolean {
  return PREVIEW_AGENTS.test(userAgent);
}

/** Coarse on purpose: the scan log needs "phone or computer", not a fingerprint. */
export function classifyDevice(userAgent: string): DeviceClass {
  if (!userAgent) return "other";
  if (isLinkPreview(userAgent) || SCRIPTED_AGENTS.test(userAgent)) return "bot";
  if (TABLET_AGENTS.test(userAgent)) return "tablet";
  if (MOBILE_AGENTS.test(userAgent)) return "mobile";
  if (DESKTOP_AGENTS.test(userAgent)) return "desktop";
  return "other";
}

const encoder = new TextEncoder();

/**
 * The network a scan is counted for: an IPv6 /64 (one phone or home, `clientNetwork`) or an IPv4
 * /24. Never the browser's User-Agent, which a script changes at will: 50 of them from one address
 * were 50 visitors (decision 026, amended 2026-12-03).
 */
export function visitorNetwork(network: string): string {
  const ipv4 = /^(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/.exec(network);
  return ipv4 ? `${ipv4[1]}.0/24` : network;
}

/**
 * SHA-256 of the year's salt (worker/services/scans/visitor-salts.ts) and the visitor's network,
 * its first 128 bits in base64url (22 characters): counts unique scanners without keeping the
 * address, and without a way to match the hash to a network once the salt is deleted. 128 bits
 * tell a code's visitors apart as surely as 256 (two of a million visitors share one with a chance
 * of about 10⁻²⁷), and a new visitor's scan stores it three times (the scan, the visitor's row and
 * its key): 22 characters instead of 64 hex is about 130 bytes less per such scan (decision 072).
 */
export async function visitorHash(salt: Uint8Array, network: string): Promise<string> {
  const visitor = encoder.encode(`\n${visitorNetwork(network)}`);
  const input = new Uint8Array(salt.length + visitor.length);
  input.set(salt);
  input.set(visitor, salt.length);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", input));
  return base64url.encode(digest.subarray(0, VISITOR_HASH_BYTES));
}

/** How much of the SHA-256 the visitor hash keeps: 128 bits. */
export const VISITOR_HASH_BYTES = 16;

export function toHex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
