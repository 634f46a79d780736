/**
 * A code's public token: the random part of its printed address (/v/<token>), base62 and this long
 * (about 95 bits), so codes cannot be guessed; anything else is refused unread. Plain patterns, no
 * zod: the check page's small script and the PDF sealer read them too.
 */
export const PUBLIC_TOKEN_LENGTH = 16;
const TOKEN = `[A-Za-z0-9]{${PUBLIC_TOKEN_LENGTH}}`;

export const PUBLIC_TOKEN_PATTERN = new RegExp(`^${TOKEN}$`);

/** The token of a certificate's path ("/v/<token>"), or of its copy-check page with `/check`. */
export function tokenOfPath(pathname: string, page: "certificate" | "check" = "certificate"): string | null {
  const pattern = page === "check" ? new RegExp(`^/v/(${TOKEN})/check/?$`) : new RegExp(`^/v/(${TOKEN})$`);
  return pattern.exec(pathname)?.[1] ?? null;
}

/** A code's full printed address, on any host: what a sealed report's stamp must carry. */
export const VERIFICATION_ADDRESS_PATTERN = new RegExp(`^https?://[^/?#\\s]+/v/${TOKEN}$`);
