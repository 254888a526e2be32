import { describe, expect, it } from "vitest";
import {
  changesAgainstPrevious,
  diffSnapshots,
  isAutoDraftSnapshot,
  isObjectSnapshot,
  isSameVersion,
  sameJson,
} from "./history-diff";

const question = (
  over: Record<string, unknown> = {},
  answers: Record<string, unknown>[] = [answer(1, "<p>4</p>", true), answer(2, "<p>5</p>", false)],
) => ({
  question: {
    id: 7,
    exam_id: 1,
    question: "<p>Q</p>",
    explanation: "",
    type: 1,
    case_study_id: null,
    external_id: null,
    properties: {},
    points: 1,
    ...over,
  },
  answers,
});
function answer(order: number, text: string, isCorrect: boolean, id = order * 10) {
  return { id, old_id: null, answer: text, is_correct: isCorrect, order, points: 0 };
}

describe("sameJson", () => {
  it("ignores key order and compares arrays item by item", () => {
    expect(sameJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({ a: null }, {})).toBe(false);
    expect(sameJson(null, {})).toBe(false);
  });
});

describe("diffSnapshots for questions", () => {
  it("names a change of the domain or the tags; a version from before them had none (contract 15.1)", () => {
    const prev = question({ domain_id: 3, tags: ["Ports"] });
    expect(diffSnapshots("question", prev, question({ domain_id: 4, tags: ["Ports"] }))).toEqual([
      { field: "question.domain_id", label: "Domain" },
    ]);
    expect(diffSnapshots("question", prev, question({ domain_id: 3, tags: ["ports"] }))).toEqual([
      { field: "question.tags", label: "Tags" },
    ]);
    // copied_from is set by a copy, never by an update: not compared.
    expect(
      diffSnapshots("question", prev, question({ domain_id: 3, tags: ["Ports"], copied_from: { question_id: 1 } })),
    ).toEqual([]);
    expect(isSameVersion("question", question(), question({ domain_id: null, tags: [] }))).toBe(true);
    expect(diffSnapshots("question", question(), question({ tags: ["New"] }))).toEqual([
      { field: "question.tags", label: "Tags" },
    ]);
  });

  it("names nothing when only the answers' ids changed (they are new on every save)", () => {
    const next = question({}, [answer(1, "<p>4</p>", true, 99), answer(2, "<p>5</p>", false, 100)]);
    expect(diffSnapshots("question", question(), next)).toEqual([]);
  });

  it("names each changed field, answers position by position and properties by key", () => {
    const prev = question({ properties: { optional_answers: false } });
    const next = question({ question: "<p>Q2</p>", points: 3, properties: { optional_answers: true } }, [
      answer(1, "<p>four</p>", false),
      answer(2, "<p>5</p>", false),
      answer(3, "<p>6</p>", true),
    ]);
    expect(diffSnapshots("question", prev, next)).toEqual([
      { field: "question.question", label: "Question text" },
      { field: "question.points", label: "Points" },
      { field: "answers", label: "Answers", detail: "answer 1: text, correct mark; 1 added" },
      { field: "properties", label: "Properties", detail: "optional_answers" },
    ]);
  });

  it("compares answers in their stored order, whatever the array order", () => {
    const shuffled = question({}, [answer(2, "<p>5</p>", false), answer(1, "<p>4</p>", true)]);
    expect(diffSnapshots("question", question(), shuffled)).toEqual([]);
    expect(diffSnapshots("question", question(), question({}, [answer(1, "<p>4</p>", true)]))).toEqual([
      { field: "answers", label: "Answers", detail: "1 removed" },
    ]);
  });

  it("names a changed order and a changed old_id (the client's own id, echoed back)", () => {
    const renumbered = question({}, [answer(2, "<p>4</p>", true), answer(3, "<p>5</p>", false)]);
    expect(diffSnapshots("question", question(), renumbered)).toEqual([
      { field: "answers", label: "Answers", detail: "answer 1: order; answer 2: order" },
    ]);
    const withOldId = question({}, [{ ...answer(1, "<p>4</p>", true), old_id: 1 }, answer(2, "<p>5</p>", false)]);
    const asString = question({}, [{ ...answer(1, "<p>4</p>", true), old_id: "1" }, answer(2, "<p>5</p>", false)]);
    expect(diffSnapshots("question", withOldId, asString)).toEqual([
      { field: "answers", label: "Answers", detail: "answer 1: client's id" },
    ]);
    // An entry written before old_id was kept has none: the same as null.
    const { old_id: _dropped, ...withoutOldId } = answer(1, "<p>4</p>", true);
    expect(diffSnapshots("question", question({}, [withoutOldId, answer(2, "<p>5</p>", false)]), question())).toEqual(
      [],
    );
  });

  it("is null when one side is not a version (a delete's null)", () => {
    expect(diffSnapshots("question", question(), null)).toBeNull();
    expect(diffSnapshots("question", { question_ids: [1] }, question())).toBeNull();
  });
});

describe("diffSnapshots for exams and case studies", () => {
  const exam = (over: Record<string, unknown> = {}) => ({
    id: 1,
    title: "T",
    code: "C",
    status: "draft",
    updated_at: "2024-01-01T00:00:00.000Z",
    ...over,
  });

  it("leaves timestamps out", () => {
    expect(diffSnapshots("exam", exam(), exam({ updated_at: "2025-01-01T00:00:00.000Z" }))).toEqual([]);
    expect(diffSnapshots("exam", exam(), exam({ status: "ready", title: "U" }))).toEqual([
      { field: "title", label: "Title" },
      { field: "status", label: "Status" },
    ]);
  });

  it("names a change of the blueprint; an entry from before it had none", () => {
    const domains = [{ id: 3, code: "1.0", name: "Net", weight: 0 }];
    expect(diffSnapshots("exam", exam(), exam({ domains: [] }))).toEqual([]);
    expect(diffSnapshots("exam", exam({ domains }), exam({ domains }))).toEqual([]);
    expect(diffSnapshots("exam", exam(), exam({ domains }))).toEqual([{ field: "domains", label: "Blueprint" }]);
    expect(diffSnapshots("exam", exam({ domains }), exam({ domains: [{ ...domains[0], weight: 100 }] }))).toEqual([
      { field: "domains", label: "Blueprint" },
    ]);
  });

  it("does not read a reorder's question list as an exam version", () => {
    expect(isObjectSnapshot("exam", { question_ids: [2, 1] })).toBe(false);
    expect(diffSnapshots("exam", { question_ids: [1, 2] }, exam())).toBeNull();
  });

  it("compares case studies by name and description", () => {
    expect(
      diffSnapshots("case_study", { id: 1, name: "A", description: "" }, { id: 1, name: "B", description: "" }),
    ).toEqual([{ field: "name", label: "Name" }]);
  });
});

describe("changesAgainstPrevious", () => {
  const entry = (
    id: number,
    object_type: string,
    object_id: number,
    snapshot: unknown,
    method = "exam.somethingUpdate",
  ) => ({ id, method, object_type, object_id, snapshot });

  it("pairs each version with the same object's next older one, skipping other objects and non-versions", () => {
    const entries = [
      entry(6, "question", 7, question({ points: 2 })),
      entry(5, "exam", 1, { question_ids: [7] }),
      entry(4, "question", 8, question({ id: 8 })),
      entry(3, "question", 7, question()),
    ];
    const changes = changesAgainstPrevious(entries);
    expect(changes.get(6)).toEqual([{ field: "question.points", label: "Points" }]);
    expect(changes.has(5)).toBe(false);
    expect(changes.has(4)).toBe(false);
    expect(changes.has(3)).toBe(false);
  });

  it("reads the version just beyond the page for the page's oldest entry, without describing that one", () => {
    const changes = changesAgainstPrevious(
      [entry(9, "question", 7, question({ explanation: "<p>E</p>" }))],
      [entry(2, "question", 7, question())],
    );
    expect(changes.get(9)).toEqual([{ field: "question.explanation", label: "Explanation" }]);
    expect(changes.has(2)).toBe(false);
  });

  it("says what a status change did, its status, whatever the exam's previous version says", () => {
    const exam = (over: Record<string, unknown>) => ({
      id: 1,
      title: "T",
      code: "C",
      status: "draft",
      testing_questions: 5,
      ...over,
    });
    const entries = [
      // Marked ready again after a question write put it back to draft (which writes no exam entry).
      entry(8, "exam", 1, exam({ status: "ready", testing_questions: 6 }), "exam.examUpdateStatus"),
      entry(7, "question", 3, question()),
      entry(6, "exam", 1, exam({ status: "ready" }), "exam.examUpdateStatus"),
      entry(5, "exam", 1, exam({ status: "draft" }), "exam.examCreate"),
    ];
    const changes = changesAgainstPrevious(entries);
    expect(changes.get(8)).toEqual([{ field: "status", label: "Status", detail: "set to ready" }]);
    expect(changes.get(6)).toEqual([{ field: "status", label: "Status", detail: "set to ready" }]);
  });

  it("says what an automatic return to draft did, and does not read it as an exam version", () => {
    const exam = (over: Record<string, unknown>) => ({ id: 1, title: "T", code: "C", status: "draft", ...over });
    const entries = [
      entry(9, "exam", 1, exam({ title: "T2" }), "exam.examUpdate"),
      entry(8, "exam", 1, { status: "draft" }, "exam.questionUpdate"),
      entry(7, "question", 3, question(), "exam.questionUpdate"),
      entry(6, "exam", 1, exam({ status: "ready" }), "exam.examUpdateStatus"),
    ];
    const changes = changesAgainstPrevious(entries);
    expect(changes.get(8)).toEqual([{ field: "status", label: "Status", detail: "set to draft" }]);
    // The settings update is compared with the last full version of the exam.
    expect(changes.get(9)).toEqual([
      { field: "title", label: "Title" },
      { field: "status", label: "Status" },
    ]);
  });
});

describe("isAutoDraftSnapshot", () => {
  it("is the status-only snapshot, nothing else", () => {
    expect(isAutoDraftSnapshot({ status: "draft" })).toBe(true);
    expect(isAutoDraftSnapshot({ status: "draft", title: "T" })).toBe(false);
    expect(isAutoDraftSnapshot({ status: "ready" })).toBe(false);
    expect(isAutoDraftSnapshot({ question_ids: [1] })).toBe(false);
    expect(isAutoDraftSnapshot(null)).toBe(false);
  });
});

describe("isSameVersion", () => {
  it("is true when the history would show no change, answer ids aside", () => {
    const next = question({}, [answer(1, "<p>4</p>", true, 99), answer(2, "<p>5</p>", false, 100)]);
    expect(isSameVersion("question", question(), next)).toBe(true);
    expect(isSameVersion("question", question(), question({ points: 2 }))).toBe(false);
    expect(isSameVersion("case_study", { name: "A", description: "" }, { name: "A", description: "" })).toBe(true);
    expect(isSameVersion("case_study", { name: "A", description: "" }, { name: "B", description: "" })).toBe(false);
  });
  it("is false when one side is not a version", () => {
    expect(isSameVersion("question", question(), null)).toBe(false);
  });
});
