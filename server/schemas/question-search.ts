// exam.questionSearch's params (contract 15.2 point 1): a query and the filters of the bank.
import { z } from "zod";
import { SEARCH_WORDS_MAX, searchQueryWords } from "../domain/search-query";
import { TAG_MAX_LENGTH } from "./blueprint";
import { cursor, id } from "./common";
import { issueParams } from "./zod-issues";

/** The longest query, in characters. */
export const SEARCH_QUERY_MAX = 200;

export const questionSearchParams = z.object({
  query: z
    .string()
    .max(SEARCH_QUERY_MAX)
    .refine((q) => searchQueryWords(q).length <= SEARCH_WORDS_MAX, {
      error: `must hold at most ${SEARCH_WORDS_MAX} words`,
      params: issueParams("too_big"),
    })
    .optional()
    .describe(
      `Words to find, at most ${SEARCH_WORDS_MAX}: a question matches when each is found in its question, explanation or answer texts, without regard to case or accents, as the start of a word ("subn" finds "subnet"); a word of 5 letters or more also matches a word one letter different. Left out (or without letters or digits): every question, by exam and position.`,
    ),
  exam_id: id.optional().describe("Only the questions of this exam (of the caller's workspace)."),
  type: z.int().min(1).max(7).optional().describe("Only questions of this type."),
  domain_id: id.nullable().optional().describe("Only the questions of this domain; null: only those without a domain."),
  tag: z
    .string()
    .trim()
    .min(1)
    .max(TAG_MAX_LENGTH)
    .optional()
    .describe("Only the questions with this tag, compared without regard to case."),
  status: z.enum(["draft", "ready"]).optional().describe("Only the questions of exams with this status."),
  limit: z.int().min(1).max(100).default(20).describe("Results per page, 1 to 100."),
  cursor: cursor.optional(),
});

export const QUESTION_SEARCH_KEYS = [
  "query",
  "exam_id",
  "type",
  "domain_id",
  "tag",
  "status",
  "limit",
  "cursor",
] as const;

export type QuestionSearchInput = z.output<typeof questionSearchParams>;
