import { Resvg } from "@resvg/resvg-js";
import jsQR from "jsqr";
import { renderQrSvg } from "../worker/lib/qr";
import { randomToken } from "../worker/lib/random";
import { median, timeBatches } from "./measure";

/**
 * A plausible production origin; both addresses use it, so the comparison is about what follows
 * the host: our short token path against the seed design's certificate JSON in the query string.
 */
export const BENCH_ORIGIN = "https://verify.valuseal.com";
/** The smallest edge of the PNG the PNG path produces (print quality for a report page). */
const PNG_MIN_PX = 1024;

/** The full public certificate payload of a realistic Nairobi valuation. */
export const SEED_CERTIFICATE = {
  propertyAddress: "Plot 14, Riverside Drive, Westlands, Nairobi",
  propertyReference: "LR No. 209/12345/7",
  propertyType: "Real Estate",
  propertySize: "2450.00",
  propertySizeUnit: "sqft",
  landSize: "0.5000",
  landSizeUnit: "acres",
  marketValue: "45000000.00",
  currency: "KES",
  valuationDate: "2025-01-15T00:00:00.000Z",
  signingValuer: "Jane Wanjiku Mwangi",
  valuerQualification: "MRICS, Registered Valuer (VRB Kenya)",
  valuerPhone: "+254 712 345 678",
  companyName: "Riverside Property Valuers Ltd",
  companyEmail: "valuations@riversidevaluers.co.ke",
  qrCodeId: 10427,
  verificationCount: 0,
};

export interface QrPathResult {
  label: string;
  address: string;
  version: number;
  modules: number;
  svgBytes: number;
  svgMsPerCode: number;
  svgCodesPerSecond: number;
  pngPixels: number;
  pngBytes: number;
  pngMsPerCode: number;
  pngCodesPerSecond: number;
  /** The PNG read back with a QR decoder gives the address again. */
  decodes: boolean;
}

/** Module-aligned size of at least PNG_MIN_PX, so every module is the same whole number of pixels. */
function pngWidth(svg: string): number {
  const size = Number(/viewBox="0 0 (\d+) /.exec(svg)?.[1]);
  return size * Math.ceil(PNG_MIN_PX / size);
}

function rasterise(svg: string) {
  return new Resvg(svg, { fitTo: { mode: "width", value: pngWidth(svg) }, background: "#ffffff" }).render();
}

function renderPng(address: string): Buffer {
  return rasterise(renderQrSvg(address).svg).asPng();
}

function measurePath(label: string, address: string): QrPathResult {
  const rendered = renderQrSvg(address);
  const image = rasterise(rendered.svg);
  const decoded = jsQR(new Uint8ClampedArray(image.pixels), image.width, image.height);
  const svgMs = median(timeBatches(() => renderQrSvg(address), 1500));
  const pngMs = median(timeBatches(() => renderPng(address), 2500, 250));
  return {
    label,
    address,
    version: rendered.version,
    modules: rendered.modules,
    svgBytes: Buffer.byteLength(rendered.svg),
    svgMsPerCode: svgMs,
    svgCodesPerSecond: 1000 / svgMs,
    pngPixels: image.width,
    pngBytes: renderPng(address).length,
    pngMsPerCode: pngMs,
    pngCodesPerSecond: 1000 / pngMs,
    decodes: decoded?.data === address,
  };
}

export function ourAddress(): string {
  return `${BENCH_ORIGIN}/v/${randomToken(16)}`;
}

export function seedDesignAddress(): string {
  return `${BENCH_ORIGIN}/qr-view?data=${encodeURIComponent(JSON.stringify(SEED_CERTIFICATE))}`;
}

/** Ours and the seed design's, one after the other in the same process. */
export function benchQrGeneration(): QrPathResult[] {
  return [
    measurePath("ValuSeal verification address", ourAddress()),
    measurePath("Seed design /qr-view?data=<certificate JSON>", seedDesignAddress()),
  ];
}
