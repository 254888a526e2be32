// The scoring modes in Moodle XML (contract 16.3 point 5), both ways. Pure.
//
// Ordering (type 6): Moodle's qtype_ordering `gradingtype` (gbateson/moodle-qtype_ordering,
// question.php grade_response). Over a response that holds every answer, as Moodle's always does:
// - ALL_OR_NOTHING is all_or_nothing and ABSOLUTE_POSITION absolute_position, exactly;
// - RELATIVE_NEXT_EXCLUDE_LAST (Moodle's default when the element is missing) is relative_next,
//   exactly: the sequence's n − 1 pairs, each right when the response holds it adjacent;
// - LONGEST_ORDERED_SUBSET is longest_ordered_subset except that Moodle ignores a subset of one
//   answer (it earns 0 there, 1/n here);
// - LONGEST_CONTIGUOUS_SUBSET counts answers consecutive in the sequence that keep their order in
//   the response even with others between them, and also ignores one answer; ours needs them
//   adjacent in the response. Both are read as the nearest mode, with a warning saying how they
//   differ, and written with a note.
// - RELATIVE_NEXT_INCLUDE_LAST, RELATIVE_ONE_PREVIOUS_AND_NEXT, RELATIVE_ALL_PREVIOUS_AND_NEXT and
//   RELATIVE_TO_CORRECT have no mode here: read as all or nothing, with a warning.
//
// Multichoice (type 2): Moodle adds the fractions of the chosen answers and keeps the sum between
// 0 and 100 %. With every right answer at 100/n % and every wrong one at −100/n %, that is
// per_answer exactly ((right − wrong) / n, below 0 counting as 0), which is what we write for it.
// Fractions that are never negative and add up to at most 100 % are answer points exactly when
// each answer's share of the default grade is a whole number (answer points are): the question
// earns 0 points of its own and each answer its share. Anything else is read as per_answer with a
// warning, since neither form can say it.
import { ALL_OR_NOTHING } from "../schemas/question/scoring";

type SortMode =
  "all_or_nothing" | "absolute_position" | "relative_next" | "longest_ordered_subset" | "longest_contiguous_subset";

const SINGLE_IGNORED = "Moodle gives no credit for a single answer in order, where Exam Studio counts it as 1";

/** Each type 6 mode's gradingtype, and how Moodle differs from it (null: exactly). */
export const ORDERING_GRADING: Record<SortMode, { gradingtype: string; differs: string | null }> = {
  all_or_nothing: { gradingtype: "ALL_OR_NOTHING", differs: null },
  absolute_position: { gradingtype: "ABSOLUTE_POSITION", differs: null },
  relative_next: { gradingtype: "RELATIVE_NEXT_EXCLUDE_LAST", differs: null },
  longest_ordered_subset: { gradingtype: "LONGEST_ORDERED_SUBSET", differs: SINGLE_IGNORED },
  longest_contiguous_subset: {
    gradingtype: "LONGEST_CONTIGUOUS_SUBSET",
    differs: `Moodle counts answers that follow each other in the sequence and keep their order in the response even with others between them, where Exam Studio needs them side by side; and ${SINGLE_IGNORED.replace("Moodle gives", "it gives")}`,
  },
};

/** Moodle's names and numbers of each gradingtype (its importer takes both, and short forms). */
const GRADING_NAMES: Record<string, string> = {
  "-1": "ALL_OR_NOTHING",
  "0": "ABSOLUTE_POSITION",
  ABS: "ABSOLUTE_POSITION",
  ABSOLUTE: "ABSOLUTE_POSITION",
  "1": "RELATIVE_NEXT_EXCLUDE_LAST",
  REL: "RELATIVE_NEXT_EXCLUDE_LAST",
  RELATIVE: "RELATIVE_NEXT_EXCLUDE_LAST",
  "2": "RELATIVE_NEXT_INCLUDE_LAST",
  "3": "RELATIVE_ONE_PREVIOUS_AND_NEXT",
  "4": "RELATIVE_ALL_PREVIOUS_AND_NEXT",
  "5": "LONGEST_ORDERED_SUBSET",
  "6": "LONGEST_CONTIGUOUS_SUBSET",
  "7": "RELATIVE_TO_CORRECT",
};

/**
 * Whether a word of GIFT's `{>count select layout grading` line names a grading. REL is left out:
 * there it is also a select type (RANDOM), and the plugin's own GIFT reader takes it as that.
 */
export function isGradingName(word: string): boolean {
  const w = word.toUpperCase();
  if (w === "REL" || /^-?[0-9]+$/.test(w)) return false;
  return w in GRADING_NAMES || Object.values(ORDERING_GRADING).some((g) => g.gradingtype === w) || /^RELATIVE/.test(w);
}

/** The type 6 mode of a gradingtype (missing: Moodle's default, RELATIVE), and a warning when it is not exact. */
export function orderingMode(gradingtype: string | null): { mode: SortMode; warning: string | null } {
  const raw = (gradingtype ?? "").trim().toUpperCase();
  const name = raw === "" ? "RELATIVE_NEXT_EXCLUDE_LAST" : (GRADING_NAMES[raw] ?? raw);
  const found = (Object.entries(ORDERING_GRADING) as [SortMode, (typeof ORDERING_GRADING)[SortMode]][]).find(
    ([, g]) => g.gradingtype === name,
  );
  if (!found)
    return {
      mode: ALL_OR_NOTHING,
      warning: `Moodle's grading ${name} has no scoring mode here: the question earns its points when the whole sequence is right (all_or_nothing)`,
    };
  const [mode, g] = found;
  return {
    mode,
    warning: g.differs === null ? null : `Moodle's grading ${name} is read as ${mode}, which differs: ${g.differs}`,
  };
}

const close = (a: number, b: number) => Math.abs(a - b) < 0.01;
const round2 = (v: number) => Math.round(v * 100) / 100;

/** How a multiple-answer multichoice's fractions (percent) are read; `answerPoints` null: none. */
export function choiceScoring(
  fractions: readonly number[],
  grade: number,
): { mode: "per_answer" | null; points: number | null; answerPoints: number[] | null; warning: string | null } {
  const right = fractions.filter((f) => f > 0).length;
  const share = right > 0 ? 100 / right : 0;
  const perAnswer = fractions.every((f) => (f > 0 ? close(f, share) : f === 0 ? false : close(f, -share)));
  // With no wrong answer, 100/n for each right one is per_answer as well.
  if (right > 0 && (perAnswer || (right === fractions.length && fractions.every((f) => close(f, share)))))
    return { mode: "per_answer", points: null, answerPoints: null, warning: null };
  const positive = fractions.filter((f) => f > 0).reduce((t, f) => t + f, 0);
  if (fractions.every((f) => f >= 0) && positive <= 100 + 1e-9) {
    const points = fractions.map((f) => (grade * f) / 100);
    // Answer points are whole numbers; Moodle writes fractions with 7 decimals (33.3333333), so a
    // share within 0.0001 of a whole number is that number.
    if (points.every((p) => Math.abs(p - Math.round(p)) < 1e-4))
      return { mode: null, points: 0, answerPoints: points.map((p) => Math.round(p) + 0), warning: null };
  }
  return {
    mode: "per_answer",
    points: null,
    answerPoints: null,
    warning: `Moodle's credit per answer (${fractions.map((f) => `${round2(f)}%`).join(", ")}) is read as per_answer (each right answer chosen earns an equal share, each wrong one takes a share back), which differs from it`,
  };
}
