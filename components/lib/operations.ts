// Calls an API operation from a client component through the server action, typed by method.
// Only types are imported from the operations, so no server code reaches the browser bundle.
import { runOperation } from "@/app/actions/operation";
import type { Issue } from "@/server/errors";
import type { RpcFailure, RpcResponse } from "@/server/rpc/envelope";
import type { Materialized } from "@/server/raw-json";
import type { caseStudyCreate } from "@/server/operations/case-study-create";
import type { caseStudyDelete } from "@/server/operations/case-study-delete";
import type { caseStudyGet } from "@/server/operations/case-study-get";
import type { caseStudyList } from "@/server/operations/case-study-list";
import type { caseStudyUpdate } from "@/server/operations/case-study-update";
import type { commentCreate } from "@/server/operations/comment-create";
import type { commentList } from "@/server/operations/comment-list";
import type { commentResolve } from "@/server/operations/comment-resolve";
import type { examCreate } from "@/server/operations/exam-create";
import type { examDelete } from "@/server/operations/exam-delete";
import type { examExport } from "@/server/operations/exam-export";
import type { examGet } from "@/server/operations/exam-get";
import type { examImport } from "@/server/operations/exam-import";
import type { examList } from "@/server/operations/exam-list";
import type { examUpdate } from "@/server/operations/exam-update";
import type { examUpdateStatus } from "@/server/operations/exam-update-status";
import type { questionCreate } from "@/server/operations/question-create";
import type { questionDelete } from "@/server/operations/question-delete";
import type { questionGet } from "@/server/operations/question-get";
import type { questionList } from "@/server/operations/question-list";
import type { questionReorder } from "@/server/operations/question-reorder";
import type { questionUpdate } from "@/server/operations/question-update";

type ResultOf<Op> = Op extends { run(...args: any[]): Promise<infer R> }
  ? Materialized<R> & { completed: true }
  : never;

export interface OperationResults {
  "exam.examCreate": ResultOf<typeof examCreate>;
  "exam.examUpdate": ResultOf<typeof examUpdate>;
  "exam.examGet": ResultOf<typeof examGet>;
  "exam.examList": ResultOf<typeof examList>;
  "exam.examDelete": ResultOf<typeof examDelete>;
  "exam.examUpdateStatus": ResultOf<typeof examUpdateStatus>;
  "exam.examExport": ResultOf<typeof examExport>;
  "exam.examImport": ResultOf<typeof examImport>;
  "exam.questionCreate": ResultOf<typeof questionCreate>;
  "exam.questionUpdate": ResultOf<typeof questionUpdate>;
  "exam.questionGet": ResultOf<typeof questionGet>;
  "exam.questionList": ResultOf<typeof questionList>;
  "exam.questionDelete": ResultOf<typeof questionDelete>;
  "exam.questionReorder": ResultOf<typeof questionReorder>;
  "exam.caseStudyCreate": ResultOf<typeof caseStudyCreate>;
  "exam.caseStudyUpdate": ResultOf<typeof caseStudyUpdate>;
  "exam.caseStudyGet": ResultOf<typeof caseStudyGet>;
  "exam.caseStudyList": ResultOf<typeof caseStudyList>;
  "exam.caseStudyDelete": ResultOf<typeof caseStudyDelete>;
  "exam.commentCreate": ResultOf<typeof commentCreate>;
  "exam.commentResolve": ResultOf<typeof commentResolve>;
  "exam.commentList": ResultOf<typeof commentList>;
}
export type Method = keyof OperationResults;

export type OperationOutcome<M extends Method> =
  | { ok: true; result: OperationResults[M]; warnings: Issue[] }
  /** `issues` carry the paths of the params (e.g. `answers[1].answer`) so a form can place them. */
  | {
      ok: false;
      code: number;
      message: string;
      issues: Issue[];
      errors: string[];
      warnings: Issue[];
      data?: Record<string, unknown>;
    };

export async function callOperation<M extends Method>(method: M, params: object): Promise<OperationOutcome<M>> {
  let response: RpcResponse;
  try {
    response = await runOperation(method, params);
  } catch (error) {
    const refusal = refusalIn(error);
    if (!refusal)
      return {
        ok: false,
        code: -32603,
        message: "The server could not be reached; nothing was saved. Try again.",
        issues: [],
        errors: [],
        warnings: [],
      };
    response = refusal;
  }
  if ("result" in response)
    return { ok: true, result: response.result as OperationResults[M], warnings: response.warning_details };
  const issues = (response.error.data?.issues as Issue[] | undefined) ?? [];
  return {
    ok: false,
    code: response.error.code,
    message: response.error.message,
    issues,
    errors: response.errors,
    warnings: response.warning_details,
    data: response.error.data,
  };
}

/**
 * The error envelope of a call refused before its server action ran: proxy.ts answers a body over
 * LIMIT_BODY_MB with it as `text/plain`, whose text Next's client throws as the error's message
 * (server/web/body-limits.ts). Null for any other failure.
 */
function refusalIn(error: unknown): RpcFailure | null {
  if (!(error instanceof Error) || !error.message.startsWith('{"jsonrpc"')) return null;
  try {
    const envelope = JSON.parse(error.message) as RpcFailure;
    return envelope.jsonrpc === "2.0" && typeof envelope.error?.code === "number" ? envelope : null;
  } catch {
    return null;
  }
}
