// What a new password must be (contract 2.1): 8 to 256 characters and not among the most common
// or most guessable passwords. Guessability is zxcvbn's estimate (@zxcvbn-ts/core with the
// language-common package: about 30,000 of the most used passwords, keyboard layouts, repeats,
// sequences, dates, l33t spellings), so variants of a common password ("P@ssw0rd!", "password1")
// are refused as well as the list itself, and so is a password made of the person's own email or
// name. A password needs an estimated million guesses or more (zxcvbn score 2): below that,
// zxcvbn's own scale calls it guessable by an online attacker even when sign-in is throttled.
// Pure: no database, no Node APIs.
import { ZxcvbnFactory, type ZxcvbnResult } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password-length";

/** The lowest accepted zxcvbn score: 2 = at least 10^6 estimated guesses. */
export const MIN_PASSWORD_SCORE = 2;

let estimator: ZxcvbnFactory | null = null;

// Built on first use: the dictionaries take a moment to rank. Only the first 64 characters are
// estimated, with at most 20 l33t substitutions tried: at zxcvbn's defaults (256, 100) one crafted
// password ("p4$$w0rd" repeated) took two seconds of CPU; now a few hundred milliseconds at
// worst. A password whose first 64 characters are hard to guess is not guessable.
function estimate(password: string, userInputs: string[]): ZxcvbnResult {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, maxLength: 64, l33tMaxSubstitutions: 20 });
  return estimator.check(password, userInputs);
}

/** Why zxcvbn finds the password guessable, in words (its warning keys). */
const REASONS: Record<string, string> = {
  topTen: "it is one of the ten most used passwords",
  topHundred: "it is one of the hundred most used passwords",
  common: "it is one of the most used passwords",
  similarToCommon: "it is a common password with small changes",
  userInputs: "it contains your email address or name",
  simpleRepeat: "it repeats one character",
  extendedRepeat: "it repeats a short pattern",
  sequences: "it is a sequence like abcd or 1234",
  straightRow: "it is a row of keys",
  keyPattern: "it is a pattern of neighbouring keys",
  recentYears: "it is a recent year",
  dates: "it is a date",
  wordByItself: "it is a single common word",
  namesByThemselves: "it is a name",
  commonNames: "it is a common name",
};

/** A text as the words a password should not be built from: whole, without separators, word by word. */
function variantsOf(text: string): string[] {
  const lower = text.trim().toLowerCase();
  const words = lower.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3);
  return [lower, words.join(""), ...words].filter(Boolean);
}

/** The email (whole and its part before "@") and the name. */
function userInputsOf(who: { email?: unknown; name?: unknown }): string[] {
  const inputs: string[] = [];
  if (typeof who.email === "string" && who.email)
    inputs.push(who.email.toLowerCase(), ...variantsOf(who.email.split("@")[0] ?? ""));
  if (typeof who.name === "string") inputs.push(...variantsOf(who.name));
  return [...new Set(inputs)];
}

/**
 * The problem with `password` as a new password for the person with this email and name, as a
 * sentence that says what is wrong and what is allowed; null when it is acceptable.
 */
export function passwordProblem(password: string, who: { email?: unknown; name?: unknown } = {}): string | null {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `The password must have at least ${MIN_PASSWORD_LENGTH} characters (it has ${password.length}).`;
  if (password.length > MAX_PASSWORD_LENGTH)
    return `The password may have at most ${MAX_PASSWORD_LENGTH} characters (it has ${password.length}).`;
  const result = estimate(password, userInputsOf(who));
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const reason = (result.feedback.warning && REASONS[result.feedback.warning]) || "it is easy to guess";
  return `This password is too easy to guess: ${reason}. Choose a longer one that is not a common password, for example a few unrelated words.`;
}
