import type { PublicCertificate } from "#schema/validation/certificate.ts";

/** What the `data` parameter of /qr-view holds: nothing, something unreadable, or a claim to check. */
type QrViewInput =
  | { kind: "missing" }
  | { kind: "malformed" }
  /** token is null when the JSON names no code the server could look up. */
  | { kind: "claim"; token: string | null; claim: Record<string, unknown> };

type Claim = Record<string, unknown>;

const isClaim = (value: unknown): value is Claim =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function decodeOnce(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** A public address as printed in the codes: …/v/<token>. */
const SCAN_PATH = /\/v\/([^/?#\s]+)/;

/** Fields that name the code directly; a public address anywhere in the JSON also does. */
const TOKEN_FIELDS = ["qrCodeId", "publicToken", "token"] as const;

function tokenFromAddress(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const match = SCAN_PATH.exec(value);
  return match?.[1] ? (decodeOnce(match[1]) ?? match[1]) : null;
}

/**
 * The code the JSON points at. Only the identifier is taken from it: the certificate shown is
 * always the server's record, and the server alone decides whether the identifier is real.
 */
function claimedToken(claim: Claim): string | null {
  for (const field of TOKEN_FIELDS) {
    const value = claim[field];
    if (typeof value === "number" && Number.isFinite(value)) return String(value);
    if (typeof value === "string" && value.trim()) return tokenFromAddress(value) ?? value.trim();
  }
  for (const value of Object.values(claim)) {
    const token = tokenFromAddress(value);
    if (token) return token;
  }
  return null;
}

/**
 * Reads `data`. The router has already undone the URL encoding once; a link that was encoded
 * twice (as some generators do) is read too. JSON that is not an object is not a certificate.
 */
export function readQrViewData(data: string | null): QrViewInput {
  if (data === null || data.trim() === "") return { kind: "missing" };
  let parsed = parseJson(data);
  if (parsed === undefined) parsed = parseJson(decodeOnce(data));
  if (!isClaim(parsed)) return { kind: "malformed" };
  return { kind: "claim", token: claimedToken(parsed), claim: parsed };
}

type Comparison = "text" | "number" | "day" | "ignored";

/**
 * How each field of the record is compared. The count and the revocation fields describe the
 * code's state now, not the valuation, so they are not judged: they change after a link is made
 * (a link saved before a revocation must still lead to the "Revoked" notice), and they are always
 * shown from the server anyway.
 */
const FIELD_COMPARISONS: Record<keyof PublicCertificate, Comparison> = {
  propertyAddress: "text",
  propertyReference: "text",
  propertyArea: "text",
  propertyType: "text",
  propertySize: "number",
  propertySizeUnit: "text",
  landSize: "number",
  landSizeUnit: "text",
  marketValue: "number",
  currency: "text",
  valuationDate: "day",
  signingValuer: "text",
  valuerQualification: "text",
  valuerPhone: "text",
  companyName: "text",
  companyEmail: "text",
  companyPhone: "text",
  issuerRegistration: "text",
  qrCodeId: "text",
  verificationCount: "ignored",
  status: "ignored",
  revokedAt: "ignored",
  revokedReason: "ignored",
  supersededBy: "ignored",
  valuerRegistrationNumber: "text",
  // Whether ValuSeal vouches for the issuer is the platform's to say, never the link's.
  issuerVerified: "ignored",
  issuerTrust: "ignored",
  issuerVerifiedAt: "ignored",
  issuerSuspendedAt: "ignored",
  issuerClosedAt: "ignored",
  // The register check is frozen at issue, but its words are ValuSeal's, never the link's.
  valuerRegisterCheck: "ignored",
  reinstatement: "ignored",
  addressee: "text",
  purpose: "text",
  inspectionDate: "day",
  forcedSaleValue: "number",
  titleNumber: "text",
  validUntil: "day",
  verificationCode: "text",
  // Granted after issue, like a revocation: the issuer's to say now, not the link's.
  relianceLetters: "ignored",
};

const isBlank = (value: unknown) => value === null || value === undefined || value === "";

const normaliseText = (value: unknown) =>
  typeof value === "string" ? value.trim().replace(/\s+/g, " ") : JSON.stringify(value);

/** "45,000,000", "45000000.00" and 45000000 are the same amount. */
function normaliseNumber(value: unknown): string {
  const text = typeof value === "string" ? value.replace(/[\s,_]/g, "") : value;
  const amount = typeof text === "number" || typeof text === "string" ? Number(text) : NaN;
  return Number.isFinite(amount) && text !== "" ? String(amount) : normaliseText(value);
}

const pad = (part: string) => part.padStart(2, "0");

/** A calendar day, YYYY-MM-DD: from an ISO date or timestamp, the spec's DD/MM/YYYY, or epoch milliseconds. */
function normaliseDay(value: unknown): string {
  if (typeof value === "string") {
    const iso = /^\s*(\d{4}-\d{2}-\d{2})/.exec(value);
    if (iso?.[1]) return iso[1];
    const dayMonthYear = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(value);
    if (dayMonthYear) return `${dayMonthYear[3]}-${pad(dayMonthYear[2]!)}-${pad(dayMonthYear[1]!)}`;
  }
  const date = typeof value === "string" || typeof value === "number" ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString().slice(0, 10) : normaliseText(value);
}

const NORMALISERS: Record<Exclude<Comparison, "ignored">, (value: unknown) => string> = {
  text: normaliseText,
  number: normaliseNumber,
  day: normaliseDay,
};

function sameValue(comparison: Comparison, claimed: unknown, recorded: unknown): boolean {
  if (comparison === "ignored") return true;
  if (isBlank(claimed) || isBlank(recorded)) return isBlank(claimed) && isBlank(recorded);
  const normalise = NORMALISERS[comparison];
  return normalise(claimed) === normalise(recorded);
}

/**
 * The fields the JSON states differently from the issuer's record. Fields the JSON leaves out are
 * not judged; any field it states must match, or the link is not the issuer's certificate.
 */
export function fieldsDifferingFromRecord(claim: Claim, record: PublicCertificate): (keyof PublicCertificate)[] {
  return (Object.keys(FIELD_COMPARISONS) as (keyof PublicCertificate)[]).filter(
    (field) => Object.hasOwn(claim, field) && !sameValue(FIELD_COMPARISONS[field], claim[field], record[field]),
  );
}
