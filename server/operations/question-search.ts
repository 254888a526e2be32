// exam.questionSearch (contract 15.2 point 1): the questions of every exam of the caller's
// workspace that hold every word of the query, best first, with their exam and a snippet.
import { decodeCursor, encodeCursor } from "../data/cursor";
import { getExamOrThrow } from "../data/exams";
import { searchQuestions } from "../data/question-search";
import { answersOf, questionToApiWithPoints } from "../data/questions";
import { callerWorkspace } from "../data/workspaces";
import { rankOf, searchQueryWords, searchSnippet, wordMatch } from "../domain/search-query";
import { notFound } from "../errors";
import { unknownFieldsWarning } from "../schemas/common";
import { QUESTION_SEARCH_KEYS, questionSearchParams } from "../schemas/question-search";
import { defineOperation } from "../operation";

export const questionSearch = defineOperation({
  method: "exam.questionSearch",
  access: "read",
  summary:
    "Search the questions of every exam in the caller's workspace (a token's own; the web app's current one) by words and filters, best matches first.",
  result: {
    questions:
      "One page of results: {question, exam, snippet, rank}. question is as questionGet answers it; exam is {id, title, code}; snippet is plain text of at most 200 characters around the best match; rank is 0 to 1, higher is better. Best matches first, then by exam (in the order exams were created) and position; without a query, by exam and position.",
    next_cursor: "Cursor of the next page, or null on the last page.",
  },
  params: questionSearchParams,
  inspect: (raw) => [unknownFieldsWarning(raw, QUESTION_SEARCH_KEYS, "")].filter((w) => w !== null),
  async run(ctx, input) {
    const workspaceId = await callerWorkspace(ctx.db, ctx);
    if (input.exam_id !== undefined) {
      // An exam of another workspace is not found, even one the caller is a member of.
      const row = await getExamOrThrow(ctx.db, ctx, input.exam_id, { path: "exam_id" });
      if (row.workspaceId !== workspaceId) throw notFound("exam", "exam_id", input.exam_id);
    }
    const words = searchQueryWords(input.query);
    const [score, examId, position, id] = input.cursor
      ? (decodeCursor(input.cursor, ["int4", "int4", "int4", "int4"]) as number[])
      : [];
    const after =
      score !== undefined && examId !== undefined && position !== undefined && id !== undefined
        ? { score, examId, position, id }
        : undefined;
    const { hits, more } = await searchQuestions(ctx.db, {
      workspaceId,
      words: words.map(wordMatch),
      examId: input.exam_id,
      type: input.type,
      domainId: input.domain_id,
      tag: input.tag,
      status: input.status,
      limit: input.limit,
      after,
    });
    const answers = await answersOf(
      ctx.db,
      hits.map((h) => h.row.id),
    );
    const last = hits[hits.length - 1];
    return {
      questions: hits.map((hit) => ({
        question: questionToApiWithPoints(hit.row),
        exam: hit.exam,
        snippet: searchSnippet(
          [hit.row.question, hit.row.explanation, ...(answers.get(hit.row.id) ?? []).map((a) => a.answer)],
          words,
        ),
        rank: rankOf(hit.score, words.length),
      })),
      next_cursor: more && last ? encodeCursor([last.score, last.row.examId, last.row.position, last.row.id]) : null,
    };
  },
});
