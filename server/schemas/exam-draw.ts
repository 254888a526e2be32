// exam.examDraw's params (contract 15.1 point 4): the exam, and the seed that makes a draw repeat.
import { z } from "zod";
import { id } from "./common";

/** The largest seed: seeds are unsigned 32-bit integers, the state of the draw's generator. */
export const MAX_DRAW_SEED = 4294967295;

export const drawSeed = z
  .int()
  .min(0)
  .max(MAX_DRAW_SEED)
  .describe(
    `The seed of the draw, an integer from 0 to ${MAX_DRAW_SEED}: the same seed draws the same questions in the same order for as long as the exam does not change (and the preview at /exams/ID/preview?seed=SEED presents them). Left out, a random seed is used and answered.`,
  );

export const examDrawParams = z.object({
  id: id.describe("The exam's id."),
  seed: drawSeed.optional(),
});

export const EXAM_DRAW_KEYS = ["id", "seed"] as const;
