import { describe, expect, it } from "vitest";
import { decodeBase64 } from "../media/base64";
import { ARCHIVE_MARKER, exportExamJson, fileNameFor, looksLikeExamJson, parseExamJson } from "./exam-json";
import type { ExamContent, ImportPlan } from "./types";

const PNG_PATH = `/media/${"a".repeat(64)}.png`;
const GONE_PATH = `/media/${"b".repeat(64)}.png`;
const PNG_BYTES = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

function content(overrides: Partial<ExamContent> = {}): ExamContent {
  return {
    exam: {
      type: 3,
      check_answer: 0,
      title: "Networking",
      category: "IT",
      code: "NET 1/a",
      shuffle_questsion: false,
      shuffle_answers: true,
      testing: { auto: false, locked_questions: 2, time_mode: "fixed", fixed_time: 45 },
      evaluation_method: 2,
      passing_score: 60,
      show_description_page: true,
      show_standard_introduction: false,
      description: `<p>Intro <img src="${PNG_PATH}" alt=""></p>`,
    },
    caseStudies: [
      { id: 10, name: "Contoso", description: "<p>Two offices</p>" },
      { id: 11, name: "Fabrikam", description: "" },
    ],
    domains: [
      { code: "1.0", name: "Network Fundamentals", weight: 60 },
      { code: "2.0", name: "Security", weight: 40 },
    ],
    questions: [
      {
        id: 100,
        type: 1,
        question: "<p>Port?</p>",
        explanation: "",
        external_id: "Q-1",
        points: 2,
        case_study_id: 10,
        properties: {},
        answers: [
          { answer: "<p>443</p>", is_correct: true, order: 1, points: 1, old_id: "a" },
          { answer: "<p>80</p>", is_correct: false, order: 2, points: -1, old_id: null },
        ],
        domain: "2.0",
        tags: ["Ports", "TLS"],
        scenarios: [{ name: "right", response: { answer: 1 }, expected_points: 3 }],
        copied_from: { question_id: 7, exam_id: 3, version: 2 },
      },
      {
        id: 101,
        type: 5,
        question: "<p>Click</p>",
        explanation: `<p><img src="${GONE_PATH}"></p>`,
        external_id: null,
        points: 1,
        case_study_id: null,
        properties: {
          options: { SingleAnswer: false, FixedWidth: false, FixedHeight: false },
          image: PNG_PATH,
          correct: { "block-1": true },
          areas: [{ id: "block-1", x: 0, y: 0, width: 30, height: 15 }],
        },
        answers: [],
      },
    ],
    media: new Map([[PNG_PATH, PNG_BYTES]]),
    ...overrides,
  };
}

const NOW = "2026-01-02T03:04:05.000Z";
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const bytesOf = (value: unknown) => new TextEncoder().encode(typeof value === "string" ? value : JSON.stringify(value));
const OPTIONS = { maxItems: 10_000 };

function plan(value: unknown): ImportPlan {
  const result = parseExamJson(bytesOf(value), OPTIONS);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.plan;
}

function issues(value: unknown, options = OPTIONS) {
  const result = parseExamJson(bytesOf(value), options);
  if (result.ok) throw new Error("expected issues");
  return result.issues;
}

describe("exam_json export", () => {
  const { file, report } = exportExamJson(content(), { now: NOW });
  const doc = JSON.parse(text(file.bytes));

  it("writes the marker and version first, then every exam setting, case studies, questions in order and media", () => {
    expect(Object.keys(doc)).toEqual([
      "format",
      "version",
      "exported_at",
      "exam",
      "case_studies",
      "questions",
      "media",
    ]);
    expect(doc).toMatchObject({ format: ARCHIVE_MARKER, version: 1, exported_at: NOW });
    expect(doc.exam).toEqual({ ...content().exam, domains: content().domains });
    expect(doc.case_studies).toEqual([
      { name: "Contoso", description: "<p>Two offices</p>" },
      { name: "Fabrikam", description: "" },
    ]);
    expect(doc.questions.map((q: { external_id: string | null }) => q.external_id)).toEqual(["Q-1", null]);
    expect(doc.questions[0]).toEqual({
      external_id: "Q-1",
      type: 1,
      case_study: "Contoso",
      domain: "2.0",
      tags: ["Ports", "TLS"],
      scenarios: [{ name: "right", response: { answer: 1 }, expected_points: 3 }],
      copied_from: { question_id: 7, exam_id: 3, version: 2 },
      points: 2,
      question: "<p>Port?</p>",
      explanation: "",
      properties: {},
      answers: [
        { answer: "<p>443</p>", is_correct: true, order: 1, points: 1, old_id: "a" },
        { answer: "<p>80</p>", is_correct: false, order: 2, points: -1, old_id: null },
      ],
    });
    // Properties with their keys sorted, at every depth.
    expect(Object.keys(doc.questions[1].properties)).toEqual(["areas", "correct", "image", "options"]);
    // A question without a domain, tags or an original says so.
    expect([doc.questions[1].domain, doc.questions[1].tags, doc.questions[1].copied_from]).toEqual([null, [], null]);
    expect(Object.keys(doc.questions[1].properties.options)).toEqual(["FixedHeight", "FixedWidth", "SingleAnswer"]);
  });

  it("embeds each stored media file once, as Base64 under the path the content uses", () => {
    expect(Object.keys(doc.media)).toEqual([PNG_PATH]);
    expect(decodeBase64(doc.media[PNG_PATH])).toEqual(PNG_BYTES);
    expect(file).toMatchObject({ name: "NET-1-a.exam.json", content_type: "application/json" });
  });

  it("reports every question lossless unless its media is missing, and says what the archive does not hold", () => {
    expect(report.items).toEqual([
      { question_id: 100, fidelity: "lossless", notes: [] },
      {
        question_id: 101,
        fidelity: "lossy",
        notes: [expect.stringContaining(`${GONE_PATH} is missing from the media store`)],
      },
    ]);
    expect(report.notes).toEqual([expect.stringMatching(/status, review comments, history and versions/)]);
  });

  it("calls a question lossy when its case study shares its name with an earlier one", () => {
    const c = content({
      caseStudies: [
        { id: 10, name: "Same", description: "" },
        { id: 11, name: "Same", description: "<p>Other</p>" },
      ],
    });
    c.questions[0]!.case_study_id = 11;
    const r = exportExamJson(c, { now: NOW }).report;
    expect(r.items[0]).toMatchObject({
      fidelity: "lossy",
      notes: [expect.stringMatching(/same name as an earlier case study/)],
    });
  });

  it("is the same document when exported again from what its import reads (apart from the time)", () => {
    const p = plan(text(file.bytes));
    const again: ExamContent = {
      exam: { ...content().exam, ...p.exam!.settings } as ExamContent["exam"],
      caseStudies: p.caseStudies.map((cs, i) => ({ id: i + 1, name: cs.name, description: cs.description })),
      domains: p.domains,
      questions: p.items.map((item, i) => ({
        id: i + 1,
        type: item.params!.question.type as number,
        question: item.params!.question.question,
        explanation: item.params!.question.explanation ?? "",
        external_id: item.params!.question.external_id ?? null,
        points: item.params!.question.points ?? 1,
        case_study_id: item.caseStudy === null ? null : p.caseStudies.findIndex((cs) => cs.name === item.caseStudy) + 1,
        properties: (item.params!.question.properties ?? {}) as Record<string, unknown>,
        answers: (item.params!.answers ?? []).map((a) => ({
          answer: a.answer,
          is_correct: a.is_correct ?? false,
          order: a.order!,
          points: a.points ?? 0,
          old_id: a.old_id ?? null,
        })),
        domain: item.domain,
        tags: item.params!.question.tags,
        scenarios: item.params!.question.scenarios,
        copied_from: item.copiedFrom,
      })),
      media: new Map([[PNG_PATH, PNG_BYTES]]),
    };
    expect(
      text(exportExamJson(again, { now: "2030-01-01T00:00:00.000Z" }).file.bytes).replace(/"exported_at": "[^"]*"/, ""),
    ).toBe(text(file.bytes).replace(/"exported_at": "[^"]*"/, ""));
  });

  it("names the file after the exam's code, or 'exam'", () => {
    expect(fileNameFor("NET-1", "exam.json")).toBe("NET-1.exam.json");
    expect(fileNameFor("../x y", "exam.json")).toBe("x-y.exam.json");
    expect(fileNameFor("日本", "exam.json")).toBe("exam.exam.json");
  });
});

describe("exam_json import", () => {
  const archive = JSON.parse(text(exportExamJson(content(), { now: NOW }).file.bytes));

  it("gives the exam settings, the case studies by name and each question as questionCreate's params", () => {
    const p = plan(archive);
    expect(p.exam!.settings).toEqual(content().exam);
    expect(p.domains).toEqual(content().domains);
    expect(p.exam!.resources).toEqual({ [PNG_PATH]: archive.media[PNG_PATH] });
    expect(p.caseStudies).toEqual([
      { ref: 'case study 1 ("Contoso")', name: "Contoso", description: "<p>Two offices</p>", resources: {} },
      { ref: 'case study 2 ("Fabrikam")', name: "Fabrikam", description: "", resources: {} },
    ]);
    expect(p.items[0]).toEqual({
      ref: "question 1 (external id Q-1)",
      caseStudy: "Contoso",
      domain: "2.0",
      copiedFrom: { question_id: 7, exam_id: 3, version: 2 },
      warnings: [],
      params: {
        question: {
          type: 1,
          question: "<p>Port?</p>",
          explanation: "",
          external_id: "Q-1",
          points: 2,
          properties: {},
          tags: ["Ports", "TLS"],
          scenarios: [{ name: "right", response: { answer: 1 }, expected_points: 3 }],
        },
        answers: [
          { answer: "<p>443</p>", is_correct: true, order: 1, points: 1, old_id: "a" },
          { answer: "<p>80</p>", is_correct: false, order: 2, points: -1, old_id: null },
        ],
      },
    });
    // An image question: no answers, its image among its resources (a path it names but the file lacks is left to the media check).
    expect(p.items[1]!.ref).toBe("question 2");
    expect(p.items[1]!.params!.answers).toBeUndefined();
    expect(p.items[1]!.params!.resources).toEqual({ [PNG_PATH]: archive.media[PNG_PATH] });
    expect(p.warnings).toEqual([]);
  });

  it("takes a hand-written archive with only the required fields, and a byte order mark", () => {
    const p = plan(
      `\uFEFF${JSON.stringify({ format: ARCHIVE_MARKER, version: 1, questions: [{ type: 7, question: "<p>Capital?</p>" }] })}`,
    );
    expect(p.exam).toBeNull();
    expect(p.caseStudies).toEqual([]);
    expect(p.items).toEqual([
      {
        ref: "question 1",
        params: { question: { type: 7, question: "<p>Capital?</p>" } },
        caseStudy: null,
        warnings: [],
      },
    ]);
  });

  it("finds each question's media in src and poster attributes, entity-decoded, and warns about media nothing uses", () => {
    const p = plan({
      format: ARCHIVE_MARKER,
      version: 1,
      questions: [
        {
          type: 1,
          question: `<p><img alt="x" src='img/a&amp;b.png'><video poster="p.png" src=v.mp4></video></p>`,
          answers: [{ answer: '<p><audio src="s.mp3"></audio></p>' }],
        },
      ],
      media: { "img/a&b.png": "QQ==", "p.png": "Qg==", "v.mp4": "Qw==", "s.mp3": "RA==", "unused.png": "RQ==" },
    });
    expect(p.items[0]!.params!.resources).toEqual({
      "img/a&b.png": "QQ==",
      "p.png": "Qg==",
      "v.mp4": "Qw==",
      "s.mp3": "RA==",
    });
    expect(p.warnings).toEqual([
      'the archive\'s media "unused.png": nothing in the archive refers to it, so it was not stored',
    ]);
  });

  it("warns about fields it does not know, naming where they are", () => {
    const p = plan({
      ...archive,
      extra: 1,
      exam: { ...archive.exam, colour: "red" },
      questions: [{ ...archive.questions[0], note: "x", answers: [{ answer: "<p>a</p>", why: 1 }] }],
    });
    expect(p.warnings).toEqual([
      'the archive: unknown field(s) "extra" ignored',
      'the archive\'s exam: unknown field(s) "colour" ignored',
    ]);
    expect(p.items[0]!.warnings).toEqual([
      'unknown field(s) "note" ignored',
      'answers[0]: unknown field(s) "why" ignored',
    ]);
  });

  it("refuses a file that is not UTF-8, not JSON (saying where), or JSON without the marker", () => {
    expect(parseExamJson(Uint8Array.from([0x7b, 0xff, 0xfe]), OPTIONS)).toEqual({
      ok: false,
      issues: [{ code: "malformed_file", path: "file", message: expect.stringMatching(/not UTF-8/) }],
    });
    expect(issues('{\n  "format": "exam_studio_archive",\n  "version": 1,\n}')).toEqual([
      {
        code: "malformed_file",
        path: "file",
        message: expect.stringMatching(/^is not well-formed JSON: .* \(line 4, column 1\)$/),
      },
    ]);
    expect(issues('{"format": "exam_studio_archive"')[0]!.message).toBe(
      "is not well-formed JSON: Expected ',' or '}' after property value (line 1, column 33)",
    );
    expect(issues('{"format": ')[0]!.message).toBe(
      "is not well-formed JSON: Unexpected end of JSON input (line 1, column 12)",
    );
    expect(issues({ questions: [] })).toEqual([
      {
        code: "malformed_file",
        path: "file",
        message: expect.stringMatching(/not an Exam Studio archive.*"format": "exam_studio_archive"/),
      },
    ]);
    expect(issues([1, 2])[0]!.code).toBe("malformed_file");
  });

  it("refuses another version, saying which it reads", () => {
    expect(issues({ format: ARCHIVE_MARKER, version: 2 })[0]!.message).toMatch(
      /version 2, written by a newer Exam Studio; this one reads version 1/,
    );
    expect(issues({ format: ARCHIVE_MARKER })[0]!.message).toMatch(/has "version": nothing/);
  });

  it("refuses more questions than the limit before reading them", () => {
    expect(issues({ format: ARCHIVE_MARKER, version: 1, questions: [{}, {}, {}] }, { maxItems: 2 })).toEqual([
      { code: "too_many", path: "file", message: "holds 3 questions; at most 2 can be imported at once" },
    ]);
  });

  it("reports a wrong field of a question at items[i] in questionCreate's terms, naming the question", () => {
    const found = issues({
      ...archive,
      questions: [
        { ...archive.questions[0], points: "2", answers: [{ answer: "<p>a</p>", is_correct: "yes" }] },
        { ...archive.questions[1], type: 9, case_study: 5 },
        "text",
      ],
    });
    expect(found).toEqual([
      {
        code: "invalid_type",
        path: "items[0].question.points",
        message: 'question 1 (external id Q-1): points: must be an integer, got the string "2"',
      },
      {
        code: "invalid_type",
        path: "items[0].answers[0].is_correct",
        message:
          'question 1 (external id Q-1): answers[0].is_correct: must be a boolean (true or false), got the string "yes"',
      },
      {
        code: "invalid_value",
        path: "items[1].question.type",
        message: expect.stringMatching(/^question 2: type: must be a question type from 1 to 7 .*, got the number 9$/),
      },
      {
        code: "invalid_type",
        path: "items[1].case_study",
        message: "question 2: case_study: must be a string, got the number 5",
      },
      { code: "invalid_type", path: "items[2]", message: 'question 3: must be an object, got the string "text"' },
    ]);
  });

  it("reports a wrong exam setting or case study at file, naming the place in the archive", () => {
    const found = issues({
      ...archive,
      exam: {
        ...archive.exam,
        passing_score: 120,
        testing: { ...archive.exam.testing, time_mode: "fixed", fixed_time: 0 },
      },
      case_studies: [{ name: " " }],
    });
    expect(found).toEqual([
      {
        code: "too_small",
        path: "file",
        message:
          'the archive\'s exam.testing.fixed_time must be at least 1 when time_mode is "fixed" (no time limit is time_mode "none")',
      },
      {
        code: "too_big",
        path: "file",
        message: "the archive's exam.passing_score must be at most 100, got the number 120",
      },
      { code: "empty", path: "file", message: "the archive's case_studies[0].name must not be empty" },
    ]);
  });

  it("is recognised by its marker", () => {
    expect(looksLikeExamJson(text(exportExamJson(content(), { now: NOW }).file.bytes))).toBe(true);
    expect(looksLikeExamJson(' {"version": 1, "format" : "exam_studio_archive"}')).toBe(true);
    expect(looksLikeExamJson('{"format": "something else"}')).toBe(false);
    expect(looksLikeExamJson('["format", "exam_studio_archive"]')).toBe(false);
    expect(looksLikeExamJson(null)).toBe(false);
  });
});
