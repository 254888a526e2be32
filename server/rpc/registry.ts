// Every API method, by name. The docs page and the RPC handler read this one list.
import type { Operation } from "../operation";
import { caseStudyCreate } from "../operations/case-study-create";
import { caseStudyDelete } from "../operations/case-study-delete";
import { caseStudyGet } from "../operations/case-study-get";
import { caseStudyList } from "../operations/case-study-list";
import { caseStudyUpdate } from "../operations/case-study-update";
import { commentCreate } from "../operations/comment-create";
import { commentList } from "../operations/comment-list";
import { commentResolve } from "../operations/comment-resolve";
import { examCreate } from "../operations/exam-create";
import { examDelete } from "../operations/exam-delete";
import { examDraw } from "../operations/exam-draw";
import { examDuplicate } from "../operations/exam-duplicate";
import { examExport } from "../operations/exam-export";
import { examGet } from "../operations/exam-get";
import { examImport } from "../operations/exam-import";
import { examList } from "../operations/exam-list";
import { examUpdate } from "../operations/exam-update";
import { examUpdateStatus } from "../operations/exam-update-status";
import { historyList } from "../operations/history-list";
import { questionCopy } from "../operations/question-copy";
import { questionCreate } from "../operations/question-create";
import { questionDelete } from "../operations/question-delete";
import { questionDuplicates } from "../operations/question-duplicates";
import { questionGet } from "../operations/question-get";
import { questionList } from "../operations/question-list";
import { questionReorder } from "../operations/question-reorder";
import { questionSearch } from "../operations/question-search";
import { questionUpdate } from "../operations/question-update";
import { questionScore } from "../operations/question-score";
import { attemptScore } from "../operations/attempt-score";
import { questionTest } from "../operations/question-test";

export const OPERATIONS = [
  examCreate,
  examUpdate,
  examGet,
  examList,
  examDelete,
  examUpdateStatus,
  examExport,
  examImport,
  examDraw,
  examDuplicate,
  questionCreate,
  questionUpdate,
  questionGet,
  questionList,
  questionDelete,
  questionReorder,
  questionDuplicates,
  questionSearch,
  questionCopy,
  questionScore,
  attemptScore,
  questionTest,
  caseStudyCreate,
  caseStudyUpdate,
  caseStudyGet,
  caseStudyList,
  caseStudyDelete,
  historyList,
  commentCreate,
  commentResolve,
  commentList,
] as const satisfies readonly Operation[];

const byMethod = new Map<string, Operation>(OPERATIONS.map((op) => [op.method, op]));

export function findOperation(method: string): Operation | undefined {
  return byMethod.get(method);
}
