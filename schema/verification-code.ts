/**
 * The short code a person types to verify a report without a camera (a printed or faxed copy):
 * 10 symbols from an alphabet with no look-alike characters (no 0/O, no 1/I/L), about 49.5 bits of
 * randomness, drawn independently of the public token. Stored as the bare 10 symbols; shown and
 * printed as "VS-7K3M-9Q2P-4H". Typed input ignores case, spaces and dashes, and the "VS" prefix.
 */
export const VERIFICATION_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const VERIFICATION_CODE_LENGTH = 10;
const VERIFICATION_CODE_PREFIX = "VS";
/** Typed input longer than this is refused unread (the formatted code is 15 characters). */
export const VERIFICATION_CODE_INPUT_MAX = 40;

const STORED_FORM = new RegExp(`^[${VERIFICATION_CODE_ALPHABET}]{${VERIFICATION_CODE_LENGTH}}$`);

/** "VS-7K3M-9Q2P-4H" from the stored "7K3M9Q2P4H": groups of four, for reading aloud and typing. */
export function formatVerificationCode(code: string): string {
  const groups = code.match(/.{1,4}/g) ?? [];
  return [VERIFICATION_CODE_PREFIX, ...groups].join("-");
}

/**
 * The stored form of what someone typed, or null when it cannot be a verification code. Case,
 * spaces and dashes are ignored, and so is the "VS" prefix (only when the rest is a whole code, so a
 * code that itself begins with VS is still found).
 */
export function normalizeVerificationCode(typed: string): string | null {
  if (typed.length > VERIFICATION_CODE_INPUT_MAX) return null;
  const compact = typed.toUpperCase().replace(/[\s\-‐-―]/g, "");
  const withoutPrefix =
    compact.length === VERIFICATION_CODE_PREFIX.length + VERIFICATION_CODE_LENGTH &&
    compact.startsWith(VERIFICATION_CODE_PREFIX)
      ? compact.slice(VERIFICATION_CODE_PREFIX.length)
      : compact;
  return STORED_FORM.test(withoutPrefix) ? withoutPrefix : null;
}
