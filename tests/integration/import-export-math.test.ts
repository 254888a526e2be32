// Math through every format that carries it (contract 9.1): a question whose text, explanation and
// answers hold formulas (MathML with their LaTeX, as the editor writes them; answers that are
// nothing but a formula) comes back the same through the archive, QTI 3 (whose export stays valid
// against the XSDs), Moodle XML and CSV; GIFT and Moodle XML files that write TeX between
// \( \) or $$ $$ import as MathML; real files of other tools import with their math.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latexToMathml } from "@/server/html/latex";
import { readZip } from "@/server/formats/zip";
import { ok } from "../support/exam-test-helpers";
import { importFile, storedQuestionId } from "../support/import-files";
import { createTestApp, examInput, type TestApp, type TestUser } from "../support/test-app";
import { QTI3_ASI_XSD, xmllint } from "../support/xmllint";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/real-world/math");

let t: TestApp;
let ann: TestUser;

beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
  ann = await t.newUser();
});
afterAll(() => t.close());

function mathml(latex: string, display = false): string {
  const converted = latexToMathml(latex, display);
  if (!converted.ok) throw new Error(converted.message);
  return converted.mathml;
}

const QUESTION = `<p>Solve ${mathml("\\frac{a}{b} = x^2")} for x &lt; 1.</p>`;
const EXPLANATION = `<p>Because</p><p>${mathml("\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}", true)}</p>`;
const ANSWERS = [`<p>${mathml("\\sqrt{a<b}")}</p>`, `<p>${mathml("\\alpha \\to \\infty")}</p>`];

interface Stored {
  question: string;
  explanation: string;
  answers: string[];
}

async function stored(who: TestUser, id: number): Promise<Stored> {
  const { question, answers } = ok(await who.call("exam.questionGet", { id }));
  return {
    question: question.question as string,
    explanation: question.explanation as string,
    answers: (answers as { answer: string; order: number }[]).sort((a, b) => a.order - b.order).map((a) => a.answer),
  };
}

async function examWithMath(): Promise<{ examId: number; questionId: number }> {
  const examId = ok(await ann.call("exam.examCreate", { exam: examInput({ title: "Math round trip" }) })).exam
    .id as number;
  const created = ok(
    await ann.call("exam.questionCreate", {
      question: { exam_id: examId, type: 1, question: QUESTION, explanation: EXPLANATION, external_id: "M-1" },
      answers: [
        { answer: ANSWERS[0], is_correct: true },
        { answer: ANSWERS[1], is_correct: false },
      ],
    }),
  );
  return { examId, questionId: created.question.id as number };
}

async function importAsNew(file: { name: string; base64: string }, format: string) {
  return ok(await ann.call("exam.examImport", { file, format, exam: examInput({ title: `Imported ${format}` }) }));
}

describe("math survives a round trip", () => {
  it.each(["exam_json", "qti3", "moodle_xml", "csv"])("through %s", async (format) => {
    const { examId, questionId } = await examWithMath();
    const original = await stored(ann, questionId);
    expect(original).toEqual({ question: QUESTION, explanation: EXPLANATION, answers: ANSWERS });

    const exported = ok(await ann.call("exam.examExport", { id: examId, format }));
    const text = Buffer.from(exported.file.base64 as string, "base64");
    if (format === "moodle_xml" || format === "csv") {
      const written = text.toString("utf8");
      expect(written).toContain("\\(\\frac{a}{b} = x^2\\)");
      expect(written).toContain("$$\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}$$");
      expect(written).not.toContain("<math");
    }
    const result = await importAsNew(
      { name: exported.file.name as string, base64: exported.file.base64 as string },
      format,
    );
    const item = result.items.find((i: { ref: string }) => i.ref.includes("M-1")) ?? result.items[0];
    expect(await stored(ann, storedQuestionId(item!))).toEqual(original);
  });

  it("QTI 3 writes MathML in its namespace, valid against the XSDs", async () => {
    const { examId } = await examWithMath();
    const exported = ok(await ann.call("exam.examExport", { id: examId, format: "qti3" }));
    const zip = readZip(Buffer.from(exported.file.base64 as string, "base64"), 10 * 1024 * 1024);
    if (!zip.ok) throw new Error(zip.message);
    const dir = mkdtempSync(path.join(tmpdir(), "qti-math-"));
    try {
      const items: string[] = [];
      for (const [name, bytes] of zip.entries) {
        const xml = Buffer.from(bytes).toString("utf8");
        if (!xml.includes("<qti-assessment-item ")) continue;
        expect(xml).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML"');
        expect(xml).toContain('<annotation encoding="application/x-tex">\\frac{a}{b} = x^2</annotation>');
        const file = path.join(dir, name.replaceAll("/", "_"));
        writeFileSync(file, bytes);
        items.push(file);
      }
      expect(items.length).toBe(1);
      expect(xmllint(QTI3_ASI_XSD, items)).toBe("");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("TeX between delimiters imports as MathML", () => {
  it("GIFT: \\( \\) inline and $$ $$ display, with GIFT's escapes", async () => {
    const gift = [
      "::Fractions::What is \\(\\frac\\{1\\}\\{2\\} + \\frac\\{1\\}\\{2\\}\\)? {",
      "  =\\(1\\)",
      "  ~$$\\frac\\{1\\}\\{4\\}$$",
      "}",
    ].join("\n");
    const result = await importAsNew(importFile(gift, "fractions.gift"), "gift");
    const got = await stored(ann, storedQuestionId(result.items[0]!));
    expect(got.question).toBe(`<p>What is ${mathml("\\frac{1}{2} + \\frac{1}{2}")}?</p>`);
    expect(got.answers).toEqual([`<p>${mathml("1")}</p>`, `<p>${mathml("\\frac{1}{4}", true)}</p>`]);
  });

  it("CSV: a plain-text cell with \\( \\)", async () => {
    const csv = `type,question,answer_1,correct_1,answer_2,correct_2\n1,"Is \\(x<1\\)?",\\(x\\),yes,no,no\n`;
    const result = await importAsNew(importFile(csv, "math.csv"), "csv");
    const got = await stored(ann, storedQuestionId(result.items[0]!));
    expect(got.question).toBe(`<p>Is ${mathml("x<1")}?</p>`);
    expect(got.answers[0]).toBe(`<p>${mathml("x")}</p>`);
  });

  it("a formula that does not parse is kept as written", async () => {
    const gift = "::Broken::Is \\(\\frac\\{1\\) right? {T}";
    const result = await importAsNew(importFile(gift, "broken.gift"), "gift");
    const got = await stored(ann, storedQuestionId(result.items[0]!));
    expect(got.question).toBe("<p>Is \\(\\frac{1\\) right?</p>");
  });
});

describe("real files with math", () => {
  it("a Moodle XML file of moodlexport (216 questions with \\( \\) TeX) imports with MathML", async () => {
    const bytes = readFileSync(path.join(FIXTURES, "moodlexport-number-of-roots.xml"));
    const result = await importAsNew(importFile(bytes, "Number-of-roots-for-a-polynomial.xml"), "moodle_xml");
    expect(result.created).toBe(216);
    const first = await stored(ann, storedQuestionId(result.items[0]!));
    expect(first.question).toBe(`<p>The equation ${mathml("- 3 x^{2} - 3 x - 3=0")} has:</p>`);
    expect(first.question).toContain('<annotation encoding="application/x-tex">- 3 x^{2} - 3 x - 3=0</annotation>');
  });

  it("a QTI 3 item with MathML (default namespace) imports with its MathML", async () => {
    const item = readFileSync(path.join(FIXTURES, "qti3-mathml-item.xml"));
    const manifest =
      '<?xml version="1.0" encoding="UTF-8"?><manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="m">' +
      '<organizations/><resources><resource identifier="basic-mathml" type="imsqti_item_xmlv3p0" href="items/mathml.xml">' +
      '<file href="items/mathml.xml"/></resource></resources></manifest>';
    const zip = zipSync({ "imsmanifest.xml": strToU8(manifest), "items/mathml.xml": new Uint8Array(item) });
    const result = await importAsNew(importFile(zip, "mathml.zip"), "qti3");
    const got = await stored(ann, storedQuestionId(result.items[0]!));
    expect(got.question).toContain("<math><mrow><mn>2</mn><mo>+</mo><mn>2</mn></mrow></math>");
  });

  it("MathML in a prefix (<m:math>) imports by its local names; foreign content is removed with a warning", async () => {
    const item =
      '<?xml version="1.0" encoding="UTF-8"?><qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" ' +
      'xmlns:m="http://www.w3.org/1998/Math/MathML" identifier="pm" title="pm" time-dependent="false">' +
      '<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier">' +
      "<qti-correct-response><qti-value>A</qti-value></qti-correct-response></qti-response-declaration>" +
      '<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"/><qti-item-body>' +
      '<qti-choice-interaction response-identifier="RESPONSE" max-choices="1"><qti-prompt>Pick</qti-prompt>' +
      '<qti-simple-choice identifier="A"><m:math><m:mfrac><m:mn>1</m:mn><m:mn>2</m:mn></m:mfrac></m:math></qti-simple-choice>' +
      '<qti-simple-choice identifier="B"><m:math><m:mi>x</m:mi><m:annotation-xml encoding="text/html"><p>x</p></m:annotation-xml></m:math></qti-simple-choice>' +
      "</qti-choice-interaction></qti-item-body>" +
      '<qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct"/></qti-assessment-item>';
    const manifest =
      '<?xml version="1.0" encoding="UTF-8"?><manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="m">' +
      '<organizations/><resources><resource identifier="pm" type="imsqti_item_xmlv3p0" href="items/pm.xml">' +
      '<file href="items/pm.xml"/></resource></resources></manifest>';
    const zip = zipSync({ "imsmanifest.xml": strToU8(manifest), "items/pm.xml": strToU8(item) });
    const result = await importAsNew(importFile(zip, "pm.zip"), "qti3");
    const got = await stored(ann, storedQuestionId(result.items[0]!));
    expect(got.answers).toEqual(["<math><mfrac><mn>1</mn><mn>2</mn></mfrac></math>", "<math><mi>x</mi></math>"]);
    expect(JSON.stringify(result.items[0]!.warnings)).toContain("annotation-xml");
  });
});
