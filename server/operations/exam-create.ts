import { recordAudit } from "../data/audit";
import { examToApi, insertExam } from "../data/exams";
import { replaceDomains } from "../data/domains";
import { insertMedia } from "../data/media";
import { callerWorkspace } from "../data/workspaces";
import { EXAM_INPUT_KEYS, examCreateParams } from "../schemas/exam";
import { prepareContent } from "../steps/content";
import { defineOperation } from "../operation";
import { inspectObjectParam } from "../schemas/common";
import { planBlueprint, withDomains } from "../steps/blueprint";
import { applyExamFields, newExamDefaults } from "../steps/exam-fields";
import { ctxTransaction } from "../steps/transaction";

export const examCreate = defineOperation({
  method: "exam.examCreate",
  access: "write",
  summary: "Create an exam.",
  result: {
    exam: "The exam as stored after the call: every field above plus testing_auto, status, question_count, created_at and updated_at; testing_questions and testing_time as in effect.",
    resources: "Each given resource path that was stored \u2192 its new /media/\u2026 path.",
    version:
      "The object's version after the call (1 when created; one more with every write to its own fields). Send it back as expected_version to refuse a write over someone else's.",
  },
  params: examCreateParams,
  inspect: inspectObjectParam("exam", EXAM_INPUT_KEYS),
  async run(ctx, { exam: input, resources }) {
    const content = await prepareContent(
      ctx,
      input.description === undefined
        ? []
        : [{ path: "exam.description", kind: "description", html: input.description }],
      [],
      resources,
    );
    const stored = {
      ...newExamDefaults(),
      type: input.type,
      title: "",
      category: "",
      code: "",
      evaluationMethod: input.evaluation_method,
      questionCount: 0,
    };
    const columns = applyExamFields(ctx, stored, input, content.html.get("exam.description"));
    const domains = input.domains === undefined ? [] : (planBlueprint(ctx, null, input.domains, []) ?? []);
    ctx.report.throwIfErrors();
    // A token's workspace; the web app's person's own until a workspace can be chosen there.
    // Checked before any file is written: a refused call stores nothing.
    const workspaceId = await callerWorkspace(ctx.db, ctx);
    await content.storeFiles();

    return ctxTransaction(ctx, async (tx) => {
      await insertMedia(tx, content.mediaRows);
      const row = await insertExam(tx, ctx.actor.userId, workspaceId, columns);
      const view = examToApi(row);
      const blueprint = await replaceDomains(tx, row.id, domains);
      await recordAudit(tx, ctx.actor, {
        method: ctx.method,
        objectType: "exam",
        objectId: row.id,
        examId: row.id,
        // examGet's view: the blueprint is part of the exam's version (the answer keeps its fields).
        snapshot: withDomains(view, blueprint.domains),
        version: row.version,
      });
      return { exam: view, resources: content.resources, version: row.version };
    });
  },
});
