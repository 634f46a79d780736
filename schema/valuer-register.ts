/**
 * How a valuer named on a firm's certificates is compared with a published register of valuers
 * (the Valuers Registration Board's list in Kenya): one rule for the numbers, one for the names, one
 * for the result, shared by the import's diff, the Valuers screen and issuing.
 */

/** What a register says of one registration at a snapshot's publication. */
export const REGISTER_STATUSES = ["active", "suspended"] as const;
export type RegisterStatus = (typeof REGISTER_STATUSES)[number];

/**
 * A valuer's standing against the newest snapshot of the register:
 * - matched: the number is on it, active, under the same name;
 * - name-differs: the number is on it under another name (a typo, or someone else's number);
 * - not-found: the number was never on any snapshot of the register;
 * - removed: it was on an earlier snapshot and is absent from the newest;
 * - suspended: the register lists it as suspended;
 * - stale: the newest snapshot is older than 13 months, so it proves nothing about this year.
 */
export const REGISTER_RESULTS = ["matched", "name-differs", "not-found", "removed", "suspended", "stale"] as const;
export type RegisterResult = (typeof REGISTER_RESULTS)[number];

/** A snapshot older than this many months is stale: practising certificates are renewed every 1 January. */
const STALE_SNAPSHOT_MONTHS = 13;

/** Words written before a number that are not part of it ("VRB", "No.", "Reg."). */
const NUMBER_PREFIXES = new Set(["VRB", "NO", "NUMBER", "REG", "REGN", "REGISTRATION"]);

/**
 * "VRB/V/01182", "No. V 1182", "v-1182", "V1182" → "V/1182": capitals, the register's prefix and
 * "No." left out, each run of letters or digits a part (leading zeros of digits removed), the parts
 * joined by "/". Separators, spacing and zero-padding vary between a register and a report; the
 * parts do not. Empty when nothing is left.
 */
export function normaliseRegistrationNumber(raw: string): string {
  return (raw.toUpperCase().match(/[A-Z]+|\d+/g) ?? [])
    .filter((part) => !NUMBER_PREFIXES.has(part))
    .map((part) => part.replace(/^0+(?=\d)/, ""))
    .filter((part) => part !== "0")
    .join("/");
}

/** Titles and letters after a name that registers and reports add or leave out. */
const NAME_TITLES = new Set([
  "MR",
  "MRS",
  "MS",
  "MISS",
  "DR",
  "PROF",
  "ENG",
  "ARCH",
  "QS",
  "FISK",
  "MISK",
  "RV",
  "BSC",
  "MSC",
  "MA",
  "BA",
  "HONS",
  "FRICS",
  "MRICS",
]);

/**
 * "Dr. Grace W. Wanjiru, MISK" and "WANJIRU Grace W" → "GRACE W WANJIRU" sorted: capitals, titles
 * and post-nominal letters left out, punctuation dropped, and the words in alphabetical order, as
 * registers list surnames first and reports last.
 */
export function normaliseValuerName(raw: string): string {
  return raw
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((word) => word !== "" && !NAME_TITLES.has(word))
    .sort()
    .join(" ");
}

/** One registration as a snapshot lists it. */
export interface RegisterListing {
  name: string;
  status: RegisterStatus;
}

/**
 * A valuer against the register: its listing in the newest snapshot (null when absent), whether
 * any earlier snapshot listed the number, and the newest snapshot's publication day.
 */
export function registerResult(
  valuer: { name: string },
  newest: { listing: RegisterListing | null; listedBefore: boolean; publishedOn: string },
  today: string,
): RegisterResult {
  if (newest.publishedOn < monthsBefore(today, STALE_SNAPSHOT_MONTHS)) return "stale";
  const { listing } = newest;
  if (!listing) return newest.listedBefore ? "removed" : "not-found";
  if (listing.status === "suspended") return "suspended";
  return normaliseValuerName(listing.name) === normaliseValuerName(valuer.name) ? "matched" : "name-differs";
}

/** The ISO day `months` calendar months before `day` (the 31st falls back to the month's last day). */
function monthsBefore(day: string, months: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(date, lastDay));
  return first.toISOString().slice(0, 10);
}
