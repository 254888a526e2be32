// What "Mark ready" found, as the app gets it (issue 23, defect 5): every finding carries the
// details the app words it from and links with (the question's id and number, the question's own
// warning, where a missing file is used), while API clients get the findings of contract 6 as
// before: `exam_has_warnings` first, then `{ code, path, message }`, without details.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { examUpdateStatus } from "@/server/operations/exam-update-status";
import type { Issue } from "@/server/errors";
import { invokeOperation } from "@/server/rpc/invoke";
import { createTestApp, type TestApp, type TestUser } from "../support/test-app";
import { makePng, toBase64 } from "../support/media-fixtures";
import { choiceQuestion, fails, newExam, ok } from "../support/exam-test-helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
});
afterAll(() => t.close());

/** What the app's server action answers (issues with their details). */
interface AppReply {
  result?: { exam: { status: string } };
  error?: { code: number; data: { issues: Issue[] } };
  warning_details: Issue[];
}

/** examUpdateStatus as the app's server action calls it (issues keep their details). */
const markReadyInApp = (u: TestUser, id: number, ignore_warnings = false) =>
  invokeOperation(
    t.app,
    { userId: u.id, tokenName: null, currentWorkspaceId: null },
    examUpdateStatus,
    { id, ready: true, ...(ignore_warnings ? { ignore_warnings } : {}) },
    null,
    "app",
  ) as Promise<AppReply>;

/** An image in `html` as a resource; answers the stored /media path and removes its file. */
function withLostImage(rgb: [number, number, number]) {
  const png = makePng(30, 20, rgb);
  return {
    resources: { "images/lost.png": toBase64(png) },
    lose(stored: string) {
      fs.rmSync(path.join(t.mediaDir, path.basename(stored)));
    },
  };
}

describe("the readiness check's findings in the app", () => {
  it("name the question (id and number) and its own warning; a missing file says where it is used", async () => {
    const u = await t.newUser();
    const exam = await newExam(u);
    ok(await u.call("exam.questionCreate", choiceQuestion(exam.id, "Fine")));
    const lonely = ok(
      await u.call("exam.questionCreate", {
        question: { exam_id: exam.id, question: "<p>One answer only</p>", type: 2 },
        answers: [{ answer: "Alone" }],
      }),
    ).question.id;
    const twice = ok(
      await u.call("exam.questionCreate", {
        question: {
          exam_id: exam.id,
          type: 7,
          question: "<p>Same value twice</p>",
          properties: { text_similarity: 100, text_answer: [{ value: "Pacific" }, { value: "pacific" }] },
        },
      }),
    ).question.id;
    // A picture in a question's answer and one in a case study, whose files are then lost.
    const inAnswer = withLostImage([200, 10, 10]);
    const pictured = ok(
      await u.call("exam.questionCreate", {
        question: { exam_id: exam.id, question: "<p>Which flag?</p>", type: 1 },
        answers: [{ answer: '<p><img src="images/lost.png" alt="flag"></p>', is_correct: true }, { answer: "No" }],
        resources: inAnswer.resources,
      }),
    );
    const inCaseStudy = withLostImage([10, 200, 10]);
    const caseStudy = ok(
      await u.call("exam.caseStudyCreate", {
        case_study: { exam_id: exam.id, name: "Branch office", description: '<p><img src="images/lost.png"></p>' },
        resources: inCaseStudy.resources,
      }),
    );
    const answerImage = pictured.resources["images/lost.png"] as string;
    const caseStudyImage = caseStudy.resources["images/lost.png"] as string;
    inAnswer.lose(answerImage);
    inCaseStudy.lose(caseStudyImage);

    const reply = await markReadyInApp(u, exam.id);
    const issues = reply.error!.data.issues;
    expect(issues[0]!.code).toBe("exam_has_warnings");
    expect(issues.slice(1).map((i) => [i.code, i.path, i.details])).toEqual([
      [
        "question_warning",
        "questions[1]",
        {
          position: 2,
          questionId: lonely,
          warning: { code: "answers_single", path: "answers" },
        },
      ],
      [
        "question_warning",
        "questions[1]",
        {
          position: 2,
          questionId: lonely,
          warning: { code: "no_correct_answer", path: "answers", details: { questionType: 2 } },
        },
      ],
      [
        "question_warning",
        "questions[2]",
        {
          position: 3,
          questionId: twice,
          warning: {
            code: "duplicate_text_answer",
            path: "question.properties.text_answer[1].value",
            details: { other: "question.properties.text_answer[0].value" },
          },
        },
      ],
      ["media_missing", "media", { usedIn: "question", position: 4, questionId: pictured.question.id }],
      [
        "media_missing",
        "media",
        { usedIn: "case_study", caseStudyId: caseStudy.case_study.id, caseStudyName: "Branch office" },
      ],
    ]);

    // Marked ready anyway: the same findings come back as warnings, with their details.
    const forced = await markReadyInApp(u, exam.id, true);
    expect(forced.result!.exam.status).toBe("ready");
    expect(forced.warning_details.map((w) => w.details)).toEqual(issues.slice(1).map((i) => i.details));
  });

  it("leave API answers as contract 6 has them: the same findings, without details", async () => {
    const u = await t.newUser();
    const exam = await newExam(u);
    const q = ok(
      await u.call("exam.questionCreate", {
        question: { exam_id: exam.id, question: "<p>One answer only</p>", type: 1 },
        answers: [{ answer: "Yes", is_correct: true }],
      }),
    ).question;
    const reply = await u.call("exam.examUpdateStatus", { id: exam.id, ready: true });
    const issues = fails(reply, -32602);
    expect(issues).toEqual([
      {
        code: "exam_has_warnings",
        path: "id",
        message: "the exam has 1 warning(s); fix them, or send ignore_warnings: true to mark it ready anyway",
      },
      {
        code: "question_warning",
        path: "questions[0]",
        message: `question ${q.id}: answers: only one answer was given; at least two are recommended`,
      },
    ]);
    const forced = await u.call("exam.examUpdateStatus", { id: exam.id, ready: true, ignore_warnings: true });
    expect(forced.warning_details).toEqual([issues[1]]);
  });
});
