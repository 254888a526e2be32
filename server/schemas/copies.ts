// Params of the copying methods (contract 15.2 point 2): exam.questionCopy copies questions into
// an exam, exam.examDuplicate copies a whole exam. Pure, so the app's dialogs check with them too.
import { z } from "zod";
import { id } from "./common";
import { issueParams } from "./zod-issues";

/** The most questions one questionCopy takes: a page of the bank's results, or an exam's selection. */
export const COPY_IDS_MAX = 1000;

/** Each id once: a repeated id is an error at its second place, naming the first. */
function refineUniqueIds(ids: readonly number[], ctx: z.RefinementCtx): void {
  const first = new Map<number, number>();
  ids.forEach((value, i) => {
    const earlier = first.get(value);
    if (earlier === undefined) {
      first.set(value, i);
      return;
    }
    ctx.addIssue({
      code: "custom",
      path: [i],
      message: `question ${value} is also ids[${earlier}]; name each question once`,
      params: { ...issueParams("duplicate"), details: { other: `ids[${earlier}]` } },
    });
  });
}

export const questionCopyParams = z.object({
  ids: z
    .array(id)
    .min(1)
    .max(COPY_IDS_MAX)
    .superRefine(refineUniqueIds)
    .describe(
      `The questions to copy, 1 to ${COPY_IDS_MAX}, each once, from any exams the caller can read. The copies are appended to the exam in this order.`,
    ),
  exam_id: id.describe("The exam the copies go into; the caller must be able to edit it (editor or owner)."),
  domain_id: id
    .nullable()
    .optional()
    .describe(
      "The domain of the exam every copy goes into; null: none. Left out, each copy goes into the exam's domain with the code of its source's domain, else none.",
    ),
});

export const QUESTION_COPY_KEYS = ["ids", "exam_id", "domain_id"] as const;

/** The title of a duplicate: trimmed, 1–200 characters, as an exam's title (contract 4). */
export const examDuplicateParams = z.object({
  id: id.describe("The exam to duplicate."),
  title: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe("The new exam's title, trimmed, not empty. Left out: the exam's title followed by \" (copy)\"."),
});

/** The title a duplicate gets when none is sent: the exam's, marked as a copy, within 200 characters. */
export function duplicateTitle(title: string): string {
  const mark = " (copy)";
  return title.length + mark.length <= 200
    ? `${title}${mark}`
    : `${title.slice(0, 200 - mark.length).trimEnd()}${mark}`;
}

export const EXAM_DUPLICATE_KEYS = ["id", "title"] as const;

export type QuestionCopyParams = z.output<typeof questionCopyParams>;
export type ExamDuplicateParams = z.output<typeof examDuplicateParams>;
