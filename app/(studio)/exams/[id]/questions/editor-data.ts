// What both question editor pages load, through the same operations (and ownership checks) as
// /api/json: the exam, its case studies and domains (for the selects), the tags used in its
// workspace (the tag input's suggestions), and the limits the live check applies in the browser
// (the server's own, so both say the same).
import "server-only";
import { getAppContext } from "@/server/app-context";
import { caseStudyList } from "@/server/operations/case-study-list";
import { examGet } from "@/server/operations/exam-get";
import { readOperation } from "@/server/web/read";
import type { Author } from "@/server/web/session";
import { readWorkspaceTags } from "@/server/web/workspace-tags";
import type { CaseStudyOption, SettingsOptions } from "@/components/question-editor/settings-panel";
import type { ValidationLimits } from "@/components/question-editor/validate";

export async function loadEditorContext(author: Author, examId: number) {
  const { exam } = await readOperation(author, examGet, { id: examId });
  const caseStudies: CaseStudyOption[] = [];
  let cursor: string | undefined;
  do {
    const page = await readOperation(author, caseStudyList, {
      exam_id: examId,
      limit: 200,
      ...(cursor ? { cursor } : {}),
    });
    caseStudies.push(...page.case_studies.map((cs) => ({ id: cs.id, name: cs.name })));
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  const { limits } = await getAppContext();
  // Infinity (a limit turned off) becomes 0, which the rules also read as "off".
  const browserLimits: ValidationLimits = {
    answers: Number.isFinite(limits.answers) ? limits.answers : 0,
    textAnswers: Number.isFinite(limits.textAnswers) ? limits.textAnswers : 0,
  };
  const options: SettingsOptions = {
    caseStudies,
    domains: exam.domains.map((d) => ({ id: d.id, code: d.code, name: d.name })),
    tagSuggestions: await readWorkspaceTags(author, examId),
  };
  return { exam, options, limits: browserLimits };
}

export type EditorContext = Awaited<ReturnType<typeof loadEditorContext>>;
