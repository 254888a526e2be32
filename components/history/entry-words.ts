// An audit entry in an author's words: what happened ("Question created"), who did it through
// what ("API token import" / "web app"). Pure, so the history page and its tests share it.
import { isAutoDraftSnapshot } from "@/server/domain/history-diff";

const ACTIONS: Record<string, string> = {
  "exam.examCreate": "Exam created",
  "exam.examUpdate": "Exam updated",
  "exam.examDelete": "Exam deleted",
  "exam.questionCreate": "Question created",
  "exam.questionUpdate": "Question updated",
  "exam.questionDelete": "Question deleted",
  "exam.questionReorder": "Questions reordered",
  "exam.caseStudyCreate": "Case study created",
  "exam.caseStudyUpdate": "Case study updated",
  "exam.caseStudyDelete": "Case study deleted",
  "exam.examImport": "Imported from a file",
  "exam.questionCopy": "Question copied",
  "exam.examDuplicate": "Exam duplicated",
};

/** What the entry did. A status change says which status it set (read off the stored exam). */
export function describeAction(method: string, snapshot: unknown): string {
  if (method === "exam.examUpdateStatus") {
    const status =
      typeof snapshot === "object" && snapshot !== null ? (snapshot as { status?: unknown }).status : undefined;
    return status === "ready"
      ? "Status changed to ready"
      : status === "draft"
        ? "Status changed to draft"
        : "Status changed";
  }
  if (method === "exam.examImport") {
    // The import's own entry names the file and the counts; its questions' and case studies' entries do not.
    const summary =
      typeof snapshot === "object" && snapshot !== null ? (snapshot as { import?: unknown }).import : undefined;
    if (typeof summary === "object" && summary !== null) {
      const { file, created, updated, skipped } = summary as Record<string, unknown>;
      const name = typeof file === "string" && file !== "" ? `“${file}”` : "a file";
      return `Imported ${name}: ${Number(created)} created, ${Number(updated)} updated, ${Number(skipped)} skipped`;
    }
  }
  if (isAutoDraftSnapshot(snapshot)) {
    const cause = ACTIONS[method];
    return `Status changed to draft: ${cause ? cause.toLowerCase() : method} while the exam was ready`;
  }
  // A method added later still shows, by its API name, rather than disappearing.
  return ACTIONS[method] ?? method;
}

/** Through what the write came: a named API token, or the web app (no token). */
export function describeChannel(tokenName: string | null): string {
  return tokenName === null ? "web app" : `API token ${tokenName}`;
}

/** The history page's URL for one filter and page. */
export function historyHref(
  examId: number,
  filter: { question?: number; caseStudy?: number; exam?: boolean } = {},
  cursor?: string,
): string {
  const query = new URLSearchParams();
  if (filter.question !== undefined) query.set("question", String(filter.question));
  else if (filter.caseStudy !== undefined) query.set("case_study", String(filter.caseStudy));
  else if (filter.exam) query.set("object", "exam");
  if (cursor) query.set("cursor", cursor);
  const qs = query.toString();
  return `/exams/${examId}/history${qs ? `?${qs}` : ""}`;
}
