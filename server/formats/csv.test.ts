import { describe, expect, it } from "vitest";
import {
  cellToHtml,
  columnLetter,
  csv,
  csvHeader,
  csvTemplate,
  csvTemplateBytes,
  exportCsv,
  guardFormula,
  looksLikeCsv,
  parseCsv,
  unguardFormula,
} from "./csv";
import { recognizeFormat } from "./recognize";
import { allModesExam } from "../../tests/support/scoring-modes-fixture";
import type { ContentQuestion, ExamContent, ImportPlan, ParseResult } from "./types";

const OPTIONS = { maxItems: 100 };
const bytes = (text: string) => new TextEncoder().encode(text);
const text = (b: Uint8Array) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(b);

function plan(result: ParseResult): ImportPlan {
  if (!result.ok) throw new Error(`expected a plan, got ${JSON.stringify(result.issues)}`);
  return result.plan;
}
function issues(result: ParseResult) {
  if (result.ok) throw new Error("expected issues");
  return result.issues;
}

// A file written before the domain and tags columns (they are optional, as every column but type and question).
const HEADER =
  "external_id,type,case_study,points,question,explanation,text_similarity,case_sensitive,answer_1,correct_1,points_1,answer_2,correct_2,points_2";

const EXAM: ExamContent["exam"] = {
  type: 1,
  check_answer: 0,
  title: "T",
  category: "C",
  code: "NET 1",
  shuffle_questsion: true,
  shuffle_answers: true,
  testing: { auto: true, locked_questions: 0, time_mode: "rate", fixed_time: 0 },
  evaluation_method: 1,
  passing_score: 50,
  show_description_page: false,
  show_standard_introduction: true,
  description: "",
};

let nextId = 1;
function question(q: Partial<ContentQuestion> & { type: number }): ContentQuestion {
  return {
    id: nextId++,
    question: "<p>Q</p>",
    explanation: "",
    external_id: null,
    points: 1,
    case_study_id: null,
    properties: {},
    answers: [],
    ...q,
  };
}
const answer = (answer: string, is_correct: boolean, order: number, points = 0) => ({
  answer,
  is_correct,
  order,
  points,
  old_id: null,
});

function content(questions: ContentQuestion[]): ExamContent {
  return {
    exam: EXAM,
    caseStudies: [
      { id: 1, name: "Contoso", description: "<p>Two offices</p>" },
      { id: 2, name: "=Fabrikam", description: "" },
    ],
    questions,
    media: new Map(),
  };
}

/** Every field of types 1, 2, 6 and 7, with HTML, quotes, commas, line breaks and formula-like text. */
const ALL_TYPES = () => [
  question({
    type: 1,
    question: '<p>Which port, "by default"?</p>\n<p>Second line</p>',
    explanation: '<p>See <a href="https://example.com/ports">ports</a>.</p>',
    external_id: "Q-1",
    points: 2,
    case_study_id: 1,
    answers: [answer("<p>443</p>", true, 1, 3), answer("<p>80, or 8080</p>", false, 2, -1)],
    domain: "1.0",
    tags: ["ports", "TLS 1.3"],
  }),
  question({
    type: 2,
    question: "<p>=SUM(A1) is not a formula here</p>",
    external_id: "-Q2",
    points: 0,
    case_study_id: 2,
    domain: "=2",
    tags: ["-negative"],
    answers: [answer("<p>a</p>", true, 1, 1), answer("<p>b</p>", true, 2, 1), answer("<p>c</p>", false, 3, -2)],
  }),
  question({
    type: 6,
    question: "<p>Order</p>",
    external_id: "Q-6",
    properties: { optional_answers: true },
    answers: [
      answer("<p>Physical</p>", true, 1, 1),
      answer("<p>Kitchen</p>", false, 2),
      answer("<p>Data link</p>", true, 3, 1),
    ],
  }),
  question({
    type: 6,
    question: "<p>Order all</p>",
    properties: { optional_answers: false },
    answers: [answer("<p>x</p>", true, 1), answer("<p>y</p>", true, 2)],
  }),
  question({
    type: 7,
    question: "<p>Protocol?</p>",
    external_id: "Q-7",
    properties: {
      text_similarity: 80,
      case_sensitive: true,
      text_answer: [{ value: "HTTPS", points: 2 }, { value: "=HTTP over TLS" }, { value: "'@x" }],
    },
  }),
];

describe("the CSV template's cells", () => {
  it("guards formulas so that every value reads back the same", () => {
    for (const v of ["=1+1", "+1", "-2", "@me", "\tx", "'=x", "''+y", "'plain", "plain", "", "a=b"])
      expect(unguardFormula(guardFormula(v))).toBe(v);
    expect(guardFormula("=1+1")).toBe("'=1+1");
    expect(guardFormula("'=x")).toBe("''=x");
    expect(guardFormula("'plain")).toBe("'plain");
  });

  it("takes a cell with a tag as HTML and any other as plain text in a paragraph", () => {
    expect(cellToHtml("<p>Hi <b>you</b></p>")).toBe("<p>Hi <b>you</b></p>");
    expect(cellToHtml("Hi there")).toBe("<p>Hi there</p>");
    expect(cellToHtml("a < b & c\r\nnext")).toBe("<p>a &lt; b &amp; c<br>next</p>");
    expect(cellToHtml("  ")).toBe("");
  });

  it("names columns by their spreadsheet letters", () => {
    expect([0, 25, 26, 27, 51, 52].map(columnLetter)).toEqual(["A", "Z", "AA", "AB", "AZ", "BA"]);
  });
});

describe("CSV export", () => {
  it("writes a BOM, CRLF rows, the header and one row per question of types 1, 2, 6, 7; omits 3, 4, 5 with a note", () => {
    const qs = [...ALL_TYPES(), question({ type: 3, properties: {} }), question({ type: 5, properties: {} })];
    const { file, report } = exportCsv(content(qs));
    expect(file).toMatchObject({ name: "NET-1.csv", content_type: "text/csv; charset=utf-8" });
    expect([...file.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const written = text(file.bytes);
    expect(written.split("\r\n")[0]).toBe(`\uFEFF${csvHeader(3).join(",")}`);
    expect(written.endsWith("\r\n")).toBe(true);
    // The cell with a line break is quoted; a quote inside is doubled; formula-like cells get a '.
    expect(written).toContain('"<p>Which port, ""by default""?</p>\n<p>Second line</p>"');
    expect(written).toContain("<p>=SUM(A1) is not a formula here</p>");
    expect(written).toContain("'=HTTP over TLS");
    expect(written).toContain("''@x");
    expect(written).toContain("'-Q2");
    expect(written).toContain("'=Fabrikam");
    expect(report.items.map((i) => i.fidelity)).toEqual([
      "lossless",
      "lossless",
      "lossless",
      "lossless",
      "lossless",
      "omitted",
      "omitted",
    ]);
    expect(report.items[5]!.notes[0]).toMatch(/drag & drop question \(type 3\) needs an image with areas/);
    expect(report.notes[0]).toMatch(/^not in a CSV file: the exam's settings/);
  });

  it("calls a question lossy when its scoring mode or scenarios do not fit, naming the mode (contract 16.3)", () => {
    const modes = allModesExam().questions.filter((q) => q.type === 2 || q.type === 6);
    const { report } = exportCsv(content(modes));
    const byId = new Map(report.items.map((i) => [i.question_id, i]));
    expect(byId.get(201)).toMatchObject({ fidelity: "lossy" });
    expect(byId.get(201)!.notes).toEqual([
      "its scoring mode per_answer does not fit a CSV file, which has no place for it: imported back the question scores all_or_nothing",
      "its 6 scenarios are not in a CSV file: imported back as a new question it has none (an update keeps them)",
    ]);
    // all_or_nothing is what the points mean anyway: only the scenarios are noted.
    expect(byId.get(202)!.notes).toEqual([
      "its 2 scenarios are not in a CSV file: imported back as a new question it has none (an update keeps them)",
    ]);
    expect(byId.get(210)!.notes[0]).toMatch(/^its scoring mode longest_contiguous_subset does not fit a CSV file/);
  });

  it("round trips types 1, 2, 6 and 7 with all their fields", () => {
    const qs = ALL_TYPES();
    const result = plan(parseCsv(exportCsv(content(qs)).file.bytes, OPTIONS));
    expect(result.exam).toBeNull();
    expect(result.caseStudies.map((cs) => [cs.name, cs.description, cs.nameOnly])).toEqual([
      ["Contoso", "", true],
      ["=Fabrikam", "", true],
    ]);
    expect(result.items.map((i) => i.ref)).toEqual([
      "row 2 (external id Q-1)",
      "row 3 (external id -Q2)",
      "row 4 (external id Q-6)",
      "row 5",
      "row 6 (external id Q-7)",
    ]);
    expect(result.items.map((i) => i.caseStudy)).toEqual(["Contoso", "=Fabrikam", null, null, null]);
    result.items.forEach((item, k) => {
      const q = qs[k]!;
      expect(item.warnings).toEqual([]);
      const { question: got, answers } = item.params!;
      expect(got.type).toBe(q.type);
      expect(got.question).toBe(q.question);
      expect(got.explanation ?? "").toBe(q.explanation);
      expect(got.external_id ?? null).toBe(q.external_id);
      expect(got.points).toBe(q.points);
      expect(got.properties ?? {}).toEqual(q.properties);
      expect(answers ?? []).toEqual(q.answers.map(({ old_id: _o, ...a }) => a));
      // The domain by code and the tags (contract 15.3); an empty cell is none.
      expect(item.domain).toBe(q.domain ?? null);
      expect(got.tags).toEqual(q.tags ?? []);
    });
    // Each code the rows name, for a new exam's blueprint (weights 0).
    expect(result.domains).toEqual([
      { code: "1.0", name: "1.0", weight: 0 },
      { code: "=2", name: "=2", weight: 0 },
    ]);
  });

  it("reads domain and tags cells: tags split at ;, a missing column says nothing, a long code is refused", () => {
    const rows = (header: string, ...lines: string[]) => bytes([header, ...lines].join("\n"));
    const p = plan(
      parseCsv(rows("type,question,domain,tags,answer_1", '1,Q,SEC," a ; b;;a "', "1,R,sec,,x", "1,S,,c,x"), OPTIONS),
    );
    expect(p.items.map((i) => [i.domain, i.params!.question.tags])).toEqual([
      ["SEC", ["a", "b", "a"]],
      ["sec", []],
      [null, ["c"]],
    ]);
    expect(p.domains).toEqual([{ code: "SEC", name: "SEC", weight: 0 }]);
    const none = plan(parseCsv(rows("type,question,answer_1", "1,Q,x"), OPTIONS));
    expect(none.domains).toBeUndefined();
    expect(none.items[0]).not.toHaveProperty("domain");
    expect(none.items[0]!.params!.question).not.toHaveProperty("tags");
    const long = issues(parseCsv(rows("type,question,domain,answer_1", `1,Q,${"x".repeat(21)},x`), OPTIONS));
    expect(long.map((i) => [i.code, i.path])).toEqual([["too_long", "items[0].domain"]]);
  });

  it("calls a question lossy, saying why, when a row cannot hold it exactly", () => {
    const qs = [
      question({
        type: 1,
        question: "Plain &amp; tagless",
        answers: [{ ...answer("<p>a</p>", true, 2), old_id: 7 }, answer("<p>b</p>", false, 5)],
      }),
      question({
        type: 6,
        properties: { optional_answers: true },
        answers: [answer("<p>a</p>", true, 1), answer("<p>b</p>", true, 2)],
      }),
      question({
        type: 2,
        question: '<p><img src="/media/' + "a".repeat(64) + '.png" alt=""></p>',
        answers: [answer("<p>a</p>", true, 1)],
      }),
    ];
    const { report, file } = exportCsv(content(qs));
    expect(report.items.map((i) => i.fidelity)).toEqual(["lossy", "lossy", "lossy"]);
    expect(report.items[0]!.notes.join("\n")).toMatch(
      /question is text without HTML tags[^]*orders \(2, 5\)[^]*old_id/,
    );
    expect(report.items[1]!.notes[0]).toMatch(/optional_answers/);
    expect(report.items[2]!.notes[0]).toMatch(/media file[^]*media_missing/);
    const back = plan(parseCsv(file.bytes, OPTIONS));
    expect(back.items[0]!.params!.question.question).toBe("<p>Plain &amp; tagless</p>");
  });
});

describe("CSV import", () => {
  it("reads a hand-written file: LF line ends, no BOM, plain text, names of types, yes/no in any case, blank rows", () => {
    const file = [
      "Type,Question,Answer_1,Correct_1,Answer_2,Correct_2,Points_2",
      "single choice,What is 2 < 3?,True,YES,False,no,-1",
      ",,,,,,",
      "",
      "sort,Order them,one,,two,,",
    ].join("\n");
    const result = plan(parseCsv(bytes(file), OPTIONS));
    expect(result.items.map((i) => i.ref)).toEqual(["row 2", "row 5"]);
    expect(result.items[0]!.params).toEqual({
      question: { type: 1, question: "<p>What is 2 &lt; 3?</p>" },
      answers: [
        { answer: "<p>True</p>", is_correct: true, order: 1, points: 0 },
        { answer: "<p>False</p>", is_correct: false, order: 2, points: -1 },
      ],
    });
    // A sort answer is part of the sequence unless marked no.
    expect(result.items[1]!.params).toEqual({
      question: { type: 6, question: "<p>Order them</p>", properties: { optional_answers: false } },
      answers: [
        { answer: "<p>one</p>", is_correct: true, order: 1, points: 0 },
        { answer: "<p>two</p>", is_correct: true, order: 2, points: 0 },
      ],
    });
  });

  it("reads CRLF, a BOM, quoted cells with commas, quotes and line breaks, and ; between cells", () => {
    const file = '\uFEFFtype;question;answer_1;correct_1;answer_2\r\n1;"Say ""hi""; then\r\nleave";"a, b";x;c\r\n';
    const item = plan(parseCsv(bytes(file), OPTIONS)).items[0]!;
    expect(item.params!.question.question).toBe("<p>Say &quot;hi&quot;; then<br>leave</p>");
    expect(item.params!.answers!.map((a) => [a.answer, a.is_correct])).toEqual([
      ["<p>a, b</p>", true],
      ["<p>c</p>", false],
    ]);
  });

  it("skips a row of type 3, 4 or 5 with a warning, and warns about type 7 columns on other rows", () => {
    const file = "type,question,text_similarity,answer_1\n3,Drag,,x\n1,Pick,80,x\n";
    const result = plan(parseCsv(bytes(file), OPTIONS));
    expect(result.items[0]).toMatchObject({ ref: "row 2", params: null, caseStudy: null });
    expect(result.items[0]!.warnings[0]).toMatch(
      /^skipped: a drag & drop question \(type 3\) needs an image with areas/,
    );
    expect(result.items[1]!.warnings).toEqual([
      "column text_similarity (C) is for text input questions (type 7) only; ignored",
    ]);
  });

  it("refuses a header that is not the template's at file, naming the columns expected and found", () => {
    for (const [header, problem] of [
      [
        "type,questoin,answer_1",
        /questoin \(column B\) is not a column of the template; the question column is missing/,
      ],
      ["type,question,correct_2,answer_1", /correct_2 needs its answer_2 column/],
      [
        "type,question,answer_1,answer_3",
        /answer_2 is missing \(answer groups are numbered from 1 without gaps, up to answer_3 here\)/,
      ],
      ["type,question,Type", /type is named twice \(again in column C\)/],
    ] as const) {
      const [issue, ...rest] = issues(parseCsv(bytes(`${header}\n1,x,y\n`), OPTIONS));
      expect(rest).toEqual([]);
      expect(issue).toMatchObject({ code: "malformed_file", path: "file" });
      expect(issue!.message).toMatch(problem);
      expect(issue!.message).toMatch(
        /Expected the columns external_id, type, case_study, domain, tags, points, question, explanation, text_similarity, case_sensitive, then answer_1, correct_1, points_1/,
      );
      expect(issue!.message).toContain(`found ${header.toLowerCase().split(",").join(", ")}`);
    }
  });

  it("refuses bad cells at items[i]… naming the row and the column", () => {
    const file = [
      HEADER,
      "A,9,,1,x,,,,a,yes,,b,,",
      "B,1,,1.5,x,,,,a,maybe,,b,,",
      "C,2,,,x,,,,,yes,2,b,no,x",
      "D,7,,,x,,,,TLS,no,,,,",
      "E,7,,,x,,,,,,,,,",
      "F,1,,,,,,,a,,,,,",
      "",
      "G,7,,,x,,101,perhaps,v,,,,,",
    ].join("\r\n");
    const found = issues(parseCsv(bytes(file), OPTIONS)).map((i) => [i.path, i.message]);
    expect(found).toEqual([
      [
        "items[0].question.type",
        'row 2 (external id A): column type (B): must be a question type a CSV row can hold: 1 single choice, 2 multiple choice, 6 sort or 7 text input (the number or the name); got "9"',
      ],
      [
        "items[1].question.points",
        'row 3 (external id B): column points (D): must be the question\'s points, a whole number of at least 0; got "1.5"',
      ],
      [
        "items[1].answers[0].is_correct",
        'row 3 (external id B): column correct_1 (J): must be yes or no (also true/false, 1/0, y/n, x for yes), got "maybe"',
      ],
      [
        "items[2].answers[0].answer",
        "row 4 (external id C): column correct_1 (J): is set, but answer_1 is empty; write the answer, or empty this cell",
      ],
      [
        "items[2].answers[0].answer",
        "row 4 (external id C): column points_1 (K): is set, but answer_1 is empty; write the answer, or empty this cell",
      ],
      [
        "items[2].answers[0].points",
        'row 4 (external id C): column points_2 (N): must be the answer\'s points (negative for a penalty), a whole number; got "x"',
      ],
      [
        "items[3].question.properties.text_answer[0]",
        "row 5 (external id D): column correct_1 (J): every accepted value of a text input question is correct; leave this cell empty (or remove the value)",
      ],
      [
        "items[3].question.properties.text_similarity",
        "row 5 (external id D): column text_similarity (G): is required for a text input question (type 7): the least similarity in percent, from 0 to 100 (100: exact match)",
      ],
      [
        "items[4].question.properties.text_answer",
        "row 6 (external id E): column answer_1 (I): a text input question (type 7) needs at least one accepted value, one in each answer_N column",
      ],
      [
        "items[4].question.properties.text_similarity",
        "row 6 (external id E): column text_similarity (G): is required for a text input question (type 7): the least similarity in percent, from 0 to 100 (100: exact match)",
      ],
      [
        "items[5].question.question",
        "row 7 (external id F): column question (E): is empty; every question needs its text (plain text or HTML)",
      ],
      [
        "items[6].question.properties.text_similarity",
        'row 9 (external id G): column text_similarity (G): must be the least similarity in percent (100: exact match), a whole number from 0 to 100; got "101"',
      ],
      [
        "items[6].question.properties.case_sensitive",
        'row 9 (external id G): column case_sensitive (H): must be yes or no (also true/false, 1/0, y/n, x for yes), got "perhaps"',
      ],
    ]);
  });

  it("holds numbers to the range the API stores", () => {
    expect(
      issues(parseCsv(bytes("type,question,points,answer_1,points_1\n1,x,-1,a,3000000000\n"), OPTIONS)).map(
        (i) => i.message,
      ),
    ).toEqual([
      'row 2: column points (C): must be the question\'s points, a whole number of at least 0; got "-1"',
      'row 2: column points_1 (E): must be the answer\'s points (negative for a penalty), a whole number of at most 2147483647; got "3000000000"',
    ]);
  });

  it("gives the app the value and the bounds of a number out of range, to word it for the author", () => {
    const file = "type,question,text_similarity,answer_1,points_1\n7,x,250,a,lots\n";
    expect(issues(parseCsv(bytes(file), OPTIONS)).map((i) => [i.path, i.details])).toEqual([
      ["items[0].question.properties.text_answer[0].points", { given: "lots" }],
      ["items[0].question.properties.text_similarity", { min: 0, max: 100, given: "250" }],
    ]);
  });

  it("says so when a type 7 row needs a column the file lacks", () => {
    expect(issues(parseCsv(bytes("type,question\n7,x\n"), OPTIONS)).map((i) => [i.path, i.message])).toEqual([
      [
        "items[0].question.properties.text_answer",
        "row 2: a text input question (type 7) needs at least one accepted value, one in each answer_N column; the file has no answer_1 column",
      ],
      [
        "items[0].question.properties.text_similarity",
        "row 2: a text input question (type 7) needs a text_similarity column, which the file lacks: the least similarity in percent, from 0 to 100 (100: exact match)",
      ],
    ]);
  });

  it("refuses a value in a column the header does not name, and ignores empty cells there", () => {
    expect(plan(parseCsv(bytes("type,question,answer_1\n1,x,y,,\n"), OPTIONS)).items).toHaveLength(1);
    expect(issues(parseCsv(bytes("type,question,answer_1\n1,x,y,,z\n"), OPTIONS))).toEqual([
      {
        code: "malformed_file",
        path: "items[0]",
        message:
          "row 2: has a value in column E, which the header row does not name; name the column, or empty the cell",
      },
    ]);
  });

  it("refuses a file that is not UTF-8, is empty, is not well-formed or has too many rows", () => {
    expect(issues(parseCsv(Uint8Array.from([0x74, 0x79, 0xff, 0x0a]), OPTIONS))[0]!.message).toMatch(
      /^is not UTF-8 text/,
    );
    expect(issues(parseCsv(bytes("\uFEFF \r\n"), OPTIONS))[0]!.message).toMatch(/^holds no header row/);
    expect(issues(parseCsv(bytes(`${HEADER}\r\nA,1,,1,"x,\r\n`), OPTIONS))[0]!.message).toMatch(
      /^is not well-formed CSV: Quote Not Closed/,
    );
    const many = [HEADER, ...Array.from({ length: 3 }, () => "A,1,,1,x,,,,a,yes,,b,,")].join("\n");
    expect(issues(parseCsv(bytes(many), { maxItems: 2 }))[0]).toMatchObject({ code: "too_many", path: "file" });
  });
});

describe("a CSV file of no question", () => {
  it("is read, no item, with one warning saying what it holds (an empty template)", () => {
    const warned = (csv: string, options = OPTIONS) => plan(parseCsv(bytes(csv), options));
    expect(warned(`${HEADER}\r\n`)).toEqual({
      exam: null,
      caseStudies: [],
      items: [],
      warnings: [
        "the file holds no question, only its header row (row 1): nothing is imported; a question is a row below the header",
      ],
    });
    expect(warned(`${HEADER}\r\n,,,,\r\n\r\n`).warnings).toEqual([
      "the file holds no question, only its header row (row 1) and empty rows: nothing is imported; a question is a row below the header",
    ]);
    // Through a mapping: its row of notes, and a row with a value only in a column it does not name.
    const mapping = { columns: { question: "Question", answer_1: "Option 1" } };
    expect(
      warned("Question,Option 1,Time\nQuestion,Option 1,Time\n,,30\n", { ...OPTIONS, ...mapping }).warnings,
    ).toEqual([
      "the file holds no question, only its header row (row 1) and a row of notes (row 2) that repeats the columns' names and rows with nothing in the columns the mapping names: nothing is imported; a question is a row below the header",
    ]);
  });

  it("is still refused when it has no header row, or a header row that is not the template's", () => {
    expect(issues(parseCsv(bytes("\uFEFF \r\n"), OPTIONS))[0]!.message).toMatch(/^holds no header row/);
    expect(issues(parseCsv(bytes("type,question,wrong\r\n"), OPTIONS))[0]!.message).toMatch(
      /^has a header row that is not the template's/,
    );
  });
});

describe("recognising a CSV file", () => {
  it("knows the template's header, in any case and order, with , or ;", () => {
    expect(looksLikeCsv("type,question\n")).toBe(true);
    expect(looksLikeCsv('\uFEFF"Question";"TYPE"\r\n')).toBe(false); // utf8Text takes the BOM off before recognition
    expect(looksLikeCsv('"Question";"TYPE"\r\n')).toBe(true);
    expect(recognizeFormat(csvTemplateBytes())).toEqual({ ok: true, format: "csv" });
  });

  it("takes no other format's file", () => {
    for (const other of [
      '{"format": "exam_studio_archive", "version": 1}',
      "::Q::What? {=a ~b}",
      "What?\nA. a\nB. b\nANSWER: A",
      '<?xml version="1.0"?><quiz></quiz>',
      "question,answer\n",
      '["type","question"]',
    ]) {
      expect(looksLikeCsv(other)).toBe(false);
    }
    expect(recognizeFormat(bytes('{"format": "exam_studio_archive", "version": 1, "note": "type,question"}'))).toEqual({
      ok: true,
      format: "exam_json",
    });
  });
});

describe("the template", () => {
  it("is the header with four answer groups and one example of each type, and imports cleanly", () => {
    const template = csvTemplate();
    expect(template.split("\r\n")[0]).toBe(csvHeader(4).join(","));
    expect(text(csvTemplateBytes())).toBe(`\uFEFF${template}`);
    const result = plan(csv.parse!(csvTemplateBytes(), OPTIONS));
    expect(result.items.map((i) => [i.ref, i.params!.question.type, i.caseStudy, i.warnings])).toEqual([
      ["row 2 (external id NET-1)", 1, null, []],
      ["row 3 (external id NET-2)", 2, "Contoso", []],
      ["row 4 (external id NET-3)", 6, "Contoso", []],
      ["row 5 (external id NET-4)", 7, null, []],
    ]);
    expect(result.items[2]!.params!.question).toMatchObject({
      question: "<p>Put the layers in order, from the bottom up.<br>One answer is not a layer.</p>",
      properties: { optional_answers: true },
    });
    expect(result.items[3]!.params!.question.properties).toEqual({
      text_similarity: 90,
      case_sensitive: false,
      text_answer: [
        { value: "TLS", points: 2 },
        { value: "SSL/TLS", points: 1 },
      ],
    });
  });
});
