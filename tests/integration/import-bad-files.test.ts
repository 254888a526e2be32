// Bad files (issue 15, point 6; issue 23; contract 13.2.8), each through exam.examImport on the
// real database: a truncated or corrupt zip, a zip entry named ../x, a zip bomb, a zip entry that
// inflates to far more than it declares (refused as soon as it passes its declared size), XML
// that is not well-formed, a PNG whose image data inflates to far more than its pixels need, an
// XML external entity, a billion-laughs document, a CSV with wrong columns, binary garbage, an
// empty file, a file over the limit, and an item a format reads but our rules refuse.
// Each answers a clear -32602 or -32013 naming the file, line or item, stores nothing, and the
// server goes on answering other calls, during the bad import as after it.
import { strToU8, zipSync } from "fflate";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFile } from "../support/import-files";
import { lyingZip } from "../support/lying-zip.mjs";
import { makePngBomb } from "../support/media-fixtures";
import { createTestApp, examInput, type TestApp, type TestUser } from "../support/test-app";
import { fails, ok } from "../support/exam-test-helpers";
import { expectNothingChanged } from "../support/question-store";

const INVALID = -32602;
const TOO_LARGE = -32013;
const IMPORT_LIMIT = 1024 * 1024;
const EXAM = examInput({ title: "From a bad file" });

let t: TestApp;
let ann: TestUser;
let examId: number;

beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY, importBytes: IMPORT_LIMIT } });
  ann = await t.newUser();
  examId = ok(await ann.call("exam.examCreate", { exam: EXAM })).exam.id;
});
afterAll(() => t.close());

const fileOf = importFile;

const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?><manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="m"><organizations/><resources/></manifest>`;
const goodZip = zipSync({
  "imsmanifest.xml": strToU8(MANIFEST),
  "items/q1.xml": strToU8("<qti-assessment-item/>".repeat(50)),
});
const corruptZip = (() => {
  const bytes = goodZip.slice();
  for (let i = 40; i < 90; i++) bytes[i] = 0xa5;
  return bytes;
})();
const escapingZip = zipSync({ "imsmanifest.xml": strToU8(MANIFEST), "../x": strToU8("outside") });
// 60 MB of zeros deflate to some tens of kilobytes.
const bomb = zipSync(
  { "imsmanifest.xml": strToU8(MANIFEST), "items/big.xml": new Uint8Array(60 * 1024 * 1024) },
  { level: 9 },
);

// An entry claiming 100 bytes that inflates to 128 MiB of zeros, in a file of some 800 KB.
const lying = lyingZip({
  name: "items/big.xml",
  declared: 100,
  inflates: 128 * 1024 * 1024,
  before: [{ name: "imsmanifest.xml", data: strToU8(MANIFEST) }],
}).bytes;

const moodle = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
// A drag and drop question whose 10×10 background PNG has image data of 64 MiB of zeros.
const pngBomb = moodle(
  `<quiz>\n<question type="ddimageortext">\n<name><text>Bomb</text></name>\n<questiontext format="html"><text>Drag</text></questiontext>\n<file name="bomb.png" encoding="base64">${Buffer.from(makePngBomb(10, 10, 64 * 1024 * 1024)).toString("base64")}</file>\n<drag><no>1</no><text>A</text><draggroup>1</draggroup></drag>\n<drop><text></text><no>1</no><choice>1</choice><xleft>1</xleft><ytop>1</ytop></drop>\n</question>\n</quiz>`,
);
const notWellFormed = moodle(`<quiz>\n  <question type="truefalse">\n    <name><text>Broken</text></name>\n  </quiz>`);
const xxe = moodle(
  `<!DOCTYPE quiz [<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n<quiz><question type="truefalse"><name><text>&secret;</text></name></question></quiz>`,
);
const laughs = moodle(
  `<!DOCTYPE quiz [\n<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">\n<!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;"><!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;">\n]>\n<quiz><question type="truefalse"><name><text>&g;</text></name></question></quiz>`,
);
// A short answer question with no answer at 100 %: Moodle XML reads it, but a text input question
// needs at least one accepted value (contract 7), so the item is an error in its Moodle name.
const badItem = moodle(
  `<quiz>\n<question type="shortanswer">\n<name><text>Capital of France</text></name>\n<questiontext format="html"><text><![CDATA[<p>Capital of France?</p>]]></text></questiontext>\n<answer fraction="0"><text>Lyon</text></answer>\n</question>\n</quiz>`,
);

type Case = [name: string, params: object, code: number, path: string | RegExp, message: RegExp];

const cases: Case[] = [
  [
    "a truncated zip",
    { file: fileOf(goodZip.subarray(0, goodZip.length - 40), "package.zip"), format: "qti3" },
    INVALID,
    "file",
    /not a readable zip/,
  ],
  ["a corrupt zip", { file: fileOf(corruptZip, "package.zip"), format: "qti3" }, INVALID, "file", /zip|manifest/i],
  [
    "a zip entry named ../x",
    { file: fileOf(escapingZip, "package.zip"), format: "qti3" },
    INVALID,
    "file",
    /"\.\.\/x" that has a \.\. segment/,
  ],
  ["a zip bomb", { file: fileOf(bomb, "bomb.zip"), format: "qti3" }, TOO_LARGE, "file", /inflates to more than 1 MiB/],
  [
    "a zip entry that lies about its size",
    { file: fileOf(lying, "lying.zip") },
    TOO_LARGE,
    "file",
    /^has an entry "items\/big\.xml" that inflates to more than its declared 100 bytes/,
  ],
  [
    "XML that is not well-formed",
    { file: fileOf(notWellFormed, "quiz.xml") },
    INVALID,
    "file",
    /not well-formed XML: line 5, column \d+: unexpected close tag/,
  ],
  [
    "an XML external entity",
    { file: fileOf(xxe, "quiz.xml") },
    INVALID,
    "file",
    /line 2, column \d+: the document has a DOCTYPE/,
  ],
  [
    "a billion-laughs document",
    { file: fileOf(laughs, "quiz.xml"), format: "moodle_xml" },
    INVALID,
    "file",
    /line \d+, column \d+: the document has a DOCTYPE/,
  ],
  [
    "a CSV with wrong columns",
    { file: fileOf("type,questoin,answer_1\n1,x,y\n", "questions.csv"), format: "csv" },
    INVALID,
    "file",
    /questoin \(column B\) is not a column of the template/,
  ],
  [
    "binary garbage",
    { file: fileOf(randomBytes(4096), "garbage.bin") },
    INVALID,
    "file",
    /in no format this import knows/,
  ],
  [
    "binary garbage said to be a package",
    { file: fileOf(randomBytes(4096), "garbage.zip"), format: "qti3" },
    INVALID,
    "file",
    /not a readable zip/,
  ],
  ["an empty file", { file: fileOf("", "empty.xml") }, INVALID, "file", /the file is empty/],
  [
    "a file over the limit",
    { file: fileOf(moodle(`<quiz>${" ".repeat(IMPORT_LIMIT)}</quiz>`), "huge.xml") },
    TOO_LARGE,
    "file",
    /larger than the import limit/,
  ],
  [
    "a PNG whose image data inflates to far more than its pixels need",
    { file: fileOf(pngBomb, "quiz.xml") },
    INVALID,
    "items[0]",
    /its background image "bomb\.png" has image data that inflates to more than the 310 bytes its 10×10 pixels need/,
  ],
  [
    "an item our rules refuse",
    { file: fileOf(badItem, "quiz.xml") },
    INVALID,
    /^items\[0\]/,
    /^question "Capital of France" at line 3: has no answer at 100%/,
  ],
];

describe("bad files", () => {
  it.each(cases)(
    "%s: a clear error, nothing stored, the server answering",
    async (_name, params, code, path, message) => {
      for (const target of [{ exam_id: examId }, { exam: EXAM }]) {
        // Another client reads while the bad file is handled.
        const reads = Promise.all(Array.from({ length: 5 }, () => ann.call("exam.examGet", { id: examId })));
        const reply = await expectNothingChanged(t, ann, () => ann.call("exam.examImport", { ...params, ...target }));
        const issues = fails(reply, code);
        const at = issues.filter((i) => (typeof path === "string" ? i.path === path : path.test(i.path)));
        expect(at.length, JSON.stringify(issues)).toBeGreaterThan(0);
        expect(at.map((i) => i.message).join("\n")).toMatch(message);
        for (const read of await reads) ok(read);
        ok(await ann.call("exam.examList", {}));
      }
    },
  );
});
