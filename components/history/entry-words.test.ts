import { describe, expect, it } from "vitest";
import { describeAction, describeChannel, historyHref } from "./entry-words";

describe("describeAction", () => {
  it("names every write method in words", () => {
    expect(describeAction("exam.questionCreate", {})).toBe("Question created");
    expect(describeAction("exam.examUpdate", {})).toBe("Exam updated");
    expect(describeAction("exam.questionReorder", { question_ids: [1] })).toBe("Questions reordered");
    expect(describeAction("exam.caseStudyDelete", null)).toBe("Case study deleted");
  });

  it("says which status a status change set", () => {
    expect(describeAction("exam.examUpdateStatus", { status: "ready" })).toBe("Status changed to ready");
    expect(describeAction("exam.examUpdateStatus", { status: "draft" })).toBe("Status changed to draft");
    expect(describeAction("exam.examUpdateStatus", null)).toBe("Status changed");
  });

  it("says that a write to a ready exam's content put it back to draft", () => {
    expect(describeAction("exam.questionUpdate", { status: "draft" })).toBe(
      "Status changed to draft: question updated while the exam was ready",
    );
    expect(describeAction("exam.caseStudyCreate", { status: "draft" })).toBe(
      "Status changed to draft: case study created while the exam was ready",
    );
  });

  it("names an import's file and counts in its own entry, and its questions' entries as imported", () => {
    expect(
      describeAction("exam.examImport", {
        import: { file: "bank.exam.json", format: "exam_json", created: 3, updated: 1, skipped: 0 },
      }),
    ).toBe("Imported “bank.exam.json”: 3 created, 1 updated, 0 skipped");
    expect(
      describeAction("exam.examImport", { id: 4, import: { file: null, created: 2, updated: 0, skipped: 1 } }),
    ).toBe("Imported a file: 2 created, 0 updated, 1 skipped");
    expect(describeAction("exam.examImport", { question: {}, answers: [] })).toBe("Imported from a file");
  });

  it("shows an unknown method by its name", () => {
    expect(describeAction("exam.somethingNew", {})).toBe("exam.somethingNew");
  });
});

describe("describeChannel", () => {
  it("names the token, or the web app when there is none", () => {
    expect(describeChannel("import")).toBe("API token import");
    expect(describeChannel(null)).toBe("web app");
  });
});

describe("historyHref", () => {
  it("carries one filter and the cursor", () => {
    expect(historyHref(3)).toBe("/exams/3/history");
    expect(historyHref(3, { question: 9 })).toBe("/exams/3/history?question=9");
    expect(historyHref(3, { caseStudy: 2 }, "abc")).toBe("/exams/3/history?case_study=2&cursor=abc");
    expect(historyHref(3, { exam: true })).toBe("/exams/3/history?object=exam");
  });
});
