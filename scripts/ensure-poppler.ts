import { aptInstall } from "./lib/apt";
import { existsSync } from "node:fs";

/**
 * The sealed-report tests read PDFs the way a printer and a lender's tools do: poppler's pdftoppm
 * rasterises pages (then a QR reader scans them), pdfsig reports signatures, and qpdf encrypts
 * files and openssl signs one for the refusal tests. Install Debian's packages with apt when a tool is missing, as CI
 * starts from a bare Node machine.
 */
export const PDFTOPPM_PATH = "/usr/bin/pdftoppm";
/** In the same package as pdftoppm (poppler-utils). */
export const PDFTOTEXT_PATH = "/usr/bin/pdftotext";
/** Also poppler-utils: lists and saves a PDF's attachments. */
export const PDFDETACH_PATH = "/usr/bin/pdfdetach";
/** Also poppler-utils: a PDF's document information (title, dates) as a viewer's properties show it. */
export const PDFINFO_PATH = "/usr/bin/pdfinfo";
export const QPDF_PATH = "/usr/bin/qpdf";
/** The signed-PDF fixture is signed with a certificate openssl makes. */
const OPENSSL_PATH = "/usr/bin/openssl";

const missing = [
  ...(existsSync(PDFTOPPM_PATH) ? [] : ["poppler-utils"]),
  ...(existsSync(QPDF_PATH) ? [] : ["qpdf"]),
  ...(existsSync(OPENSSL_PATH) ? [] : ["openssl"]),
];

if (missing.length) {
  console.log(`Installing Debian's ${missing.join(" and ")} (pdftoppm, pdfsig, qpdf)...`);
  aptInstall(missing);
}
