// The QTI kinds of contract 13.3 point 3, in QTI 3.0 and 2.x alike: a numeric text entry → type 7
// with similarity 100 (exact values as text; a tolerance over integers lists them, up to 100;
// any other tolerance keeps the exact value with a warning); one gap of inline choice or gap
// match → type 1 with `_____` at the gap; several gaps, extended text and custom interactions
// skipped with a warning naming the kind.
import fc from "fast-check";
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { enc, item21, package21, planOf } from "@/tests/support/qti2-items";
import { MAX_LISTED_INTEGERS, numericValues, type Tolerance } from "./qti3-import-kinds";
import { parseQti3 } from "./qti3-import";
import type { PlanItem } from "./types";

/** The one item of a QTI 2.1 package made of these parts. */
function item2(decl: string, body: string, rp = ""): PlanItem {
  return planOf(package21({ "q.xml": item21("Q", decl, body, rp) })).items[0]!;
}

/** The one item of a QTI 3.0 package made of these parts. */
function item3(decl: string, body: string, rp = ""): PlanItem {
  const xml = `<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="Q" title="Q">${decl}<qti-item-body>${body}</qti-item-body>${rp}</qti-assessment-item>`;
  const manifest = `<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="M"><resources><resource identifier="R" type="imsqti_item_xmlv3p0" href="q.xml"><file href="q.xml"/></resource></resources></manifest>`;
  const result = parseQti3(zipSync({ "imsmanifest.xml": enc(manifest), "q.xml": enc(xml) }), { maxItems: 10 });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.plan.items[0]!;
}

const tolerance = (mode: Tolerance["mode"], lower: number, upper = lower): Tolerance => ({
  mode,
  lower,
  upper,
  includeLower: true,
  includeUpper: true,
  said: `qti-equal with tolerance-mode ${mode}`,
});

describe("numeric accepted values", () => {
  it("the exact value as written, and as a candidate types it", () => {
    expect(numericValues(["42"], "integer", null)).toEqual({ values: ["42"], warnings: [] });
    expect(numericValues(["3.0"], "float", null)).toEqual({ values: ["3.0", "3"], warnings: [] });
    expect(numericValues([" .5 "], "float", tolerance("exact", 0))).toEqual({ values: [".5", "0.5"], warnings: [] });
  });

  it("a tolerance over integers lists every integer it accepts", () => {
    expect(numericValues(["10"], "integer", tolerance("absolute", 2)).values).toEqual(["10", "8", "9", "11", "12"]);
    expect(numericValues(["10"], "integer", tolerance("absolute", 1, 2)).values).toEqual(["10", "9", "11", "12"]);
    // 5 % of 100 either side.
    expect(numericValues(["100"], "integer", tolerance("relative", 5)).values).toHaveLength(11);
    expect(
      numericValues(["10"], "integer", { ...tolerance("absolute", 2), includeLower: false, includeUpper: false })
        .values,
    ).toEqual(["10", "9", "11"]);
  });

  it("more than 100 integers, a float tolerance or another comparison: the exact value only, with a warning", () => {
    expect(numericValues(["500"], "integer", tolerance("absolute", 50))).toEqual({
      values: ["500"],
      warnings: [expect.stringMatching(/accepts 101 integers, more than the 100 .*only the exact value 500/)],
    });
    expect(numericValues(["4.136"], "float", tolerance("relative", 5))).toEqual({
      values: ["4.136"],
      warnings: [expect.stringContaining("only the exact value 4.136 is accepted")],
    });
    expect(numericValues(["7"], "integer", tolerance("other", 0)).warnings).toHaveLength(1);
  });

  it("property: over integers, every listed value is an integer within the tolerance, and at most 100 besides the exact one", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), fc.nat(80), fc.nat(80), (n, lo, hi) => {
        const { values, warnings } = numericValues([String(n)], "integer", tolerance("absolute", lo, hi));
        expect(values[0]).toBe(String(n));
        if (lo + hi + 1 > MAX_LISTED_INTEGERS) expect(values).toEqual([String(n)]);
        else {
          expect(warnings).toEqual([]);
          expect(values).toHaveLength(lo + hi + 1);
          for (const v of values) expect(Number(v) >= n - lo && Number(v) <= n + hi).toBe(true);
        }
      }),
    );
  });
});

const NUMERIC_DECL2 = (baseType: string, value: string) =>
  `<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="${baseType}"><correctResponse><value>${value}</value></correctResponse></responseDeclaration>`;
const EQUAL_RP2 = (attrs: string) =>
  `<responseProcessing><responseCondition><responseIf><equal ${attrs}><variable identifier="RESPONSE"/><correct identifier="RESPONSE"/></equal><setOutcomeValue identifier="SCORE"><baseValue baseType="float">1</baseValue></setOutcomeValue></responseIf></responseCondition></responseProcessing>`;

describe("a numeric text entry is type 7", () => {
  it("QTI 2.1, an integer with an absolute tolerance: every integer in it", () => {
    const item = item2(
      NUMERIC_DECL2("integer", "7"),
      `<p>How many days has a week? <textEntryInteraction responseIdentifier="RESPONSE"/></p>`,
      EQUAL_RP2(`toleranceMode="absolute" tolerance="1 1"`),
    );
    expect(item.params?.question).toMatchObject({
      type: 7,
      question: "<p>How many days has a week? _____</p>",
      properties: {
        text_similarity: 100,
        case_sensitive: false,
        text_answer: [{ value: "7" }, { value: "6" }, { value: "8" }],
      },
    });
  });

  it("QTI 3.0, a float matched by the template: the exact value, as written and as typed", () => {
    const item = item3(
      `<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="float"><qti-correct-response><qti-value>2.50</qti-value></qti-correct-response></qti-response-declaration>`,
      `<p>Half of five? <qti-text-entry-interaction response-identifier="RESPONSE"/></p>`,
      `<qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct.xml"/>`,
    );
    expect(item.params?.question).toMatchObject({
      type: 7,
      points: 1,
      properties: { text_similarity: 100, text_answer: [{ value: "2.50" }, { value: "2.5" }] },
    });
    expect(item.warnings).toEqual([]);
  });

  it("a float with a tolerance keeps the exact value, with a warning", () => {
    const item = item2(
      NUMERIC_DECL2("float", "3.14"),
      `<p>Pi? <textEntryInteraction responseIdentifier="RESPONSE"/></p>`,
      EQUAL_RP2(`toleranceMode="absolute" tolerance="0.01"`),
    );
    expect(item.params?.question.properties).toMatchObject({ text_answer: [{ value: "3.14" }] });
    expect(item.warnings).toContainEqual(expect.stringContaining("only the exact value 3.14 is accepted"));
  });

  it("a numeric entry whose only value is in its response processing", () => {
    const item = item2(
      `<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="integer"/>`,
      `<p>Six times seven? <textEntryInteraction responseIdentifier="RESPONSE"/></p>`,
      `<responseProcessing><responseCondition><responseIf><equal toleranceMode="exact"><variable identifier="RESPONSE"/><baseValue baseType="integer">42</baseValue></equal><setOutcomeValue identifier="SCORE"><baseValue baseType="float">1</baseValue></setOutcomeValue></responseIf></responseCondition></responseProcessing>`,
    );
    expect(item.params?.question.properties).toMatchObject({ text_answer: [{ value: "42" }] });
  });

  it("a template item's numeric entry is skipped, saying its value is drawn", () => {
    const xml = item21(
      "T",
      `<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="integer"/>`,
      `<p><printedVariable identifier="A"/> + 1? <textEntryInteraction responseIdentifier="RESPONSE"/></p>`,
    ).replace(
      "<outcomeDeclaration",
      `<templateDeclaration identifier="A" cardinality="single" baseType="integer"/><outcomeDeclaration`,
    );
    const item = planOf(package21({ "q.xml": xml })).items[0]!;
    expect(item.params).toBeNull();
    expect(item.warnings).toContainEqual(expect.stringContaining("a template item"));
  });

  it("a numeric entry without any value is skipped, saying why", () => {
    const item = item2(
      `<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="float"/>`,
      `<p><textEntryInteraction responseIdentifier="RESPONSE"/></p>`,
    );
    expect(item.params).toBeNull();
    expect(item.warnings).toContainEqual(expect.stringContaining("no accepted value"));
  });
});

describe("one gap with choices is type 1", () => {
  it("QTI 2.1 inline choice: _____ at the gap, the choices as answers, the right one correct, mapped points", () => {
    const item = item2(
      `<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier"><correctResponse><value>Y</value></correctResponse><mapping><mapEntry mapKey="Y" mappedValue="2"/></mapping></responseDeclaration>`,
      `<p>By this sun of <inlineChoiceInteraction responseIdentifier="RESPONSE"><inlineChoice identifier="G">Gloucester</inlineChoice><inlineChoice identifier="Y">York</inlineChoice></inlineChoiceInteraction>.</p>`,
      `<responseProcessing template="http://www.imsglobal.org/question/qti_v2p1/rptemplates/map_response"/>`,
    );
    expect(item.params).toEqual({
      question: {
        type: 1,
        question: "<p>By this sun of _____.</p>",
        explanation: "",
        external_id: "Q",
        points: 0,
        properties: {},
      },
      answers: [
        { answer: "Gloucester", is_correct: false, order: 1, points: 0 },
        { answer: "York", is_correct: true, order: 2, points: 2 },
      ],
    });
  });

  it("QTI 3.0 gap match with one gap: the prompt, the text with _____, the gap texts as answers", () => {
    const item = item3(
      `<qti-response-declaration identifier="RESPONSE" cardinality="multiple" base-type="directedPair"><qti-correct-response><qti-value>W G1</qti-value></qti-correct-response></qti-response-declaration>`,
      `<qti-gap-match-interaction response-identifier="RESPONSE"><qti-prompt>Fill the gap.</qti-prompt><qti-gap-text identifier="W" match-max="1">winter</qti-gap-text><qti-gap-text identifier="S" match-max="1">summer</qti-gap-text><p>Now is the <qti-gap identifier="G1"/> of our discontent</p></qti-gap-match-interaction>`,
      `<qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct.xml"/>`,
    );
    expect(item.params?.question).toMatchObject({
      type: 1,
      question: "<p>Fill the gap.</p><p>Now is the _____ of our discontent</p>",
      points: 1,
    });
    expect(item.params?.answers).toEqual([
      { answer: "winter", is_correct: true, order: 1, points: 0 },
      { answer: "summer", is_correct: false, order: 2, points: 0 },
    ]);
  });

  it("several gaps skip the item, saying so", () => {
    const two = item2(
      `<responseDeclaration identifier="RESPONSE" cardinality="multiple" baseType="directedPair"/>`,
      `<gapMatchInteraction responseIdentifier="RESPONSE"><gapText identifier="W" matchMax="1">w</gapText><p><gap identifier="G1"/> and <gap identifier="G2"/></p></gapMatchInteraction>`,
    );
    expect(two).toMatchObject({
      params: null,
      warnings: ["it is a gap match item with 2 gaps; Exam Studio reads a gap-fill item with one gap only"],
    });
    const cloze = item2(
      `<responseDeclaration identifier="A" cardinality="single" baseType="string"/><responseDeclaration identifier="B" cardinality="single" baseType="identifier"/>`,
      `<p><textEntryInteraction responseIdentifier="A"/> and <inlineChoiceInteraction responseIdentifier="B"><inlineChoice identifier="X">x</inlineChoice></inlineChoiceInteraction></p>`,
    );
    expect(cloze).toMatchObject({
      params: null,
      warnings: [
        "it is a text entry and inline choice item with 2 gaps; Exam Studio reads a gap-fill item with one gap only",
      ],
    });
  });
});

describe("interactions Exam Studio cannot represent are skipped, naming the kind", () => {
  it.each([
    ["extendedTextInteraction", "an extended text interaction (qti-extended-text-interaction)"],
    ["customInteraction", "a custom interaction (qti-custom-interaction)"],
    ["uploadInteraction", "an upload interaction (qti-upload-interaction)"],
    ["sliderInteraction", "a slider interaction (qti-slider-interaction)"],
  ])("%s", (name, kind) => {
    const item = item2(
      `<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="string"/>`,
      `<${name} responseIdentifier="RESPONSE"/>`,
    );
    expect(item).toMatchObject({
      params: null,
      warnings: [
        `it has ${kind}, which Exam Studio cannot represent; the interactions it reads are choice, order, text entry, inline choice and gap match with one gap, match and associate, hotspot, select point and graphic gap match`,
      ],
    });
  });
});
