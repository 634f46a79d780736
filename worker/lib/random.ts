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

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
