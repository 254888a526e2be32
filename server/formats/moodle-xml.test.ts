// The Moodle XML import and export. Moodle's own fixtures (tests/fixtures/moodle, README there)
// yield exactly the questions spelled out here; files of our own making cover media, links to
// audio, the kinds skipped, bad XML and a DOCTYPE; an export imported back gives the same
// questions for every item its report calls lossless.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { makeMp3, makePng, mediaPath, toBase64 } from "../../tests/support/media-fixtures";
import { decodeBase64 } from "../media/base64";
import { exportMoodleXml } from "./moodle-export";
import { looksLikeMoodleXml } from "./moodle-xml";
import { parseMoodleXml } from "./moodle-import";
import { decodeImage } from "./raster";
import { recognizeFormat } from "./recognize";
import type { ContentQuestion, ExamContent, ParseResult, PlanItem } from "./types";

// Drawing the generated images' texts (drawn-text.ts) takes a second or more on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const FIXTURES = path.join(__dirname, "../../tests/fixtures/moodle");
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
const bytes = (text: string) => new TextEncoder().encode(text);
const parse = (input: string | Uint8Array, maxItems = 100) =>
  parseMoodleXml(typeof input === "string" ? bytes(input) : input, { maxItems });

function itemsOf(result: ParseResult): PlanItem[] {
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.plan.items;
}
const issuesOf = (result: ParseResult) => (result.ok ? [] : result.issues);

/** The plan's blueprint of a file whose questions are all in one category (contract 15.3): one domain, weight 0. */
const oneCategory = (label: string) => ({
  domains: [{ code: label, name: label, weight: 0, aliases: [label] }],
  addMissingDomains: true,
});
const FEEDBACK =
  "its feedback for right, partly right and wrong answers is not kept: a question here has one explanation (its general feedback)";
const ANSWER_FEEDBACK = "the feedback of its answers is not kept: an answer here has no feedback";

/** A quiz of the given questions. */
const quiz = (...questions: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${questions.join("\n")}\n</quiz>\n`;
const text = (value: string) => `<text><![CDATA[${value}]]></text>`;
const answer = (fraction: number, value: string, format = "html") =>
  `<answer fraction="${fraction}" format="${format}">${text(value)}</answer>`;
const question = (type: string, name: string, body: string) =>
  `<question type="${type}"><name><text>${name}</text></name>${body}</question>`;

describe("Moodle's own fixtures", () => {
  it("multichoice: multiple → type 2, an answer above 0% is right, the credit per answer read as per_answer; the hints are lost, said", () => {
    const result = parse(fixture("multichoice.xml"));
    // Its category $course$/Default for C1 is a domain of the plan (contract 15.3).
    expect(result.ok && result.plan).toMatchObject({
      exam: null,
      caseStudies: [],
      warnings: [],
      ...oneCategory("Default for C1"),
    });
    expect(itemsOf(result)).toEqual([
      {
        ref: 'question "Multi-choice-001" at line 12',
        params: {
          question: {
            type: 2,
            question: "Find the capital cities in Europe.",
            explanation: "Berlin, Paris and London",
            points: 1,
            // Half of 1 point is no whole number of answer points: per_answer, said (contract 16.3).
            properties: { scoring: "per_answer" },
          },
          answers: [
            { answer: "Tokyo", is_correct: false },
            { answer: "Spain", is_correct: false },
            { answer: "London", is_correct: true },
            { answer: "Barcelona", is_correct: false },
            { answer: "Paris", is_correct: true },
          ],
        },
        caseStudy: null,
        domain: "Default for C1",
        warnings: [
          "its feedback for right, partly right and wrong answers and its 2 hints are not kept: a question here has one explanation (its general feedback)",
          "Moodle's credit per answer (0%, 0%, 50%, 0%, 50%) is read as per_answer (each right answer chosen earns an equal share, each wrong one takes a share back), which differs from it",
        ],
      },
    ]);
  });

  it("truefalse → type 1 with the answers True and False", () => {
    expect(itemsOf(parse(fixture("truefalse.xml")))).toEqual([
      {
        ref: 'question "true-false-001" at line 12',
        params: {
          question: {
            type: 1,
            question: "The answer is true.",
            explanation: "You should have selected true.",
            points: 1,
          },
          answers: [
            { answer: "<p>True</p>", is_correct: true },
            { answer: "<p>False</p>", is_correct: false },
          ],
        },
        caseStudy: null,
        domain: "Test questions",
        warnings: [ANSWER_FEEDBACK],
      },
    ]);
  });

  it("shortanswer → type 7: the answers at 100% accepted, usecase as case_sensitive, similarity 100", () => {
    expect(itemsOf(parse(fixture("shortanswer.xml")))).toEqual([
      {
        ref: 'question "shortanswer-001" at line 12',
        params: {
          question: {
            type: 7,
            question: "Name an amphibian: __________",
            explanation: "Generalfeedback: frog or toad would have been OK.",
            points: 1,
            properties: { text_similarity: 100, case_sensitive: false, text_answer: [{ value: "frog" }] },
          },
        },
        caseStudy: null,
        domain: "Test questions",
        warnings: [
          ANSWER_FEEDBACK,
          'answers below 100% are not kept (a typed answer here is accepted or not): "toad" (80%)',
        ],
      },
    ]);
  });

  it("ordering → type 6 in the given order, its gradingtype the scoring mode, idnumber as external id", () => {
    const words = ["Modular", "Object", "Oriented", "Dynamic", "Learning", "Environment"];
    expect(itemsOf(parse(fixture("ordering.xml")))).toEqual([
      {
        ref: 'question "dd-ordering 1" at line 12',
        params: {
          question: {
            type: 6,
            question: "Put these words in order.",
            explanation: '<p>The correct answer is "Modular Object Oriented Dynamic Learning Environment".</p>',
            points: 1,
            external_id: "dd1",
            // Moodle's ABSOLUTE_POSITION grading is our absolute_position (contract 16.3 point 5).
            properties: { optional_answers: false, scoring: "absolute_position" },
          },
          answers: words.map((w, k) => ({ answer: `<p>${w}</p>`, is_correct: true, order: k + 1 })),
        },
        caseStudy: null,
        domain: "Test questions",
        warnings: [FEEDBACK],
      },
    ]);
  });

  it("ddmarker → type 4: each circular drop zone the rectangle around it, at least 30×15, all right; the markers' labels lost, said", () => {
    const file = fixture("ddmarker.xml");
    const [item] = itemsOf(parse(file));
    const png = /<file name="mkmap.png" encoding="base64">([^<]*)<\/file>/.exec(new TextDecoder().decode(file))![1]!;
    expect(item).toEqual({
      ref: 'question "Milton Keynes landmarks" at line 12',
      params: {
        question: {
          type: 4,
          question:
            "Please place the markers on the map of Milton Keynes and be aware that there is more than one railway station.",
          explanation:
            "<p>The Open University is at the junction of Brickhill Street and Groveway. There are three railway stations, Wolverton, Milton Keynes Central and Bletchley.</p>",
          points: 1,
          properties: {
            image: "mkmap.png",
            // Circles of radius 10 about (322,213), (144,84), (195,180), (267,302): 20×20, grown to 30 wide.
            areas: [
              { id: "block-1", x: 307, y: 203, width: 30, height: 20 },
              { id: "block-2", x: 129, y: 74, width: 30, height: 20 },
              { id: "block-3", x: 180, y: 170, width: 30, height: 20 },
              { id: "block-4", x: 252, y: 292, width: 30, height: 20 },
            ],
            options: { FixedHeight: false, FixedWidth: false, SingleAnswer: false },
            correct: { "block-1": true, "block-2": true, "block-3": true, "block-4": true },
          },
        },
        resources: { "mkmap.png": png },
      },
      caseStudy: null,
      domain: "Default for C1",
      warnings: [
        "its feedback for right, partly right and wrong answers and its 2 hints are not kept: a question here has one explanation (its general feedback)",
        "an area here is a rectangle: drop zones 1 (a circle), 2 (a circle), 3 (a circle), 4 (a circle) became the rectangle around them (at least 30×15 pixels, inside the image)",
        'which marker belongs on which zone is not kept ("OU" on 1 zone, "Railway station" on 3 zones): Point & Shoot asks the candidate to point at every area that is right, and all 4 are; say in the question text what to mark',
      ],
    });
  });

  it("ddimageortext → type 3: its text drag items drawn in a tray below the image, each a draggable, each drop zone a target", () => {
    const [item] = itemsOf(parse(fixture("ddimageortext.xml")));
    const params = item!.params!;
    const properties = params.question.properties as {
      image: string;
      areas: { id: string; type: number; x: number; y: number; width: number; height: number }[];
      match: Record<string, string>;
      options: object;
    };
    expect(item!.ref).toBe('question "Imported Drag and drop onto image 001" at line 12');
    expect(params.question).toMatchObject({
      type: 3,
      points: 1,
      question: expect.stringMatching(/^<p>Identify the features in this cross-section/),
    });
    expect(params.question.explanation).toContain(
      '<img src="oceanflooranswer.jpg" alt="labelled ocean floor" width="593" height="159" />',
    );
    expect(properties.image).toBe("oceanfloorbase-with-drag-items.png");
    expect(properties.options).toEqual({ FixedHeight: false, FixedWidth: false, OneToOneMatching: true });
    // Drop n takes drag item choice(n): 7, 8, 5, 3, 6, 4, 1, 2.
    expect(properties.match).toEqual({
      "targ-1": "drag-7",
      "targ-2": "drag-8",
      "targ-3": "drag-5",
      "targ-4": "drag-3",
      "targ-5": "drag-6",
      "targ-6": "drag-4",
      "targ-7": "drag-1",
      "targ-8": "drag-2",
    });
    expect(properties.areas.filter((a) => a.type === 1).map((a) => [a.id, a.x, a.y])).toEqual([
      ["targ-1", 53, 17],
      ["targ-2", 172, 2],
      ["targ-3", 363, 31],
      ["targ-4", 440, 13],
      ["targ-5", 115, 74],
      ["targ-6", 210, 89],
      ["targ-7", 310, 87],
      // xleft 479 and the width of "ocean trench" would leave the image: moved in.
      ["targ-8", 478, 84],
    ]);
    // Each target has its draggable's size; the draggables lie below the base image (579×159).
    for (const target of properties.areas.filter((a) => a.type === 1)) {
      const drag = properties.areas.find((a) => a.id === properties.match[target.id])!;
      expect([target.width, target.height]).toEqual([drag.width, drag.height]);
      expect(drag.y).toBeGreaterThanOrEqual(159);
    }
    expect(Object.keys(params.resources!)).toEqual(["oceanflooranswer.jpg", "oceanfloorbase-with-drag-items.png"]);
    const composed = decodeImage(decodeBase64(params.resources!["oceanfloorbase-with-drag-items.png"]!)!);
    expect(composed.ok && [composed.image.width, composed.image.height]).toEqual([579, 299]);
    expect(item!.warnings).toEqual([
      "its feedback for right, partly right and wrong answers and its 4 hints are not kept: a question here has one explanation (its general feedback)",
      "its 8 drag items are drawn in a tray below its image (Moodle shows them apart; here a draggable is a part of the image): the question's image is oceanfloorbase-with-drag-items.png, 579×299 pixels",
      'its text drag items ("island arc", "mid-ocean ridge", "abyssal plain", "continental rise", "ocean trench", "continental slope", "mountain belt", "continental shelf") are drawn as framed boxes in DejaVu Sans at 16 pixels (not Moodle\'s styling)',
    ]);
  });
});

describe("files of our own making", () => {
  const png = makePng(40, 20);
  const mp3 = makeMp3();
  const files = `<file name="pic one.png" path="/" encoding="base64">${toBase64(png)}</file><file name="hello.mp3" path="/" encoding="base64">\n${toBase64(mp3)}\n</file>`;

  it("embedded files become the item's resources under their relative names; a link to the question's mp3 becomes an audio player, warned", () => {
    const xml = quiz(
      question(
        "multichoice",
        "Greeting",
        `<questiontext format="html">${text('<p><a href="@@PLUGINFILE@@/hello.mp3">Listen:</a> <img src="@@PLUGINFILE@@/pic%20one.png" alt="x"></p>')}${files}</questiontext>` +
          `<idnumber>G-1</idnumber><defaultgrade>2.5</defaultgrade><single>true</single>` +
          answer(100, "French") +
          answer(50, "Belgian French") +
          answer(0, '<img src="@@PLUGINFILE@@/pic%20one.png">'),
      ),
    );
    expect(itemsOf(parse(xml))).toEqual([
      {
        ref: 'question "Greeting" at line 3',
        params: {
          question: {
            type: 1,
            question: '<p>Listen: <audio controls src="hello.mp3"></audio> <img src="pic%20one.png" alt="x"></p>',
            points: 3,
            external_id: "G-1",
          },
          answers: [
            { answer: "French", is_correct: true },
            { answer: "Belgian French", is_correct: false },
            { answer: '<img src="pic%20one.png">', is_correct: false },
          ],
          resources: { "hello.mp3": toBase64(mp3), "pic%20one.png": toBase64(png) },
        },
        caseStudy: null,
        warnings: [
          'its question text: the link to "hello.mp3" became an audio player (Moodle\'s media filter shows that link as one)',
          "its default grade 2.5 is 3 points here (points are whole numbers)",
          "partial credit is not kept: only the answer at 100% is right here, the one at 50% count as wrong",
        ],
      },
    ]);
  });

  it("a link to a file that is not audio or video, or to none of the question's, keeps only its text", () => {
    const xml = quiz(
      question(
        "truefalse",
        "Links",
        `<questiontext format="html">${text('<p><a href="@@PLUGINFILE@@/pic%20one.png">see</a> <a href="@@PLUGINFILE@@/gone.mp3">gone</a></p>')}${files}</questiontext>` +
          answer(0, "true") +
          answer(100, "false"),
      ),
    );
    const [item] = itemsOf(parse(xml));
    expect(item!.params!.question.question).toBe("<p>see gone</p>");
    expect(item!.params!.answers).toEqual([
      { answer: "<p>True</p>", is_correct: false },
      { answer: "<p>False</p>", is_correct: true },
    ]);
    expect(item!.warnings).toEqual([
      'its question text: its link to the file "pic one.png" is not kept (a link to a file is not allowed here; only images, audio and video are): only the link\'s text is',
      'its question text: its link to "gone.mp3" names no file of the question, so only the link\'s text is kept',
    ]);
  });

  it("text formats: moodle_auto_format and plain_text as paragraphs, markdown rendered", () => {
    const xml = quiz(
      question(
        "multichoice",
        "Formats",
        `<questiontext format="markdown">${text("Is **this** bold?")}</questiontext><generalfeedback format="plain_text">${text("a < b\nc")}</generalfeedback>` +
          answer(100, "yes", "moodle_auto_format") +
          answer(0, "no", "plain_text"),
      ),
    );
    expect(itemsOf(parse(xml))[0]!.params).toEqual({
      question: { type: 1, question: "<p>Is <strong>this</strong> bold?</p>", explanation: "<p>a &lt; b<br>c</p>" },
      answers: [
        { answer: "<p>yes</p>", is_correct: true },
        { answer: "<p>no</p>", is_correct: false },
      ],
    });
  });

  it("shortanswer: usecase 1 is case sensitive; \\* is an asterisk, a bare * Moodle's wildcard (warned)", () => {
    const xml = quiz(
      question(
        "shortanswer",
        "Case",
        `<questiontext format="html">${text("Say")}</questiontext><usecase>1</usecase>` +
          answer(100, "A\\*B", "moodle_auto_format") +
          answer(100, "C*", "moodle_auto_format"),
      ),
    );
    const [item] = itemsOf(parse(xml));
    expect(item!.params!.question.properties).toEqual({
      text_similarity: 100,
      case_sensitive: true,
      text_answer: [{ value: "A*B" }, { value: "C*" }],
    });
    expect(item!.warnings).toEqual([
      'the answer "C*" uses Moodle\'s wildcard *, which is an asterisk here (a typed answer is compared by similarity, not by pattern)',
    ]);
  });

  it("every other question type is an item skipped with a warning naming it; category pseudo-questions are no items", () => {
    const xml = quiz(
      '<question type="category"><category><text>$course$/top/A</text></category></question>',
      question("essay", "E", `<questiontext format="html">${text("Write")}</questiontext>`),
      question("multianswer", "Cloze", `<questiontext format="html">${text("{1:SHORTANSWER:=a}")}</questiontext>`),
      question("gapfill", "M", ""),
      question("calculatedmulti", "N", ""),
      question("description", "D", ""),
      '<question type="category"><category><text>$course$/top/B</text></category></question>',
      question("calculated", "C", ""),
      question("somethingnew", "S", ""),
    );
    const result = parse(xml);
    expect(result.ok && result.plan.warnings).toEqual([]);
    // A category that no imported question is in is no domain.
    expect(result.ok && result.plan.domains).toEqual([]);
    expect(itemsOf(result).map((i) => [i.ref, i.params, i.warnings])).toEqual([
      [
        'question "E" at line 4',
        null,
        ["skipped: it is an essay question (Moodle type essay), which Exam Studio cannot represent"],
      ],
      [
        'question "Cloze" at line 5',
        null,
        [
          "skipped: it is an embedded answers (cloze) question (Moodle type multianswer), which Exam Studio cannot represent",
        ],
      ],
      [
        'question "M" at line 6',
        null,
        ["skipped: it is a gap fill question (Moodle type gapfill), which Exam Studio cannot represent"],
      ],
      [
        'question "N" at line 7',
        null,
        [
          "skipped: it is a calculated multichoice question (Moodle type calculatedmulti), which Exam Studio cannot represent",
        ],
      ],
      [
        'question "D" at line 8',
        null,
        [
          "skipped: it is a description (text without a question) (Moodle type description), which Exam Studio cannot represent",
        ],
      ],
      [
        'question "C" at line 10',
        null,
        ["skipped: it is a calculated question (Moodle type calculated), which Exam Studio cannot represent"],
      ],
      [
        'question "S" at line 11',
        null,
        [
          'skipped: it is a question of the type "somethingnew" (Moodle type somethingnew), which Exam Studio cannot represent',
        ],
      ],
    ]);
  });

  it("a single <question> as the root is a file of one question", () => {
    const xml = `<question type="truefalse"><name><text>One</text></name><questiontext format="html">${text("Sky is blue")}</questiontext>${answer(100, "true")}${answer(0, "false")}</question>`;
    expect(itemsOf(parse(xml)).map((i) => i.ref)).toEqual(['question "One" at line 1']);
  });
});

describe("files the import refuses", () => {
  it("XML that is not well-formed: at file, saying the line", () => {
    expect(issuesOf(parse('<quiz>\n<question type="truefalse">\n</quiz>'))).toEqual([
      {
        code: "malformed_file",
        path: "file",
        message: expect.stringMatching(/^is not well-formed XML: line 3, column \d+: /),
      },
    ]);
  });

  it("a DOCTYPE: at file, saying where (no entity is ever expanded)", () => {
    const xml = `<?xml version="1.0"?>\n<!DOCTYPE quiz [<!ENTITY x "xx">]>\n<quiz>&x;</quiz>`;
    expect(looksLikeMoodleXml(xml)).toBe(true);
    expect(issuesOf(parse(xml))).toEqual([
      {
        code: "malformed_file",
        path: "file",
        message: expect.stringMatching(/^line 2, column \d+: the document has a DOCTYPE, which an import refuses/),
      },
    ]);
  });

  it("only categories: read as Moodle reads it, no item, a warning naming them; with an idnumber, a domain", () => {
    const category = (path: string, idnumber = "") =>
      `<question type="category"><category><text>${path}</text></category><idnumber>${idnumber}</idnumber></question>`;
    const plain = parse(
      `<quiz>${category("$course$/top/Default for NET101")}${category("$course$/top/Unit 1")}</quiz>`,
    );
    if (!plain.ok) throw new Error(JSON.stringify(plain.issues));
    expect(plain.plan.items).toEqual([]);
    expect(plain.plan.domains).toEqual([]);
    expect(plain.plan.warnings).toEqual([
      'the file holds no question, only categories ("$course$/top/Default for NET101", "$course$/top/Unit 1"): Moodle would create these categories and import no question; here a category becomes a domain only with questions in it or an idnumber, so nothing is imported',
    ]);
    // Our export writes every domain with its code as idnumber, so an exam of domains without questions comes back.
    const coded = parse(
      `<quiz>${category("$course$/top/Networking")}${category("$course$/top/Networking/NET-1 Routing", "NET-1")}</quiz>`,
    );
    if (!coded.ok) throw new Error(JSON.stringify(coded.issues));
    expect(coded.plan.domains).toEqual([expect.objectContaining({ code: "NET-1", name: "Routing" })]);
    expect(coded.plan.warnings).toEqual([
      expect.stringMatching(
        /: Moodle would create these categories and import no question; here those with an idnumber become the exam's domains \(NET-1\), and no question is imported$/,
      ),
    ]);
  });

  it("another root, no questions, not UTF-8, too many questions: at file", () => {
    expect(issuesOf(parse("<html/>"))).toEqual([
      {
        code: "malformed_file",
        path: "file",
        message: "has the root element <html> at line 1; a Moodle XML file has <quiz> (or one <question>)",
      },
    ]);
    expect(issuesOf(parse("<quiz/>"))).toEqual([
      { code: "malformed_file", path: "file", message: "holds no question" },
    ]);
    expect(issuesOf(parse(new Uint8Array([0x3c, 0xff, 0xfe])))).toEqual([
      { code: "malformed_file", path: "file", message: "is not UTF-8 text; a Moodle XML file is UTF-8" },
    ]);
    const three = quiz(...[1, 2, 3].map((n) => question("essay", `E${n}`, "")));
    expect(issuesOf(parse(three, 2))).toEqual([
      { code: "too_many", path: "file", message: "holds 3 questions; at most 2 can be imported at once" },
    ]);
  });

  it("a question the format cannot make sense of: at items[i], in its name", () => {
    const xml = quiz(
      question("truefalse", "Fine", answer(100, "true") + answer(0, "false")),
      question("multichoice", "No right", `<single>true</single>${answer(0, "a")}${answer(0, "b")}`),
      question("truefalse", "Both", answer(100, "true") + answer(100, "false")),
      question("shortanswer", "None", answer(50, "x")),
      question("multichoice", "Bad", `<single>false</single><answer fraction="lots">${text("a")}</answer>`),
      question(
        "ddmarker",
        "No image",
        "<drop><no>1</no><shape>circle</shape><coords>1,1;5</coords><choice>1</choice></drop>",
      ),
    );
    expect(issuesOf(parse(xml))).toEqual([
      {
        code: "malformed_file",
        path: "items[1]",
        message: 'question "No right" at line 4: no answer has a fraction above 0, so none is right',
      },
      {
        code: "malformed_file",
        path: "items[2]",
        message: 'question "Both" at line 5: is a true/false question without exactly one right answer true or false',
      },
      {
        code: "malformed_file",
        path: "items[3]",
        message: 'question "None" at line 6: has no answer at 100%, so none is accepted',
      },
      {
        code: "malformed_file",
        path: "items[4].answers[0]",
        message: 'question "Bad" at line 7: the fraction "lots" of answer 1 (line 7) is not a number',
      },
      {
        code: "malformed_file",
        path: "items[4]",
        message: 'question "Bad" at line 7: no answer has a fraction above 0, so none is right',
      },
      {
        code: "malformed_file",
        path: "items[5]",
        message: 'question "No image" at line 8: has no background image (a <file> of the question itself)',
      },
    ]);
  });
});

describe("recognition", () => {
  it("XML whose root is quiz or question, after a declaration, comments or a DOCTYPE; nothing else", () => {
    for (const yes of ['<?xml version="1.0"?>\n<quiz>', "\n<!-- x -->\n<question type='essay'/>", "<quiz/>"])
      expect(looksLikeMoodleXml(yes)).toBe(true);
    for (const no of ["<quizzes/>", "<qti-assessment-item/>", "quiz", '{"quiz":1}', null])
      expect(looksLikeMoodleXml(no)).toBe(false);
    expect(recognizeFormat(fixture("truefalse.xml"))).toEqual({ ok: true, format: "moodle_xml" });
  });
});

describe("export, and the export imported back", () => {
  const pic = makePng(200, 100, [0, 128, 255]);
  const sound = makeMp3();
  const missing = makePng(3, 3);
  const PIC = mediaPath(pic, "png");
  const SOUND = mediaPath(sound, "mp3");
  const GONE = mediaPath(missing, "png");
  const base = { explanation: "", external_id: null, points: 1, case_study_id: null, properties: {}, answers: [] };
  const ans = (answer: string, is_correct: boolean, order: number, points = 0) => ({
    answer,
    is_correct,
    order,
    points,
    old_id: null,
  });
  const block = (id: string, x: number) => ({ id, x, y: 10, width: 40, height: 20 });
  const questions: ContentQuestion[] = [
    {
      ...base,
      id: 1,
      type: 1,
      question: `<p>Which colour? <img src="${PIC}" alt="a"></p>`,
      explanation: `<p>Listen: <audio controls src="${SOUND}"></audio></p>`,
      external_id: "Q-1",
      points: 2,
      answers: [
        ans("<p>Blue</p>", true, 1),
        ans("<p>Red &amp; green</p>", false, 2),
        ans("<p>]]&gt; odd</p>", false, 3),
      ],
    },
    {
      ...base,
      id: 2,
      type: 2,
      question: "<p>Primes?</p>",
      answers: [
        ans("<p>2</p>", true, 1),
        ans("<p>3</p>", true, 2),
        ans("<p>4</p>", false, 3),
        ans("<p>6</p>", false, 4),
      ],
    },
    {
      ...base,
      id: 3,
      type: 6,
      question: "<p>Order</p>",
      properties: { optional_answers: false },
      answers: [ans("<p>a</p>", true, 1), ans("<p>b</p>", true, 2), ans("<p>c</p>", true, 3)],
    },
    {
      ...base,
      id: 4,
      type: 7,
      question: "<p>Type</p>",
      properties: { text_similarity: 100, case_sensitive: true, text_answer: [{ value: "A*B" }, { value: "c" }] },
    },
    {
      ...base,
      id: 5,
      type: 4,
      question: "<p>Point</p>",
      properties: {
        image: PIC,
        areas: [block("block-1", 10), block("block-2", 100)],
        options: { FixedHeight: false, FixedWidth: false, SingleAnswer: false },
        correct: { "block-1": true, "block-2": true },
      },
    },
    {
      ...base,
      id: 6,
      type: 5,
      question: "<p>Hot</p>",
      properties: {
        image: PIC,
        areas: [block("block-1", 10), block("block-2", 100)],
        options: { FixedHeight: false, FixedWidth: false, SingleAnswer: true },
        correct: { "block-1": true, "block-2": false },
      },
    },
    {
      ...base,
      id: 7,
      type: 3,
      question: "<p>Drag</p>",
      properties: {
        image: PIC,
        areas: [
          { id: "targ-1", type: 1, x: 10, y: 10, width: 40, height: 20 },
          { id: "drag-1", type: 2, x: 100, y: 60, width: 40, height: 20 },
        ],
        options: { FixedHeight: false, FixedWidth: false, OneToOneMatching: true },
        match: { "targ-1": "drag-1" },
      },
    },
    {
      ...base,
      id: 8,
      type: 7,
      question: "<p>Close</p>",
      case_study_id: 9,
      properties: { text_similarity: 80, case_sensitive: false, text_answer: [{ value: "x", points: 2 }] },
    },
    {
      ...base,
      id: 9,
      type: 1,
      question: `<p><img src="${GONE}"></p>`,
      answers: [ans("<p>y</p>", true, 1, 3), ans("<p>n</p>", false, 2)],
    },
  ];
  const content: ExamContent = {
    exam: {
      type: 2,
      check_answer: 0,
      title: "Colours & <shapes>",
      category: "Art",
      code: "ART 1",
      shuffle_questsion: true,
      shuffle_answers: false,
      testing: { auto: true, locked_questions: 0, time_mode: "rate", fixed_time: 0 },
      evaluation_method: 2,
      passing_score: 50,
      show_description_page: false,
      show_standard_introduction: true,
      description: "",
    },
    caseStudies: [{ id: 9, name: "Shop", description: "<p>A shop</p>" }],
    questions,
    media: new Map([
      [PIC, pic],
      [SOUND, sound],
    ]),
  };
  const { file, report } = exportMoodleXml(content, { now: "2026-01-01T00:00:00Z" });
  const xml = new TextDecoder().decode(file.bytes);

  it("writes one file with the media embedded and says, question by question, what Moodle cannot hold", () => {
    expect(file).toMatchObject({ name: "ART-1.moodle.xml", content_type: "application/xml" });
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<quiz>')).toBe(true);
    expect(xml).toContain("<text>$course$/top/Colours &amp; &lt;shapes&gt;</text>");
    expect(xml).toContain(`<img src="@@PLUGINFILE@@/${PIC.slice(7)}" alt="a">`);
    expect(xml).toContain(`<file name="${PIC.slice(7)}" path="/" encoding="base64">${toBase64(pic)}</file>`);
    expect(xml).toContain(`<file name="${SOUND.slice(7)}" path="/" encoding="base64">${toBase64(sound)}</file>`);
    expect(xml).toContain("<defaultgrade>2</defaultgrade>");
    expect(xml).toContain("<idnumber>Q-1</idnumber>");
    expect(xml).toContain("<text>A\\*B</text>");
    expect(xml).toContain('<question type="ddimageortext">');
    expect(xml).toContain('<file name="drag-1.png" path="/" encoding="base64">');
    expect(report.items.map((i) => [i.question_id, i.fidelity])).toEqual([
      [1, "lossless"],
      [2, "lossy"],
      [3, "lossless"],
      [4, "lossless"],
      [5, "lossless"],
      [6, "lossy"],
      [7, "lossy"],
      [8, "lossy"],
      [9, "lossy"],
    ]);
    expect(report.items[5]!.notes).toEqual([
      "Moodle has no hot-area type: it is written as a ddmarker question (drop markers on the right areas), and imported back it is a Point & Shoot question (type 4)",
      "its 1 area that is not right is left out: a ddmarker question has only zones where a marker belongs",
    ]);
    expect(report.items[7]!.notes).toEqual([
      "its text similarity 80% is not in Moodle XML, which accepts a typed answer only as written (or by its * wildcard): imported back the similarity is 100%",
      'the points of its accepted values ("x": 2) are not in Moodle XML: every value is accepted at 100%',
      'its case study "Shop" is not in Moodle XML (it has no case studies): imported back the question belongs to none',
    ]);
    expect(report.items[8]!.notes).toEqual([
      "its answers' points (3) are not in Moodle XML, which grades a question by its default grade only",
      `the file of ${GONE} is missing from the media store, so it is not in the file`,
    ]);
    expect(report.notes[0]).toMatch(
      /^Moodle XML holds questions only: the exam's settings \(type, title, category, code, shuffling, the number of testing questions, the time limit, /,
    );
    // All or nothing does not fit a Moodle multichoice (contract 16.3 point 5).
    expect(report.items[1]!.notes).toEqual([
      "its scoring mode all_or_nothing does not fit Moodle XML, which has no all-or-nothing multiple choice: it is written with Moodle's credit per answer (the right answers share 100%, each wrong one takes a share back), so in Moodle a partly right choice earns part of the grade, and imported back the question scores per_answer",
    ]);
    expect(report.notes.length).toBe(1);
  });

  /** A question as the import would give it back, for comparison with the content: HTML and image with stored paths. */
  function imported(item: PlanItem) {
    const p = item.params!;
    const stored = (html: string) =>
      Object.keys(p.resources ?? {}).reduce((h, key) => h.replaceAll(`"${key}"`, `"/media/${key}"`), html);
    const properties = { ...(p.question.properties ?? {}) } as Record<string, unknown>;
    if (typeof properties.image === "string") properties.image = `/media/${properties.image}`;
    return {
      type: p.question.type,
      question: stored(p.question.question),
      explanation: stored(p.question.explanation ?? ""),
      points: p.question.points,
      external_id: p.question.external_id ?? null,
      properties,
      answers: (p.answers ?? []).map((a) => [stored(a.answer), a.is_correct]),
    };
  }
  const original = (q: ContentQuestion) => ({
    type: q.type,
    question: q.question,
    explanation: q.explanation,
    points: q.points,
    external_id: q.external_id,
    properties: q.properties,
    answers: q.answers.map((a) => [a.answer, a.is_correct]),
  });

  it("imported back, every question the report calls lossless is the same question", () => {
    const items = itemsOf(parse(file.bytes));
    expect(items).toHaveLength(9);
    report.items.forEach((r, k) => {
      if (r.fidelity === "lossless") expect(imported(items[k]!)).toEqual(original(questions[k]!));
    });
    expect(items[5]!.params!.question).toMatchObject({
      type: 4,
      properties: { areas: [block("block-1", 10)], correct: { "block-1": true }, options: { SingleAnswer: true } },
    });
    expect(items[6]!.params!.question.type).toBe(3);
    expect(items[7]!.params!.question.properties).toEqual({
      text_similarity: 100,
      case_sensitive: false,
      text_answer: [{ value: "x" }],
    });
  });
});

describe("image questions of our own making", () => {
  const map = makePng(200, 100, [250, 250, 250]);
  const bg = `<file name="map.png" encoding="base64">${toBase64(map)}</file>`;
  const drop = (no: number, shape: string, coords: string, choice = 1) =>
    `<drop><no>${no}</no><shape>${shape}</shape><coords>${coords}</coords><choice>${choice}</choice></drop>`;

  it("ddmarker: a rectangle is kept as it is, a polygon becomes its bounding box, a small zone grows inside the image", () => {
    const xml = quiz(
      question(
        "ddmarker",
        "Shapes",
        `<questiontext format="html">${text("Mark")}</questiontext>${bg}<drag><no>1</no><text>Here</text><infinite/></drag>` +
          drop(1, "rectangle", "10,10;50,20") +
          drop(2, "polygon", "100,10;140,15;120,50") +
          drop(3, "rectangle", "190,95;5,5"),
      ),
    );
    const [item] = itemsOf(parse(xml));
    expect(item!.params!.question.properties).toEqual({
      image: "map.png",
      areas: [
        { id: "block-1", x: 10, y: 10, width: 50, height: 20 },
        { id: "block-2", x: 100, y: 10, width: 40, height: 40 },
        { id: "block-3", x: 170, y: 85, width: 30, height: 15 },
      ],
      options: { FixedHeight: false, FixedWidth: false, SingleAnswer: false },
      correct: { "block-1": true, "block-2": true, "block-3": true },
    });
    expect(item!.warnings).toEqual([
      "an area here is a rectangle: drop zone 2 (a polygon) became the rectangle around it (at least 30×15 pixels, inside the image)",
      "drop zone 3 was grown or moved to be at least 30×15 pixels and inside the image",
      'which marker belongs on which zone is not kept ("Here" on 3 zones): Point & Shoot asks the candidate to point at every area that is right, and all 3 are; say in the question text what to mark',
    ]);
  });

  it("ddmarker: a shape that cannot be read is an error of the item", () => {
    const xml = quiz(question("ddmarker", "Bad", bg + drop(1, "star", "1,2,3")));
    expect(issuesOf(parse(xml))).toEqual([
      {
        code: "malformed_file",
        path: "items[0].question.properties.areas[0]",
        message:
          'question "Bad" at line 3: its drop zone 1 (line 3) has the star shape "1,2,3", which is not a circle (x,y;r), rectangle (x,y;w,h) or polygon (x1,y1;x2,y2;…)',
      },
    ]);
  });

  it("ddimageortext: image drag items in the tray, a text with letters the font lacks left out with its drop zone, an item used twice", () => {
    const red = makePng(40, 20, [255, 0, 0]);
    const blue = makePng(50, 30, [0, 0, 255]);
    const dragImage = (no: number, png: Uint8Array, extra = "") =>
      `<drag><no>${no}</no><text>img ${no}</text><draggroup>1</draggroup>${extra}<file name="d${no}.png" encoding="base64">${toBase64(png)}</file></drag>`;
    const dropAt = (no: number, choice: number, x: number, y: number) =>
      `<drop><text></text><no>${no}</no><choice>${choice}</choice><xleft>${x}</xleft><ytop>${y}</ytop></drop>`;
    const xml = quiz(
      question(
        "ddimageortext",
        "Colours",
        `<questiontext format="html">${text("Drag")}</questiontext>${bg}` +
          dragImage(1, red, "<infinite/>") +
          dragImage(2, blue) +
          "<drag><no>3</no><text>日本語</text><draggroup>2</draggroup></drag>" +
          dropAt(1, 1, 10, 10) +
          dropAt(2, 1, 60, 10) +
          dropAt(3, 2, 120, 50) +
          dropAt(4, 3, 0, 0) +
          dropAt(5, 9, 0, 0),
      ),
    );
    const [item] = itemsOf(parse(xml));
    const properties = item!.params!.question.properties as Record<string, unknown>;
    expect(properties).toEqual({
      image: "map-with-drag-items.png",
      areas: [
        { id: "drag-1", type: 2, x: 10, y: 110, width: 40, height: 20 },
        { id: "drag-2", type: 2, x: 60, y: 110, width: 50, height: 30 },
        { id: "targ-1", type: 1, x: 10, y: 10, width: 40, height: 20 },
        { id: "targ-2", type: 1, x: 60, y: 10, width: 40, height: 20 },
        { id: "targ-3", type: 1, x: 120, y: 50, width: 50, height: 30 },
      ],
      options: { FixedHeight: false, FixedWidth: false, OneToOneMatching: false },
      match: { "targ-1": "drag-1", "targ-2": "drag-1", "targ-3": "drag-2" },
    });
    const composed = decodeImage(decodeBase64(item!.params!.resources!["map-with-drag-items.png"]!)!);
    if (!composed.ok) throw new Error(composed.message);
    const pixel = (x: number, y: number) => [
      ...composed.image.data.subarray((y * composed.image.width + x) * 4, (y * composed.image.width + x) * 4 + 4),
    ];
    expect([composed.image.width, composed.image.height]).toEqual([200, 150]);
    expect(pixel(5, 5)).toEqual([250, 250, 250, 255]);
    expect(pixel(20, 120)).toEqual([255, 0, 0, 255]);
    expect(pixel(80, 120)).toEqual([0, 0, 255, 255]);
    expect(item!.warnings).toEqual([
      "its 2 drag items are drawn in a tray below its image (Moodle shows them apart; here a draggable is a part of the image): the question's image is map-with-drag-items.png, 200×150 pixels",
      "drop zone 5 names no drag item of the question, so it is left out",
      'its text drag items "日本語" have characters the font here (DejaVu Sans) has no glyph for, so they are left out with the 1 drop zone they belong on',
      "its drag groups (1, 2) are not kept: here any draggable may be dropped on any target",
    ]);
  });

  it("ddimageortext: a question whose every drag item is a text the font cannot draw is skipped", () => {
    const xml = quiz(
      question(
        "ddimageortext",
        "Greek",
        `${bg}<drag><no>1</no><text>中文</text></drag><drop><no>1</no><choice>1</choice><xleft>0</xleft><ytop>0</ytop></drop>`,
      ),
    );
    expect(itemsOf(parse(xml))[0]!.warnings).toEqual([
      'skipped: it is a ddimageortext question whose drag items are texts with characters the font here (DejaVu Sans) has no glyph for ("中文"), so no drop zone is left',
    ]);
  });
});

describe("an image whose file the question lacks", () => {
  it("is left out with a warning (a Moodle export sometimes names a file it did not write)", () => {
    const xml = quiz(
      question(
        "truefalse",
        "Lost",
        `<questiontext format="html">${text('<p>Look <img src="@@PLUGINFILE@@/lost.png" alt=""> here</p>')}</questiontext>${answer(100, "true")}${answer(0, "false")}`,
      ),
    );
    const [item] = itemsOf(parse(xml));
    expect(item!.params!.question.question).toBe("<p>Look  here</p>");
    expect(item!.params!.resources).toBeUndefined();
    expect(item!.warnings).toEqual([
      'its question text: its image "lost.png" names no file of the question, so it is left out',
    ]);
  });
});

describe("Moodle's nested categories fixture", () => {
  it("its categories are no items but domains by their own names, the essay is skipped, the true/false questions imported each in its category", () => {
    const result = parse(fixture("nested-categories.xml"));
    expect(result.ok && result.plan.warnings).toEqual([]);
    // $course$/Iota/Kappa/Lambda: the domain Lambda, which an exam's domain matches by that name or by the path.
    expect(result.ok && result.plan.domains).toEqual(
      ["Iota", "Iota/Kappa", "Iota/Kappa/Lambda", "Iota/Mu"].map((label) => {
        const own = label.slice(label.lastIndexOf("/") + 1);
        return { code: own, name: own, weight: 0, aliases: own === label ? [label] : [label, own] };
      }),
    );
    expect(result.ok && result.plan.addMissingDomains).toBe(true);
    const tf = (name: string, line: number, domain: string) => ({
      ref: `question "${name} Question" at line ${line}`,
      params: {
        question: { type: 1, question: `<p>Testing ${name} Question</p>`, points: 1 },
        answers: [
          { answer: "<p>True</p>", is_correct: true },
          { answer: "<p>False</p>", is_correct: false },
        ],
      },
      caseStudy: null,
      domain,
      warnings: [],
    });
    expect(itemsOf(result)).toEqual([
      tf("Iota", 15, "Iota"),
      {
        ref: 'question "Kappa Essay Question" at line 55',
        params: null,
        caseStudy: null,
        warnings: ["skipped: it is an essay question (Moodle type essay), which Exam Studio cannot represent"],
      },
      tf("Kappa", 83, "Kappa"),
      tf("Lambda", 123, "Lambda"),
      tf("Mu", 163, "Mu"),
    ]);
  });
});
