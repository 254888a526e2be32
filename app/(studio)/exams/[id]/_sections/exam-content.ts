// The exam's questions and case studies for the exam page's sections, read through the same
// operations as /api/json (all pages of 200). Cached per request: both sections need them.
import "server-only";
import { cache } from "react";
import { caseStudyList } from "@/server/operations/case-study-list";
import { questionList } from "@/server/operations/question-list";
import type { Materialized } from "@/server/raw-json";
import { readOperation } from "@/server/web/read";
import type { Author } from "@/server/web/session";

const PAGE = 200;

export const loadQuestions = cache(async (author: Author, examId: number) => {
  const all = [];
  let cursor: string | null = null;
  do {
    const page: Materialized<Awaited<ReturnType<typeof questionList.run>>> = await readOperation(author, questionList, {
      exam_id: examId,
      limit: PAGE,
      ...(cursor ? { cursor } : {}),
    });
    all.push(...page.questions);
    cursor = page.next_cursor;
  } while (cursor);
  return all;
});

export const loadCaseStudies = cache(async (author: Author, examId: number) => {
  const all = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<typeof caseStudyList.run>> = await readOperation(author, caseStudyList, {
      exam_id: examId,
      limit: PAGE,
      ...(cursor ? { cursor } : {}),
    });
    all.push(...page.case_studies);
    cursor = page.next_cursor;
  } while (cursor);
  return all;
});
