import { decodeJwt } from "jose";
import type { SignedRecordFile } from "./responses/seals";
import type { CertificateRecord } from "./signed-records";

export type { SignedRecordFile };

/** The "Download signed record" file (its shape: schema/responses/seals.ts). */
export function signedRecordFile(
  records: string[],
  origin: string,
  unsignedChange: string | null = null,
): SignedRecordFile {
  const record = records.at(-1)!;
  return {
    about:
      "A valuation certificate signed by ValuSeal when it was issued or last changed. The record field is a JSON Web Signature (RFC 7515, EdDSA): changing any character of it breaks the signature.",
    howToCheck:
      "Verify the record's signature with the key its header names (kid), from ValuSeal's published keys (keys; every key ever used stays there). For a sealed report, the record holds the SHA-256 of the sealed PDF and each page's fingerprint; an earlier sealed version is in the history. A signature proves what ValuSeal stated when it signed; whether the code was withdrawn later is answered online, signed, at status.",
    keys: `${origin}/.well-known/jwks.json`,
    status: `${origin}/status/${(decodeJwt(record) as unknown as CertificateRecord).code.token}`,
    record,
    history: records.slice(0, -1),
    unsignedChange,
  };
}

/** "valuseal-VS-7K3M-9Q2P-4H.json", from the record itself. */
export function signedRecordFileName(record: string): string {
  const { code } = decodeJwt(record) as unknown as CertificateRecord;
  return `valuseal-${code.verificationCode}.json`;
}

/** How the signed record file is attached to a sealed PDF (verifier/attachment.ts). */
export const SIGNED_RECORD_ATTACHMENT = {
  mimeType: "application/json",
  description: "ValuSeal signed record of this report: check it with ValuSeal's offline verifier",
  /** valuseal-VS-7K3M-9Q2P-4H.json, as signedRecordFileName names it. */
  namePattern: /^valuseal-VS-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{2}\.json$/,
} as const;

/**
 * The records a signed record file holds, oldest first (its history, then its record), and its note
 * of a change made after the last signed record; a bare JWS, as pasted, is a file of one record.
 * Null when the text is neither.
 */
export function recordsInFile(text: string): { records: string[]; unsignedChange: string | null } | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (!trimmed.startsWith("{")) return { records: [trimmed], unsignedChange: null };
  let parsed: { record?: unknown; history?: unknown; unsignedChange?: unknown };
  try {
    parsed = JSON.parse(trimmed) as typeof parsed;
  } catch {
    return null;
  }
  if (typeof parsed.record !== "string") return null;
  const history = Array.isArray(parsed.history) ? parsed.history.filter((item) => typeof item === "string") : [];
  const unsignedChange = typeof parsed.unsignedChange === "string" ? parsed.unsignedChange.slice(0, 500) : null;
  return { records: [...history, parsed.record], unsignedChange };
}
