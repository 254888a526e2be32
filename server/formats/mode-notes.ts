// The export report's notes for a question whose scoring mode (contract 16.1) or scenarios (16.3)
// a format cannot hold (contract 16.3 point 5: the item is then lossy, the note naming the mode).
// all_or_nothing is what every format means by its points, so it needs no note. Pure.
import { ALL_OR_NOTHING } from "../schemas/question/scoring";
import type { ContentQuestion } from "./types";

/** The note for a partial mode that the format (named as in "a CSV file") has no place for, or null. */
export function modeNote(q: ContentQuestion, inFormat: string): string | null {
  const mode = q.properties.scoring;
  return typeof mode === "string" && mode !== ALL_OR_NOTHING
    ? `its scoring mode ${mode} does not fit ${inFormat}, which has no place for it: imported back the question scores all_or_nothing`
    : null;
}

/** Notes for a format that holds neither modes nor scenarios. */
export function scoringNotes(q: ContentQuestion, inFormat: string): string[] {
  const notes: string[] = [];
  const mode = modeNote(q, inFormat);
  if (mode !== null) notes.push(mode);
  const scenarios = q.scenarios?.length ?? 0;
  if (scenarios > 0)
    notes.push(
      `its ${scenarios === 1 ? "scenario is" : `${scenarios} scenarios are`} not in ${inFormat}: imported back as a new question it has none (an update keeps them)`,
    );
  return notes;
}
