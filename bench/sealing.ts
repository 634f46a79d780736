import { launchChromium } from "../scripts/ensure-chromium";
import { makeReportPdf } from "../tests/e2e/fixtures/pdf";
import { median } from "./measure";

/** The report the speed goals are stated for: 40 pages, about 10 MB (a scanned page's weight on each). */
export const SEAL_BENCH_PAGES = 40;
/** A different incompressible photo on every page, about 250 KB each: a scanned page's weight. */
const PHOTO_PIXELS = { width: 320, height: 265 };
const RUNS = 3;

export interface SealingResult {
  pages: number;
  fileBytes: number;
  sealedBytes: number;
  /** Median over RUNS, in ms: stamping and fingerprinting the sealed file, then checking a copy. */
  sealMs: number;
  checkMs: number;
  /** Whether the check's fingerprints of the sealed file equal those the sealer registered. */
  fingerprintsAgree: boolean;
}

/**
 * Sealing and checking in headless Chromium, on the dev server's own modules (web/lib/pdf, with
 * pdf.js in its worker, exactly as the screens load them): the report is served to the page, then
 * sealed and checked there, timed by the page's clock. The first run also loads the libraries, so
 * each figure is the median of RUNS after one warm-up run.
 */
export async function benchSealing(origin: string): Promise<SealingResult> {
  const report = await makeReportPdf({ pages: SEAL_BENCH_PAGES, withImage: "every-page", imagePixels: PHOTO_PIXELS });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.route(`${origin}/bench-report.pdf`, (route) =>
      route.fulfill({ status: 200, contentType: "application/pdf", body: Buffer.from(report) }),
    );
    await page.goto(`${origin}/`);
    const timings: { sealMs: number; checkMs: number; sealedBytes: number; agree: boolean }[] = [];
    for (let run = 0; run <= RUNS; run += 1) {
      timings.push(
        await page.evaluate(async (pageOrigin) => {
          const file = await (await fetch("/bench-report.pdf")).arrayBuffer();
          const sealModule = "/web/lib/pdf/seal.ts";
          const checkModule = "/web/lib/pdf/fingerprint.ts";
          const [{ sealReport }, { fingerprintReport }] = await Promise.all([import(sealModule), import(checkModule)]);
          const sealStart = performance.now();
          const sealed = await sealReport(file, {
            verificationAddress: `${pageOrigin}/v/AbCdEfGh12345678`,
            label: "VAL-2025-001",
            verificationCode: "VS-7K3M-9Q2P-4H",
            corner: "bottom-right",
            sizeMm: 22,
          });
          const sealMs = performance.now() - sealStart;
          const checkStart = performance.now();
          const copy = await fingerprintReport(sealed.bytes.slice().buffer);
          const checkMs = performance.now() - checkStart;
          return {
            sealMs,
            checkMs,
            sealedBytes: sealed.bytes.byteLength,
            agree: JSON.stringify(copy.pageFingerprints) === JSON.stringify(sealed.pageFingerprints),
          };
        }, origin),
      );
    }
    const measured = timings.slice(1);
    return {
      pages: SEAL_BENCH_PAGES,
      fileBytes: report.byteLength,
      sealedBytes: measured[0]!.sealedBytes,
      sealMs: median(measured.map((timing) => timing.sealMs)),
      checkMs: median(measured.map((timing) => timing.checkMs)),
      fingerprintsAgree: measured.every((timing) => timing.agree),
    };
  } finally {
    await browser.close();
  }
}
