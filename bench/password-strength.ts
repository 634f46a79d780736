import { passwordWeakness, STRONG_BY_LENGTH } from "../schema/password-strength";
import { median } from "./measure";

/**
 * The password-strength estimate's CPU at its worst: every registration, reset and change runs it
 * on the server before the password is hashed, on whatever a stranger sends, up to STRONG_BY_LENGTH
 * characters (longer is accepted by length alone). zxcvbn's matching grows with repeats, sequences
 * and dictionary words, so the inputs are those, at the longest length estimated; the baseline is a
 * typical 16-character password in the same run. The goal is at most 50 ms of CPU for the worst.
 */
export const STRENGTH_GOAL_MS = 50;

const longest = (unit: string) => unit.repeat(Math.ceil(STRONG_BY_LENGTH / unit.length)).slice(0, STRONG_BY_LENGTH);

export const STRENGTH_INPUTS: Record<string, string> = {
  "typical (16 characters, the baseline)": "Nairobi-Valuer42",
  "one character repeated": longest("a"),
  "a common password repeated": longest("password"),
  "a keyboard walk repeated": longest("1qaz2wsx3edc"),
  "a sequence": longest("abcdefghijklmnopqrstuvwxyz0123456789"),
  "dates run together": longest("19900101"),
  "dictionary words run together": longest("correcthorsebatterystaplemonkeydragon"),
  "words with l33t substitutions": longest("p@55w0rd$3cur1ty"),
};

export interface StrengthCost {
  input: string;
  length: number;
  /** Median CPU per estimate (ms), over RUNS estimates after a warm-up. */
  cpuMs: number;
}

const RUNS = 15;

/** CPU milliseconds of one call (user + system), from process.cpuUsage. */
async function cpuOf(work: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

export async function benchPasswordStrength(): Promise<StrengthCost[]> {
  // The dictionaries load once per isolate: not part of any one request's estimate.
  await passwordWeakness("warm-up");
  const costs: StrengthCost[] = [];
  for (const [input, password] of Object.entries(STRENGTH_INPUTS)) {
    await passwordWeakness(password);
    const samples: number[] = [];
    for (let run = 0; run < RUNS; run += 1) samples.push(await cpuOf(() => passwordWeakness(password)));
    costs.push({ input, length: password.length, cpuMs: median(samples) });
  }
  return costs;
}
