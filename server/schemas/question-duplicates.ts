// exam.questionDuplicates's params (contract 15.2 point 3): where to look for near duplicates, and
// how similar two question texts must be to count.
import { z } from "zod";
import { acceptTestIdAlias, aliasConflict, id } from "./common";

/** The similarity at which questionCreate and questionUpdate warn, and questionDuplicates's default. */
export const SIMILAR_QUESTION_THRESHOLD = 0.9;
export const MIN_DUPLICATE_THRESHOLD = 0.5;

export const questionDuplicatesParams = z.preprocess(
  acceptTestIdAlias,
  z.object({
    exam_id: id
      .optional()
      .describe(
        "Only the pairs that involve a question of this exam (the other question may be in any exam of its workspace). Left out: every exam of the caller's workspace.",
      ),
    test_id: aliasConflict,
    threshold: z
      .number()
      .min(MIN_DUPLICATE_THRESHOLD)
      .max(1)
      .default(SIMILAR_QUESTION_THRESHOLD)
      .describe(
        `How similar two question texts must be to be linked: pg_trgm's trigram similarity of the texts with HTML stripped, whitespace collapsed, lower-cased and accents removed, from ${MIN_DUPLICATE_THRESHOLD} to 1 (default ${SIMILAR_QUESTION_THRESHOLD}).`,
      ),
  }),
);

export const QUESTION_DUPLICATES_KEYS = ["exam_id", "test_id", "threshold"] as const;
