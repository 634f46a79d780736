const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Base62 token from crypto randomness; 16 characters carry ~95 bits, far beyond guessing. */
export function randomToken(length = 16): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
  let token = "";
  for (const byte of bytes) {
    // 248 = 62 * 4: rejecting larger bytes keeps every character equally likely.
    if (byte < 248) token += ALPHABET[byte % 62];
    if (token.length === length) return token;
  }
  return token + randomToken(length - token.length);
}

/** SHA-256 of a text (its UTF-8 bytes) or of bytes, as lower-case hex. */
export async function sha256Hex(input: string | Uint8Array<ArrayBuffer>): Promise<string> {
  const bytes = typeof input === "string" ? new TextEncoder().encode(input) : input;
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
