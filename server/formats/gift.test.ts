// The GIFT reader. The fixture tests/fixtures/import/networking.gift is our own file, written
// after the syntax of Moodle's documentation (docs.moodle.org, "GIFT format"), with every kind of
// question GIFT has; the expected questions are spelled out in full.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { looksLikeGift, parseGift } from "./gift";
import type { ParseResult, PlanItem } from "./types";

// Drawing the generated images' texts (drawn-text.ts) takes a second or more on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const FIXTURE = path.join(__dirname, "../../tests/fixtures/import/networking.gift");
const bytes = (text: string) => new TextEncoder().encode(text);
const parse = (text: string | Uint8Array, maxItems = 100) =>
  parseGift(typeof text === "string" ? bytes(text) : text, { maxItems });

function itemsOf(result: ParseResult): PlanItem[] {
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.plan.items;
}
const issuesOf = (result: ParseResult) => (result.ok ? [] : result.issues);
const only = (text: string) => itemsOf(parse(text))[0]!;

const FEEDBACK_DROPPED = "the feedback of its answers (after #) is not kept: an answer here has no feedback";
const skippedAt = (line: number, kind: string) => [
  `skipped: line ${line} holds ${kind}, which Exam Studio cannot represent`,
];

describe("the GIFT fixture", () => {
  const result = parse(readFileSync(FIXTURE));

  it("yields exactly these questions, in file order", () => {
    expect(result.ok && result.plan.exam).toBeNull();
    expect(result.ok && result.plan.caseStudies).toEqual([]);
    expect(itemsOf(result)).toEqual([
      {
        ref: 'question "Port of HTTPS" at line 6',
        params: {
          question: {
            type: 1,
            question: "<p>Which TCP port does HTTPS use by default?</p>",
            explanation: "<p>HTTPS is HTTP over TLS, on port 443.</p>",
          },
          answers: [
            { answer: "<p>443</p>", is_correct: true },
            { answer: "<p>80</p>", is_correct: false },
            { answer: "<p>21</p>", is_correct: false },
          ],
        },
        caseStudy: null,
        domain: "Basics",
        warnings: [FEEDBACK_DROPPED],
      },
      {
        ref: 'question "Private ranges" at line 14',
        params: {
          question: { type: 2, question: "Which of these are <b>private</b> IPv4 ranges?", points: 0 },
          answers: [
            { answer: "10.0.0.0/8", is_correct: true, points: 50 },
            { answer: "192.168.0.0/16", is_correct: true, points: 50 },
            { answer: "8.8.8.0/24", is_correct: false, points: -100 },
          ],
        },
        caseStudy: null,
        domain: "Basics",
        warnings: [
          "scored by its weights, as Moodle scores it: each answer's points are its weight in percent and the question's own points 0, so the right answers earn 100 points (an unweighted question of the file is worth 1)",
        ],
      },
      {
        ref: "question at line 20",
        params: {
          question: { type: 1, question: "<p>A switch forwards frames by MAC address.</p>" },
          answers: [
            { answer: "<p>True</p>", is_correct: true },
            { answer: "<p>False</p>", is_correct: false },
          ],
        },
        caseStudy: null,
        domain: "Basics",
        warnings: [],
      },
      {
        ref: 'question "UDP" at line 22',
        params: {
          question: { type: 1, question: "<p>UDP guarantees delivery.</p>" },
          answers: [
            { answer: "<p>True</p>", is_correct: false },
            { answer: "<p>False</p>", is_correct: true },
          ],
        },
        caseStudy: null,
        domain: "Basics",
        warnings: [FEEDBACK_DROPPED],
      },
      {
        ref: 'question "Protocol" at line 24',
        params: {
          question: {
            type: 7,
            question: "<p>Name the protocol &lt;behind&gt; &quot;https://&quot;:</p>",
            properties: {
              text_similarity: 100,
              case_sensitive: false,
              text_answer: [{ value: "TLS" }, { value: "SSL/TLS" }],
            },
          },
        },
        caseStudy: null,
        domain: "Basics",
        warnings: ['answers below 100% are not kept (a typed answer here is accepted or not): "SSL" (50%, line 24)'],
      },
      {
        ref: "question at line 26",
        params: {
          question: { type: 2, question: "<p>Three answers with thirds:</p>", points: 0 },
          answers: [
            { answer: "<p>A</p>", is_correct: true, points: 33 },
            { answer: "<p>B</p>", is_correct: true, points: 33 },
            { answer: "<p>C</p>", is_correct: true, points: 33 },
            { answer: "<p>D</p>", is_correct: false, points: -100 },
          ],
        },
        caseStudy: null,
        domain: "Basics",
        warnings: [
          "scored by its weights, as Moodle scores it: each answer's points are its weight in percent and the question's own points 0, so the right answers earn 99 points (an unweighted question of the file is worth 1)",
          "weights are whole points here: 33.33333% (line 27) became 33, 33.33333% (line 28) became 33, 33.33333% (line 29) became 33",
        ],
      },
      {
        ref: "question at line 33",
        params: {
          question: { type: 1, question: "<p>Escapes: 1 = one, a {brace} and a # sign<br>next line</p>" },
          answers: [
            { answer: "<p>yes~really</p>", is_correct: true },
            { answer: "<p>no</p>", is_correct: false },
          ],
        },
        caseStudy: null,
        domain: "Basics",
        warnings: [],
      },
      {
        ref: 'question "Match" at line 35',
        params: {
          question: {
            type: 3,
            question: "<p>Match each protocol to its port.</p>",
            properties: {
              image: "matching.png",
              areas: [
                { id: "targ-1", type: 1, x: 82, y: 12, width: 49, height: 50 },
                { id: "targ-2", type: 1, x: 82, y: 74, width: 49, height: 50 },
                { id: "drag-1", type: 2, x: 167, y: 24, width: 37, height: 38 },
                { id: "drag-2", type: 2, x: 167, y: 74, width: 37, height: 38 },
              ],
              options: { FixedHeight: false, FixedWidth: false, OneToOneMatching: true },
              match: { "targ-1": "drag-1", "targ-2": "drag-2" },
            },
          },
          resources: { "matching.png": expect.any(String) },
        },
        caseStudy: null,
        domain: "Basics",
        warnings: [
          "converted to Drag & Drop on a generated image (matching.png, 228×136 pixels): each of its 2 stems is a target, each of its 2 choices a draggable tile in the tray beside them",
        ],
      },
      {
        ref: "question at line 40",
        params: {
          question: {
            type: 7,
            question: "<p>What is pi to two decimals?</p>",
            properties: { text_similarity: 100, case_sensitive: false, text_answer: [{ value: "3.14" }] },
          },
        },
        caseStudy: null,
        domain: "Basics",
        warnings: [
          "the tolerance of 3.14:0.005 is not kept (a typed answer here is compared as text): only 3.14 is accepted",
        ],
      },
      {
        ref: "question at line 42",
        params: null,
        caseStudy: null,
        warnings: skippedAt(42, "an essay question (empty answers { })"),
      },
      {
        ref: "question at line 44",
        params: {
          question: { type: 1, question: "<p>The default gateway of a host is a _____ on its own network.</p>" },
          answers: [
            { answer: "<p>router</p>", is_correct: true },
            { answer: "<p>switch</p>", is_correct: false },
            { answer: "<p>hub</p>", is_correct: false },
          ],
        },
        caseStudy: null,
        domain: "Basics",
        warnings: [],
      },
      {
        ref: "question at line 46",
        params: null,
        caseStudy: null,
        warnings: skippedAt(46, "a description (text without answers in { })"),
      },
      {
        ref: 'question "Markdown" at line 48',
        params: {
          question: { type: 1, question: "<p>Which layer does <strong>IP</strong> belong to?</p>" },
          answers: [
            { answer: "<p>Network</p>", is_correct: true },
            { answer: "<p>Transport</p>", is_correct: false },
          ],
        },
        caseStudy: null,
        domain: "Basics",
        warnings: [],
      },
    ]);
  });

  it("takes its $CATEGORY as a domain (contract 15.3), and says what it ignored of the file as a whole: titles", () => {
    expect(result.ok && result.plan.domains).toEqual([
      { code: "Basics", name: "Basics", weight: 0, aliases: ["Networking/Basics", "Basics"] },
    ]);
    expect(result.ok && result.plan.addMissingDomains).toBe(true);
    expect(result.ok && result.plan.warnings).toEqual([
      "question titles (::title::) are not stored: a question has no title here, and a GIFT title is not an external id; they name the items in these messages",
    ]);
  });

  it("reads the same with CRLF line ends and a byte order mark", () => {
    const text = readFileSync(FIXTURE, "utf8");
    expect(parse(`\uFEFF${text.replace(/\n/g, "\r\n")}`)).toEqual(result);
  });
});

describe("GIFT questions one by one", () => {
  it("a title is no external id; text formats: plain is escaped, html kept, moodle keeps HTML and line breaks", () => {
    const plain = only("::T::[plain]1 < 2 & <b>\nsecond line{=yes ~no}");
    expect(plain.ref).toBe('question "T" at line 1');
    expect(plain.params!.question).toEqual({ type: 1, question: "<p>1 &lt; 2 &amp; &lt;b&gt;<br>second line</p>" });
    expect(plain.params!.answers).toEqual([
      { answer: "<p>yes</p>", is_correct: true },
      { answer: "<p>no</p>", is_correct: false },
    ]);
    expect(only("<i>x</i>\nline{=[html]<b>a</b> ~[plain]<b>}").params).toEqual({
      question: { type: 1, question: "<p><i>x</i><br>line</p>" },
      answers: [
        { answer: "<b>a</b>", is_correct: true },
        { answer: "<p>&lt;b&gt;</p>", is_correct: false },
      ],
    });
    expect(only("[html]<div>Block</div>{T}").params!.question.question).toBe("<div>Block</div>");
  });

  it("a single choice with partial credit (one = and ~%n%) is scored in percent; true/false in any case; general feedback", () => {
    expect(only("Q{=a ~%25%b ~c}").warnings).toEqual([
      "scored by its weights, as Moodle scores it: each answer's points are its weight in percent and the question's own points 0, so the right answer earns 100 points (an unweighted question of the file is worth 1)",
    ]);
    expect(only("Q{=a ~%25%b ~c}").params).toEqual({
      question: { type: 1, question: "<p>Q</p>", points: 0 },
      answers: [
        { answer: "<p>a</p>", is_correct: true, points: 100 },
        { answer: "<p>b</p>", is_correct: false, points: 25 },
        { answer: "<p>c</p>", is_correct: false, points: 0 },
      ],
    });
    expect(only("Q{true####Because.}").params).toEqual({
      question: { type: 1, question: "<p>Q</p>", explanation: "<p>Because.</p>" },
      answers: [
        { answer: "<p>True</p>", is_correct: true },
        { answer: "<p>False</p>", is_correct: false },
      ],
    });
    expect(only("Q{F}").params!.answers).toEqual([
      { answer: "<p>True</p>", is_correct: false },
      { answer: "<p>False</p>", is_correct: true },
    ]);
  });

  it("short answers: = answers and Moodle's bare one; the answers at 100% only", () => {
    expect(only("Capital of France?{=Paris =%100%paris city}").params!.question.properties).toEqual({
      text_similarity: 100,
      case_sensitive: false,
      text_answer: [{ value: "Paris" }, { value: "paris city" }],
    });
    expect(only("Capital?{Paris}").params!.question.properties).toMatchObject({ text_answer: [{ value: "Paris" }] });
  });

  it("several fully right answers: a multiple choice question, naming the lines", () => {
    expect(only("Q{\n=a\n=b\n~c\n}")).toMatchObject({
      params: {
        question: { type: 2, question: "<p>Q</p>" },
        answers: [
          { answer: "<p>a</p>", is_correct: true },
          { answer: "<p>b</p>", is_correct: true },
          { answer: "<p>c</p>", is_correct: false },
        ],
      },
      warnings: [
        "it has 2 answers marked right (at lines 2, 3), so it is a multiple choice question: the candidate chooses all of them (Moodle gives full marks for any one)",
      ],
    });
  });

  it("\\\\ is one backslash, as Moodle stores it; \\\\~ a backslash before a tilde that means something", () => {
    expect(only("C:\\\\temp {=a\\\\b ~c}").params).toEqual({
      question: { type: 1, question: "<p>C:\\temp</p>" },
      answers: [
        { answer: "<p>a\\b</p>", is_correct: true },
        { answer: "<p>c</p>", is_correct: false },
      ],
    });
  });

  it("missing word: the kind of its answers, _____ where the braces were, the text after kept", () => {
    expect(only("Paris is the {=capital ~largest port} of France.").params!.question.question).toBe(
      "<p>Paris is the _____ of France.</p>",
    );
    expect(only("Two plus two is {#4} exactly.").params!.question).toMatchObject({
      type: 7,
      question: "<p>Two plus two is _____ exactly.</p>",
    });
  });

  it("numerical: exact values, integer ranges listed, other tolerances warned", () => {
    const values = (text: string) =>
      (only(text).params!.question.properties as { text_answer: { value: string }[] }).text_answer.map((a) => a.value);
    expect(values("Q {#42}")).toEqual(["42"]);
    expect(values("Q {#5:2}")).toEqual(["3", "4", "5", "6", "7"]);
    expect(values("Q {#1..4}")).toEqual(["1", "2", "3", "4"]);
    expect(values("Q {#=1822:0 =%50%1821:1 =-3.5}")).toEqual(["1822", "-3.5"]);
    expect(only("Q {#=1822:0 =%50%1821:1}").warnings).toEqual([
      "answers below 100% are not kept (a typed answer here is accepted or not): 1821:1 (50%)",
    ]);
    expect(only("Q {#0..1000}").warnings).toEqual([
      "the range 0..1000 holds 1001 integers, more than the 100 listed here: only 500 is accepted",
    ]);
    expect(issuesOf(parse("Q {#abc}"))[0]!.message).toBe(
      'question at line 1: the numerical answer "abc" at line 1 is not a number, number:tolerance or min..max',
    );
  });

  it("matching with a choice that belongs nowhere, and a choice used twice: not one to one", () => {
    const item = only("Q {=cat -> mammal =dog -> mammal =trout -> fish = -> bird}");
    const properties = item.params!.question.properties as {
      areas: { id: string; type: number }[];
      match: Record<string, string>;
      options: { OneToOneMatching: boolean };
    };
    expect(item.params!.question.type).toBe(3);
    expect(properties.areas.map((a) => a.id)).toEqual(["targ-1", "targ-2", "targ-3", "drag-1", "drag-2", "drag-3"]);
    expect(properties.match).toEqual({ "targ-1": "drag-1", "targ-2": "drag-1", "targ-3": "drag-2" });
    expect(properties.options.OneToOneMatching).toBe(false);
  });

  it("Moodle's ordering extension: type 6, the lines in their order the sequence, no grading word Moodle's RELATIVE", () => {
    const item = only("::Moodle::[html]Put these words in order.{>2     none\nModular\nObject\nOriented\n}");
    expect(item.params).toEqual({
      question: {
        type: 6,
        question: "Put these words in order.",
        properties: { optional_answers: false, scoring: "relative_next" },
      },
      answers: [
        { answer: "<p>Modular</p>", is_correct: true, order: 1 },
        { answer: "<p>Object</p>", is_correct: true, order: 2 },
        { answer: "<p>Oriented</p>", is_correct: true, order: 3 },
      ],
    });
    expect(item.warnings).toEqual([]);
  });

  it("Moodle's ordering extension: its grading word is the scoring mode (contract 16.3 point 5)", () => {
    const scoring = (line: string) => {
      const item = only(`Order them.{>${line}\na\nb\nc\n}`);
      return [(item.params!.question.properties as { scoring?: string }).scoring, item.warnings];
    };
    expect(scoring("3 ALL VERTICAL ALL_OR_NOTHING")).toEqual([undefined, []]);
    expect(scoring("3 ALL VERTICAL ABSOLUTE_POSITION")).toEqual(["absolute_position", []]);
    expect(scoring("3 REL H ABS")).toEqual(["absolute_position", []]);
    expect(scoring("3 ALL VERTICAL LONGEST_ORDERED_SUBSET")).toEqual([
      "longest_ordered_subset",
      [
        expect.stringMatching(
          /^Moodle's grading LONGEST_ORDERED_SUBSET is read as longest_ordered_subset, which differs/,
        ),
      ],
    ]);
    expect(scoring("3 ALL VERTICAL RELATIVE_ALL_PREVIOUS_AND_NEXT")).toEqual([
      undefined,
      [expect.stringMatching(/^Moodle's grading RELATIVE_ALL_PREVIOUS_AND_NEXT has no scoring mode here/)],
    ]);
  });

  it("private-use characters of the file itself are kept as they are, not read as escapes", () => {
    expect(only("A \uE000 B \uE007\uE001 \\~ {=x\uE003 ~y}").params).toEqual({
      question: { type: 1, question: "<p>A \uE000 B \uE007\uE001 ~</p>" },
      answers: [
        { answer: "<p>x\uE003</p>", is_correct: true },
        { answer: "<p>y</p>", is_correct: false },
      ],
    });
  });

  it("comments are whole lines only; blank lines separate questions; lines are the file's", () => {
    const items = itemsOf(
      parse("// first\n\n// about Q1\nQ1 see http://x.org/a{=a ~b}\n   \n\n// c\nQ2\n// inside\n{=a ~b}\n"),
    );
    expect(items.map((i) => [i.ref, i.params!.question.question])).toEqual([
      ["question at line 4", "<p>Q1 see http://x.org/a</p>"],
      ["question at line 8", "<p>Q2</p>"],
    ]);
  });
});

describe("GIFT categories and tags (contract 15.3)", () => {
  // As Moodle's GIFT export writes a category and a question's tags.
  const file = [
    "::Before::Asked before any category {=a ~b}",
    "",
    "// question: 0  name: Switch category to $course$/top/Default for NET101/1.0 Network Fundamentals",
    "$CATEGORY: $course$/top/Default for NET101/1.0 Network Fundamentals",
    "",
    "// question: 12  name: Port",
    "// [tag:ports] [tag:TLS] [tag:a\\]b]",
    "::Port::Which port does HTTPS use? {=443 ~80}",
    "",
    "// [tag:far]",
    "",
    "::Again::No comment of its own {T}",
    "",
    "$CATEGORY: $course$/top/Security",
    "::Firewall::// [tag:inside] is text here, not a comment",
    "// [tag:firewalls]",
    "A stateful firewall tracks connections {T}",
    "",
    "$CATEGORY: $course$/top/1.0 Network Fundamentals",
    "::Back::Back in the first category {=yes ~no}",
  ].join("\n");
  const result = parse(file);

  it("makes each category a domain of weight 0 and puts each question in the category named last before it", () => {
    expect(result.ok && result.plan.domains).toEqual([
      {
        code: "1.0",
        name: "Network Fundamentals",
        weight: 0,
        aliases: ["Default for NET101/1.0 Network Fundamentals", "1.0 Network Fundamentals"],
      },
      { code: "Security", name: "Security", weight: 0, aliases: ["Security"] },
      // Another path with the same code: a code of its own.
      { code: "1.0-2", name: "Network Fundamentals", weight: 0, aliases: ["1.0 Network Fundamentals"] },
    ]);
    expect(result.ok && result.plan.addMissingDomains).toBe(true);
    expect(itemsOf(result).map((i) => [i.ref.replace(/ at line \d+/, ""), i.domain])).toEqual([
      ['question "Before"', null],
      ['question "Port"', "1.0"],
      ['question "Again"', "1.0"],
      ['question "Firewall"', "Security"],
      ['question "Back"', "1.0-2"],
    ]);
  });

  it("takes the [tag:…] of the comments among a question's lines as its tags, \\] a ] in a tag", () => {
    expect(itemsOf(result).map((i) => i.params!.question.tags)).toEqual([
      undefined,
      ["ports", "TLS", "a]b"],
      // A comment separated from the question by a blank line is no comment of it (as Moodle reads it).
      undefined,
      ["firewalls"],
      undefined,
    ]);
  });

  it("a file without $CATEGORY says nothing of domains", () => {
    const plain = parse("Q {=a ~b}\n");
    expect(plain.ok && plain.plan.domains).toBeUndefined();
    expect(itemsOf(plain)[0]!.domain).toBeUndefined();
  });
});

describe("malformed GIFT", () => {
  it("problems at the item, naming the question and the line; all of them at once", () => {
    const issues = issuesOf(
      parse(
        "::A::Q{=a ~b\n\nQ2{~a ~b}\n\nQ3{~%150%a ~b}\n\n::T\nQ4{=a}\n\nQ5{=a ~}\n\nQ6{~%-50%a ~b}\n\nQ7 {=%50%a ~b}\n\nQ8 {x ~a =b}",
      ),
    );
    expect(issues).toEqual([
      {
        code: "malformed_file",
        path: "items[0]",
        message:
          'question "A" at line 1: the { at line 1 has no closing } before the question ends (at a blank line or the end of the file; write \\{ for a brace in text)',
      },
      {
        code: "malformed_file",
        path: "items[1]",
        message:
          "question at line 3: no answer is marked right: mark the right one with = (single choice) or give weights with ~%n% (multiple choice)",
      },
      {
        code: "malformed_file",
        path: "items[2]",
        message: "question at line 5: the weight %150% at line 5 is not a number from -100 to 100",
      },
      {
        code: "malformed_file",
        path: "items[3]",
        message:
          "question at line 7: the title's opening :: at line 7 has no closing :: (write \\: for a colon in a title)",
      },
      { code: "malformed_file", path: "items[4]", message: "question at line 10: the answer at line 10 is empty" },
      {
        code: "malformed_file",
        path: "items[5]",
        message: "question at line 12: no answer has a positive weight, so none is right",
      },
      {
        code: "malformed_file",
        path: "items[6]",
        message: "question at line 14: no answer is fully right: the = answer has a weight below 100%",
      },
      {
        code: "malformed_file",
        path: "items[7]",
        message:
          "question at line 16: the text before the first ~ or = at line 16 belongs to no answer (write \\~ or \\= for the characters themselves)",
      },
    ]);
  });

  it("not UTF-8, nothing but comments, too many questions: at file", () => {
    expect(issuesOf(parse(Uint8Array.from([0x51, 0x7b, 0x54, 0x7d, 0xff])))).toEqual([
      {
        code: "malformed_file",
        path: "file",
        message: "is not UTF-8 text; a GIFT file is UTF-8 text (a byte order mark is allowed)",
      },
    ]);
    expect(issuesOf(parse("// only\n\n// comments\n"))).toEqual([
      {
        code: "malformed_file",
        path: "file",
        message: "holds no GIFT question (only comments or blank lines)",
      },
    ]);
    expect(issuesOf(parse("A{T}\n\nB{T}\n\nC{T}", 2))).toEqual([
      { code: "too_many", path: "file", message: "holds 3 questions; at most 2 can be imported at once" },
    ]);
  });
});

describe("a file of $CATEGORY lines alone", () => {
  it("is read as Moodle reads it: no item, a warning naming its categories", () => {
    const result = parse("// made by hand\n$CATEGORY: $course$/top/Unit 1\n\n$CATEGORY: $course$/top/Unit 2\n");
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.plan.items).toEqual([]);
    expect(result.plan.domains).toBeUndefined();
    expect(result.plan.warnings).toEqual([
      'the file holds no question, only $CATEGORY lines ("$course$/top/Unit 1", "$course$/top/Unit 2"): Moodle would create these categories and import no question; here a category becomes a domain only with questions in it, so nothing is imported',
    ]);
  });
});

describe("recognising GIFT", () => {
  it("by an answer block of its syntax", () => {
    for (const text of ["Q{=a ~b}", "::t::Q {T}", "Q {\n  ~%50%a\n}", "Q{#3.1}", "Q{TRUE#fb}"])
      expect(looksLikeGift(text)).toBe(true);
  });

  it("not JSON (even with GIFT in its strings), XML, Aiken, plain text or code", () => {
    for (const text of [
      '{"format": "exam_studio_archive", "q": "Q{=a ~b}"}',
      '["Q{=a}"]',
      "<quiz><q>Q{=a}</q></quiz>",
      "Q?\nA. x\nB. y\nANSWER: A",
      "hello, world",
      "function f() {}",
      "if (x) {\n}",
      "Q{####only feedback}",
      "// Q{=a}",
    ]) {
      expect(looksLikeGift(text)).toBe(false);
    }
    expect(looksLikeGift(null)).toBe(false);
  });
});
