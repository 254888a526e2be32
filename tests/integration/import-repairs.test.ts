// Contract 13.3 points 1 and 2: an import repairs what another tool's file holds that our rules
// refuse (links in questions and answers, media the file does not carry, points that are not
// whole numbers, area geometry, object images), each repair a warning of its item at its field;
// an item that still breaks a rule refuses the whole import (on_invalid fail, the default) or is
// skipped with its problems as its warnings (on_invalid skip). questionCreate keeps refusing links.
import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importedExamId, importFile, storedQuestionId } from "../support/import-files";
import { createTestApp, type TestApp, type TestUser } from "../support/test-app";
import { fails, newExam, ok } from "../support/exam-test-helpers";
import { expectNothingChanged } from "../support/question-store";
import { makePng, makeSvg } from "../support/media-fixtures";
import type { Issue } from "@/server/errors";
import { examImport } from "@/server/operations/exam-import";
import { invokeOperation } from "@/server/rpc/invoke";

const INVALID = -32602;
const EXAM = {
  type: 2,
  title: "Imported",
  category: "Networking",
  code: "REP-1",
  evaluation_method: 1,
  passing_score: 60,
};

let t: TestApp;
let ann: TestUser;

beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
  ann = await t.newUser();
});
afterAll(() => t.close());

const questionOf = async (id: number) => ok(await ann.call("exam.questionGet", { id })).question;

describe("repairs (contract 13.3 point 1)", () => {
  it("a link in a GIFT question becomes its text and address; a missing image its alt text; each a warning at the field", async () => {
    const text = [
      '::DHCP::[html]What does <a href="https://www.rfc-editor.org/rfc/rfc2131">RFC 2131</a> define? {=DHCP ~DNS}',
      "",
      '::Router::[html]Which device is this? <img src="pics/router.png" alt="a router"> {=A router ~A hub}',
      "",
    ].join("\n");
    const reply = await ann.call("exam.examImport", { file: importFile(text, "links.gift"), exam: EXAM });
    const result = ok(reply);
    expect(result).toMatchObject({ created: 2, skipped: 0 });
    const [dhcp, router] = result.items;
    expect(dhcp!.warnings).toContain(
      'question: the link "RFC 2131" to https://www.rfc-editor.org/rfc/rfc2131 was replaced by its text with the address in parentheses, since this field cannot hold links',
    );
    expect(router!.warnings).toContain(
      'question: the image pics/router.png is not in the file, so it was replaced by its alt text "a router"',
    );
    expect(reply.warning_details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: "import_repaired", path: "items[0].question.question" }),
        expect.objectContaining({ code: "import_repaired", path: "items[1].question.question" }),
      ]),
    );
    expect((await questionOf(storedQuestionId(dhcp!))).question).toBe(
      "What does RFC 2131 (https://www.rfc-editor.org/rfc/rfc2131) define?",
    );
    expect((await questionOf(storedQuestionId(router!))).question).toBe("Which device is this? a router");
  });

  it("questionCreate still refuses a link in a question", async () => {
    const exam = await newExam(ann);
    const reply = await ann.call("exam.questionCreate", {
      question: { exam_id: exam.id, type: 1, question: '<p><a href="https://example.org">x</a></p>' },
      answers: [
        { answer: "a", is_correct: true },
        { answer: "b", is_correct: false },
      ],
    });
    fails(reply, INVALID, "question.question", "html_embed_not_allowed");
  });

  it("a QTI package: points of 0.5 rounded, an image object an img, hotspot circles scaled from the shown size and grown", async () => {
    const result = ok(
      await ann.call("exam.examImport", {
        file: { name: "repairs.zip", base64: Buffer.from(zipSync(qtiPackage())).toString("base64") },
        exam: EXAM,
      }),
    );
    expect(result.items.map((i) => [i.status, i.type])).toEqual([
      ["created", 7],
      ["created", 1],
      ["created", 5],
    ]);
    const [entry, choice, hotspot] = result.items;
    expect(entry!.warnings).toContain(
      "properties.text_answer[1].points: 0.5 was rounded to 1, since points are whole numbers",
    );
    const text = await questionOf(storedQuestionId(entry!));
    expect((text.properties as { text_answer?: unknown }).text_answer).toEqual([
      { value: "York", points: 1 },
      { value: "york", points: 1 },
    ]);

    expect(choice!.warnings).toContain("the <object> showing the image images/graph.svg became an <img>");
    expect((await questionOf(storedQuestionId(choice!))).question).toMatch(
      /<img src="\/media\/[0-9a-f]{64}\.svg" alt="A graph" width="200" \/>/,
    );

    // The map is 412 × 560 pixels, shown at 206 × 280: a circle of radius 10 at (77, 115) is the
    // box 67–87 × 105–125, that is 134–174 × 210–250 in pixels, 40 × 40, large enough.
    const areas = ((await questionOf(storedQuestionId(hotspot!))).properties as { areas?: unknown }).areas;
    expect(areas).toEqual([
      { id: "block-1", x: 134, y: 210, width: 40, height: 40 },
      { id: "block-2", x: 0, y: 520, width: 40, height: 40 },
    ]);
    expect(hotspot!.warnings).toEqual(
      expect.arrayContaining([
        "properties.areas[0]: area block-1 (x 67, y 105, 20 × 20 in the file): scaled from the image as the file shows it (206 × 280) to its 412 × 560 pixels; now x 134, y 210, 40 × 40",
        "properties.areas[1]: area block-2 (x -5, y 270, 20 × 20 in the file): scaled from the image as the file shows it (206 × 280) to its 412 × 560 pixels, moved inside the image; now x 0, y 520, 40 × 40",
      ]),
    );
  });
});

describe("on_invalid (contract 13.3 point 2)", () => {
  const file = importFile(
    "::Good::Fine? {=yes ~no}\n\n::Bad::[html]Click <button>here</button> {=yes ~no}\n\n::Also good::Sure? {T}\n",
    "one-bad.gift",
  );

  it("fail (the default): -32602 at the bad item, nothing stored", async () => {
    const issues = fails(
      await expectNothingChanged(t, ann, () => ann.call("exam.examImport", { file, exam: EXAM })),
      INVALID,
      "items[1].question.question",
    );
    expect(issues[0]!.message).toMatch(/^question "Bad" at line 3: question: /);
  });

  it("skip: the bad item skipped with its problems as its warnings, the rest imported; a dry run says the same", async () => {
    const params = { file, exam: { ...EXAM, code: "REP-SKIP" }, on_invalid: "skip" };
    const dry = ok(await expectNothingChanged(t, ann, () => ann.call("exam.examImport", { ...params, dry_run: true })));
    const reply = await ann.call("exam.examImport", params);
    const result = ok(reply);
    for (const r of [dry, result]) {
      expect(r).toMatchObject({ created: 2, updated: 0, skipped: 1 });
      expect(r.items.map((i) => i.status)).toEqual(["created", "skipped", "created"]);
      expect(r.items[1]).toMatchObject({ type: 1, question_id: null });
      expect(r.items[1]!.warnings[0]).toBe("not imported: it breaks the rules below, and on_invalid is skip");
      expect(r.items[1]!.warnings[1]).toMatch(/^question: /);
    }
    expect(reply.warning_details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: "item_invalid", path: "items[1]" }),
        expect.objectContaining({ code: "html_forbidden", path: "items[1].question.question" }),
      ]),
    );
    const { exam } = ok(await ann.call("exam.examGet", { id: importedExamId(result) }));
    expect(exam.question_count).toBe(2);
  });

  it("skip: an item whose external id an earlier item has is skipped too", async () => {
    const doc = {
      format: "exam_studio_archive",
      version: 1,
      questions: [
        {
          type: 7,
          external_id: "Q1",
          question: "<p>One</p>",
          properties: { text_answer: [{ value: "a" }], text_similarity: 100 },
        },
        {
          type: 7,
          external_id: "Q1",
          question: "<p>Two</p>",
          properties: { text_answer: [{ value: "b" }], text_similarity: 100 },
        },
      ],
    };
    const result = ok(
      await ann.call("exam.examImport", {
        file: importFile(JSON.stringify(doc), "dup.exam.json"),
        exam: { ...EXAM, code: "REP-DUP" },
        on_invalid: "skip",
      }),
    );
    expect(result.items.map((i) => i.status)).toEqual(["created", "skipped"]);
    expect(result.items[1]!.warnings[1]).toMatch(/^external_id: external_id "Q1" is also the external id of/);
  });

  it("an unknown on_invalid is -32602 at on_invalid", async () => {
    fails(await ann.call("exam.examImport", { file, exam: EXAM, on_invalid: "maybe" }), INVALID, "on_invalid");
  });
});

/** A QTI 3 package of another tool's kind: a text entry mapped to 0.5, an SVG shown with <object>, a hotspot on a scaled image. */
function qtiPackage(): Record<string, Uint8Array> {
  const ns =
    'xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"';
  const item = (id: string, body: string) =>
    strToU8(
      `<?xml version="1.0" encoding="UTF-8"?>\n<qti-assessment-item ${ns} identifier="${id}" title="${id}" time-dependent="false">${body}</qti-assessment-item>`,
    );
  const textEntry = item(
    "missing-word",
    `<qti-response-declaration identifier="RESPONSE" base-type="string" cardinality="single">
      <qti-correct-response><qti-value>York</qti-value></qti-correct-response>
      <qti-mapping default-value="0"><qti-map-entry map-key="York" mapped-value="1" case-sensitive="true"/><qti-map-entry map-key="york" mapped-value="0.5"/></qti-mapping>
    </qti-response-declaration>
    <qti-outcome-declaration base-type="float" cardinality="single" identifier="SCORE"/>
    <qti-item-body><p>Made glorious summer by this sun of <qti-text-entry-interaction response-identifier="RESPONSE"/>.</p></qti-item-body>
    <qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/map_response.xml"/>`,
  );
  const choice = item(
    "graph",
    `<qti-response-declaration identifier="RESPONSE" base-type="identifier" cardinality="single">
      <qti-correct-response><qti-value>A</qti-value></qti-correct-response>
    </qti-response-declaration>
    <qti-outcome-declaration base-type="float" cardinality="single" identifier="SCORE"/>
    <qti-item-body><p>Which line rises? <object data="images/graph.svg" type="image/svg+xml" width="200">A graph</object></p>
      <qti-choice-interaction response-identifier="RESPONSE" max-choices="1">
        <qti-simple-choice identifier="A">The red one</qti-simple-choice><qti-simple-choice identifier="B">The blue one</qti-simple-choice>
      </qti-choice-interaction></qti-item-body>
    <qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct.xml"/>`,
  );
  const hotspot = item(
    "map",
    `<qti-response-declaration identifier="RESPONSE" base-type="identifier" cardinality="single">
      <qti-correct-response><qti-value>A</qti-value></qti-correct-response>
    </qti-response-declaration>
    <qti-outcome-declaration base-type="float" cardinality="single" identifier="SCORE"/>
    <qti-item-body><qti-hotspot-interaction response-identifier="RESPONSE" max-choices="1">
      <qti-prompt>Which airport is Edinburgh?</qti-prompt>
      <object data="images/map.png" height="280" type="image/png" width="206">UK Map</object>
      <qti-hotspot-choice coords="77,115,10" identifier="A" shape="circle"/>
      <qti-hotspot-choice coords="5,280,10" identifier="B" shape="circle"/>
    </qti-hotspot-interaction></qti-item-body>
    <qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct.xml"/>`,
  );
  const resource = (id: string, files: string[]) =>
    `<resource identifier="${id}" type="imsqti_item_xmlv3p0" href="${files[0]}">${files.map((f) => `<file href="${f}"/>`).join("")}</resource>`;
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="repairs">
  <metadata><schema>QTI Package</schema><schemaversion>3.0.0</schemaversion></metadata>
  <organizations/>
  <resources>
    ${resource("missing-word", ["items/missing-word.xml"])}
    ${resource("graph", ["items/graph.xml", "items/images/graph.svg"])}
    ${resource("map", ["items/map.xml", "items/images/map.png"])}
  </resources>
</manifest>`;
  return {
    "imsmanifest.xml": strToU8(manifest),
    "items/missing-word.xml": textEntry,
    "items/graph.xml": choice,
    "items/map.xml": hotspot,
    "items/images/graph.svg": makeSvg(200, 100),
    "items/images/map.png": makePng(412, 560),
  };
}

describe("what the app's dialog gets", () => {
  it("a CSV cell out of its bounds: the refusal keeps what the file gives and the bounds, from which the dialog words it", async () => {
    const file = importFile("type,question,text_similarity,answer_1\n7,Port?,250,443\n", "bounds.csv");
    const reply = (await invokeOperation(
      t.app,
      { userId: ann.id, tokenName: null, currentWorkspaceId: null },
      examImport,
      { file, exam: { ...EXAM, code: "REP-APP" }, dry_run: true },
      null,
      "app",
    )) as { error?: { code: number; data: { issues: Issue[] } } };
    expect(reply.error?.code).toBe(INVALID);
    expect(reply.error!.data.issues.map((i) => [i.code, i.path, i.details])).toEqual([
      ["invalid_value", "items[0].question.properties.text_similarity", { min: 0, max: 100, given: "250" }],
    ]);
    // API clients get the issue as before, without details.
    const api = await ann.call("exam.examImport", { file, exam: { ...EXAM, code: "REP-APP" }, dry_run: true });
    expect(fails(api, INVALID, "items[0].question.properties.text_similarity")[0]).not.toHaveProperty("details");
  });

  it("a skipped item's problems keep their details too (the limit it breaks)", async () => {
    const file = importFile(
      `external_id,type,question,answer_1,correct_1,answer_2,correct_2\n${"x".repeat(300)},1,Layer?,Network,yes,Session,no\nB,1,Port?,443,yes,80,no\n`,
      "long-id.csv",
    );
    const reply = (await invokeOperation(
      t.app,
      { userId: ann.id, tokenName: null, currentWorkspaceId: null },
      examImport,
      { file, exam: { ...EXAM, code: "REP-APP2" }, dry_run: true, on_invalid: "skip" },
      null,
      "app",
    )) as { warning_details: Issue[] };
    expect(reply.warning_details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: "too_long", path: "items[0].question.external_id", details: { max: 255 } }),
      ]),
    );
  });
});
