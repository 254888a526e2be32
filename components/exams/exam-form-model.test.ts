import { describe, expect, it } from "vitest";
import type { ExamWithDomains } from "@/server/data/domains";
import { buildExamRequest, checkExamForm, rebaseValues, valuesFromExam } from "./exam-form-model";
import { placeIssues } from "./issues";

function examView(overrides: Partial<ExamWithDomains> = {}): ExamWithDomains {
  return {
    id: 7,
    type: 2,
    check_answer: 0,
    title: "Networking",
    category: "Net",
    code: "NET-1",
    shuffle_questsion: true,
    shuffle_answers: true,
    testing_questions: 40,
    testing_time: 60,
    testing_auto: true,
    evaluation_method: 1,
    passing_score: 70,
    show_description_page: false,
    show_standard_introduction: true,
    description: "",
    status: "draft",
    question_count: 40,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    domains: [],
    ...overrides,
  };
}

describe("buildExamRequest", () => {
  it("sends only what changed, in the API's types", () => {
    const base = valuesFromExam(examView());
    expect(buildExamRequest(base, base).request).toEqual({});
    const edited = {
      ...base,
      title: "New",
      check_answer: true,
      shuffle_questsion: false,
      passing_score: "80",
      testing_time: "90",
    };
    expect(buildExamRequest(edited, base).request).toEqual({
      title: "New",
      check_answer: 1,
      shuffle_questsion: false,
      passing_score: 80,
      testing_time: 90,
    });
  });

  it("sends the passing score when moving to a pass/fail method, never for score-only methods", () => {
    const base = valuesFromExam(examView({ evaluation_method: 3, passing_score: 55 }));
    expect(buildExamRequest({ ...base, evaluation_method: 2 }, base).request).toEqual({
      evaluation_method: 2,
      passing_score: 55,
    });
    expect(buildExamRequest({ ...base, passing_score: "60" }, base).request).toEqual({});
    const none = valuesFromExam(examView({ evaluation_method: 3, passing_score: null }));
    expect(buildExamRequest({ ...none, evaluation_method: 1 }, none).request).toEqual({ evaluation_method: 1 });
  });

  it("turns 'back to automatic' into testing_questions: 0 and 'time from questions' into testing_time: -1", () => {
    const base = valuesFromExam(examView({ testing_auto: false, testing_questions: 30, testing_time: 90 }));
    expect(buildExamRequest({ ...base, testing_reset: true, testing_time: "12" }, base).request).toEqual({
      testing_questions: 0,
    });
    expect(buildExamRequest({ ...base, time_by_rate: true }, base).request).toEqual({ testing_time: -1 });
  });
});

describe("checkExamForm", () => {
  it("reports errors at their fields in the author's words", () => {
    const exam = examView();
    const base = valuesFromExam(exam);
    const check = checkExamForm(exam, { ...base, title: "  ", passing_score: "150", testing_questions: "1.5" }, base);
    expect(placeIssues(check.errors, ["title", "passing_score", "testing_questions"]).byField).toEqual({
      title: ["Fill this in."],
      passing_score: ["Enter a whole number from 0 to 100."],
      testing_questions: ["Enter a whole number of questions, 0 or more."],
    });
    expect(check.testing).toBeNull();
    // Nothing wrong is sent: the number fields' texts are left out of the request.
    expect(check.request).toEqual({ title: "  " });
  });

  it("never turns a typed time limit that is not a number of minutes into another setting", () => {
    const exam = examView();
    const base = valuesFromExam(exam);
    for (const typed of ["-5", "thirty", "2.5", ""]) {
      const check = checkExamForm(exam, { ...base, testing_time: typed }, base);
      expect(check.request).toEqual({});
      expect(check.errors.map((e) => [e.code, e.path])).toEqual([["invalid_number", "exam.testing_time"]]);
    }
  });

  it("previews auto-handling as the contract's worked examples say", () => {
    const exam = examView(); // auto, N=40 (40, 60)
    const base = valuesFromExam(exam);
    // #5: testing_questions=30 → off, 30, 60.
    expect(checkExamForm(exam, { ...base, testing_questions: "30" }, base).testing).toMatchObject({
      auto: false,
      questions: 30,
      time: 60,
    });
    // #9: 45 > N → auto, 40, 60.
    expect(checkExamForm(exam, { ...base, testing_questions: "45" }, base).testing).toMatchObject({
      auto: true,
      questions: 40,
      time: 60,
    });
    // #11: testing_time=90 → off, 40, 90.
    expect(checkExamForm(exam, { ...base, testing_time: "90" }, base).testing).toMatchObject({
      auto: false,
      questions: 40,
      time: 90,
    });
    // #7 then #8: from off (30, 60 fixed) with N=50, time by rate, then back to automatic.
    const locked = examView({ testing_auto: false, testing_questions: 30, testing_time: 60, question_count: 50 });
    const lockedBase = valuesFromExam(locked);
    expect(checkExamForm(locked, { ...lockedBase, time_by_rate: true }, lockedBase).testing).toMatchObject({
      auto: false,
      questions: 30,
      time: 45,
    });
    expect(checkExamForm(locked, { ...lockedBase, testing_reset: true }, lockedBase).testing).toMatchObject({
      auto: true,
      questions: 50,
      time: 75,
    });
  });

  it("refuses no time limit for type 3, explicit or stored", () => {
    const exam = examView();
    const base = valuesFromExam(exam);
    const explicit = checkExamForm(exam, { ...base, type: 3, testing_time: "0" }, base);
    expect(explicit.errors.map((e) => e.path)).toEqual(["exam.testing_time"]);
    const none = examView({ testing_auto: false, testing_questions: 20, testing_time: 0, question_count: 20 });
    const noneBase = valuesFromExam(none);
    expect(checkExamForm(none, { ...noneBase, type: 3 }, noneBase).errors[0]?.message).toMatch(
      /stored testing_time is 0/,
    );
  });
});

describe("rebaseValues", () => {
  it("lets untouched fields follow the newly loaded exam and keeps edited ones", () => {
    const before = valuesFromExam(examView());
    const after = valuesFromExam(
      examView({ title: "Renamed elsewhere", testing_questions: 45, testing_time: 68, question_count: 45 }),
    );
    const typed = { ...before, code: "NEW-CODE" };
    expect(rebaseValues(typed, before, after)).toEqual({ ...after, code: "NEW-CODE" });
  });
});
