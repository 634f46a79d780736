import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

/**
 * zxcvbn's score from 0 to 4: 3 is "safely unguessable" against an attacker who has stolen the
 * hashes and guesses offline (about 10^10 guesses), so nothing below it is accepted.
 */
const MIN_SCORE = 3;

/** A password longer than this is accepted without an estimate: its length alone makes it strong (decision 027). */
export const STRONG_BY_LENGTH = 100;

/**
 * Only a password's first 64 characters are estimated, with at most 5 look-alike substitutions
 * ("p@55w0rd") tried per word: zxcvbn's l33t and sequence matching grow steeply with length, and at
 * its defaults a 100-character run of "p@55w0rd$3cur1ty" cost 630 ms of CPU and a 16-character one
 * 60 ms, on every registration a stranger sends. With these the worst input measured stays near
 * 30 ms (bench/password-strength.ts) and every score in the tests is unchanged (decision 027).
 */
const ESTIMATED_LENGTH = 64;
const LOOK_ALIKE_SUBSTITUTIONS = 5;

let checker: Promise<ZxcvbnFactory> | undefined;

/** Dictionaries beside the common passwords, by name, as @zxcvbn-ts's language packages give them. */
export type PasswordWords = Record<string, string[] | Record<string, number>>;
let moreWords: (() => Promise<PasswordWords>) | undefined;

/**
 * Adds dictionaries to every estimate from now on. The browser adds English words, names and
 * Wikipedia's (web/main.tsx: 1.2 MB, fetched only when someone chooses a password),
 * so the person choosing is told of "Kenya2024!" as they type. The Worker estimates without them
 * (decision 068): they were most of its upload and of a new isolate's first password, and what the
 * server must refuse whoever calls it (the common and breached passwords, keyboard walks, repeats,
 * sequences, dates, look-alikes) is in the common dictionary and the patterns.
 */
export function estimateWithMoreWords(load: () => Promise<PasswordWords>) {
  moreWords = load;
  checker = undefined;
}

/**
 * The estimator with the common and breached passwords, loaded on first use (and any dictionaries
 * added by estimateWithMoreWords).
 */
function loadChecker(): Promise<ZxcvbnFactory> {
  checker ??= Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    // Only the feedback's English sentences (2 KB): the bundler drops the package's unused dictionaries.
    import("@zxcvbn-ts/language-en").then(({ translations }) => translations),
    moreWords?.() ?? Promise.resolve({}),
  ]).then(
    ([{ ZxcvbnFactory }, common, translations, words]) =>
      new ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...words },
        graphs: common.adjacencyGraphs,
        translations,
        maxLength: ESTIMATED_LENGTH,
        l33tMaxSubstitutions: LOOK_ALIKE_SUBSTITUTIONS,
      }),
  );
  return checker;
}

/**
 * Why the password is too easy to guess, in words for the person choosing it, or null when it is
 * strong enough. The same check runs in the browser (as the user types, with the English words
 * estimateWithMoreWords adds) and on the server.
 */
export async function passwordWeakness(password: string): Promise<string | null> {
  // Longer is strong by length alone, and the estimate's cost grows with the length: nobody's
  // request may buy seconds of CPU with a 255-character password.
  if (password.length > STRONG_BY_LENGTH) return null;
  const result = (await loadChecker()).check(password);
  if (result.score >= MIN_SCORE) return null;
  const reason = result.feedback.warning ? `${result.feedback.warning} ` : "";
  return `This password is too easy to guess. ${reason}Use a few unrelated words or a longer phrase.`;
}
