// The qti2 import (contract 13.3 point 4): QTI 2.x names translated into QTI 3.0's (elements and
// attributes renamed, HTML and MathML left alone); recognition by the manifest's resource types
// and by the items' namespace, ahead of qti3; the package read with the qti3 mapping; errors
// that say what to send instead.
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { qti2, QTI2_DIALECT } from "./qti2";
import { isQti2Root, kebab, qti2ToQti3, qti3Name } from "./qti2-names";
import { parseQti3 } from "./qti3-import";
import { recognizeFormat } from "./recognize";
import { readXml, type XmlElement } from "./xml-read";
import { enc, item21, manifest21, NS21, package21, planOf } from "@/tests/support/qti2-items";

const OPTIONS = { maxItems: 1000 };

function root(xml: string): XmlElement {
  const read = readXml(xml);
  if (!read.ok) throw new Error(read.message);
  return read.root;
}

/** Every element's name (and its attributes' names) below and including `el`, in document order. */
function names(el: XmlElement): string[] {
  return [
    `${el.name}(${Object.keys(el.attributes).join(",")})`,
    ...el.children.flatMap((c) => (typeof c === "string" ? [] : names(c))),
  ];
}

describe("QTI 2.x names in QTI 3.0's", () => {
  it("camelCase becomes kebab-case with the qti- prefix", () => {
    expect(kebab("responseIdentifier")).toBe("response-identifier");
    expect(qti3Name("choiceInteraction")).toBe("qti-choice-interaction");
    expect(qti3Name("areaMapEntry")).toBe("qti-area-map-entry");
    expect(qti3Name("value")).toBe("qti-value");
    expect(qti3Name("responseElseIf")).toBe("qti-response-else-if");
  });

  it("renames QTI's elements and attributes, and leaves HTML, MathML and foreign markup as they are", () => {
    const translated = qti2ToQti3(
      root(`<assessmentItem xmlns="${NS21}" xmlns:m="http://www.w3.org/1998/Math/MathML" identifier="A" timeDependent="false" xml:lang="en">
  <responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier">
    <correctResponse><value>B</value></correctResponse>
    <mapping defaultValue="0"><mapEntry mapKey="B" mappedValue="1" caseSensitive="false"/></mapping>
    <areaMapping defaultValue="0"><areaMapEntry shape="rect" coords="0,0,1,1" mappedValue="1"/></areaMapping>
  </responseDeclaration>
  <itemBody>
    <p class="x">Pick <b>one</b> <m:math><m:mi>x</m:mi></m:math> <math xmlns="http://www.w3.org/1998/Math/MathML"><mi>y</mi></math></p>
    <choiceInteraction responseIdentifier="RESPONSE" maxChoices="1">
      <prompt>Which <span>one</span>?</prompt>
      <simpleChoice identifier="B" fixed="false"><img src="b.png" alt="b"/></simpleChoice>
    </choiceInteraction>
    <gapMatchInteraction responseIdentifier="R2"><gapText identifier="T" matchMax="1">t</gapText><p>a <gap identifier="G"/></p></gapMatchInteraction>
    <hottextInteraction responseIdentifier="R3"><p><hottext identifier="H">h</hottext></p></hottextInteraction>
  </itemBody>
  <responseProcessing template="http://www.imsglobal.org/question/qti_v2p1/rptemplates/match_correct"/>
  <modalFeedback outcomeIdentifier="FEEDBACK" identifier="F" showHide="show"><p>Well done</p></modalFeedback>
</assessmentItem>`),
    );
    expect(names(translated)).toEqual([
      "qti-assessment-item(xmlns,xmlns:m,identifier,time-dependent,xml:lang)",
      "qti-response-declaration(identifier,cardinality,base-type)",
      "qti-correct-response()",
      "qti-value()",
      "qti-mapping(default-value)",
      "qti-map-entry(map-key,mapped-value,case-sensitive)",
      "qti-area-mapping(default-value)",
      "qti-area-map-entry(shape,coords,mapped-value)",
      "qti-item-body()",
      "p(class)",
      "b()",
      "m:math()",
      "m:mi()",
      "math(xmlns)",
      "mi()",
      "qti-choice-interaction(response-identifier,max-choices)",
      "qti-prompt()",
      "span()",
      "qti-simple-choice(identifier,fixed)",
      "img(src,alt)",
      "qti-gap-match-interaction(response-identifier)",
      "qti-gap-text(identifier,match-max)",
      "p()",
      "qti-gap(identifier)",
      "qti-hottext-interaction(response-identifier)",
      "p()",
      "qti-hottext(identifier)",
      "qti-response-processing(template)",
      "qti-modal-feedback(outcome-identifier,identifier,show-hide)",
      "p()",
    ]);
    // Values are QTI 3.0's already.
    expect(
      translated.children.find((c) => typeof c !== "string" && c.local === "qti-response-declaration"),
    ).toMatchObject({
      attributes: { "base-type": "identifier", cardinality: "single" },
    });
  });

  it("knows a 2.x document by its namespace", () => {
    expect(isQti2Root(root(`<assessmentItem xmlns="${NS21}"/>`))).toBe(true);
    expect(isQti2Root(root(`<assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p2"/>`))).toBe(true);
    expect(isQti2Root(root(`<q:assessmentItem xmlns:q="${NS21}"/>`))).toBe(true);
    expect(isQti2Root(root(`<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0"/>`))).toBe(false);
    expect(isQti2Root(root(`<assessmentItem/>`))).toBe(false);
  });
});

const CHOICE = item21(
  "Q1",
  `<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier"><correctResponse><value>B</value></correctResponse></responseDeclaration>`,
  `<choiceInteraction responseIdentifier="RESPONSE" maxChoices="1"><prompt>Capital of France?</prompt><simpleChoice identifier="A">Lyon</simpleChoice><simpleChoice identifier="B">Paris</simpleChoice></choiceInteraction>`,
  `<responseProcessing template="http://www.imsglobal.org/question/qti_v2p1/rptemplates/match_correct"/>`,
);

describe("recognition", () => {
  it("takes a package whose manifest lists QTI 2.1 or 2.2 items, before qti3", () => {
    expect(recognizeFormat(package21({ "q1.xml": CHOICE }))).toEqual({ ok: true, format: "qti2" });
    expect(recognizeFormat(package21({ "q1.xml": CHOICE }, "imsqti_item_xmlv2p2"))).toEqual({
      ok: true,
      format: "qti2",
    });
  });

  it("takes a package whose resource types say nothing when its items are in a 2.x namespace", () => {
    expect(recognizeFormat(package21({ "q1.xml": CHOICE }, "webcontent"))).toEqual({ ok: true, format: "qti2" });
    expect(qti2.recognize({ bytes: package21({ "q1.xml": "<p>not QTI</p>" }, "webcontent"), text: null })).toBe(false);
  });

  it("leaves a QTI 3.0 package to qti3", () => {
    const v3 = zipSync({
      "imsmanifest.xml": enc(manifest21(["q1.xml"], "imsqti_item_xmlv3p0")),
      "q1.xml": enc(`<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="Q"/>`),
    });
    expect(recognizeFormat(v3)).toEqual({ ok: true, format: "qti3" });
    expect(qti2.parse!(v3, OPTIONS)).toMatchObject({
      ok: false,
      issues: [{ path: "file", message: expect.stringContaining("send format qti3") }],
    });
  });

  it("qti3 asked to read a 2.x package says to send format qti2", () => {
    expect(parseQti3(package21({ "q1.xml": CHOICE }), OPTIONS)).toMatchObject({
      ok: false,
      issues: [{ path: "file", message: expect.stringContaining("send format qti2") }],
    });
  });

  it("the dialect knows 2.x resource types", () => {
    expect(QTI2_DIALECT.isItem("imsqti_item_xmlv2p1")).toBe(true);
    expect(QTI2_DIALECT.isItem("imsqti_item_xmlv2p2")).toBe(true);
    expect(QTI2_DIALECT.isTest("imsqti_test_xmlv2p1")).toBe(true);
    expect(QTI2_DIALECT.isTest("imsqti_assessment_xmlv2p1")).toBe(true);
    expect(QTI2_DIALECT.isItem("imsqti_apipitemroot_xmlv2p1")).toBe(true);
    expect(QTI2_DIALECT.isItem("imsqti_item_xmlv3p0")).toBe(false);
  });
});

describe("a 2.x package read with the qti3 mapping", () => {
  it("a choice item, its test's title and order", () => {
    const test = `<assessmentTest xmlns="${NS21}" identifier="T" title="Geography"><testPart identifier="P" navigationMode="linear" submissionMode="individual"><assessmentSection identifier="S" title="S" visible="true"><assessmentItemRef identifier="Q2" href="q2.xml"/><assessmentItemRef identifier="Q1" href="q1.xml"/></assessmentSection></testPart></assessmentTest>`;
    const q2 = CHOICE.replace('identifier="Q1"', 'identifier="Q2"');
    const bytes = zipSync({
      "imsmanifest.xml": enc(
        manifest21(["q1.xml", "q2.xml"]).replace(
          "</resources>",
          `<resource identifier="T" type="imsqti_test_xmlv2p1" href="test.xml"><file href="test.xml"/></resource></resources>`,
        ),
      ),
      "q1.xml": enc(CHOICE),
      "q2.xml": enc(q2),
      "test.xml": enc(test),
    });
    const plan = planOf(bytes);
    expect(plan.exam?.settings.title).toBe("Geography");
    expect(plan.items.map((i) => i.ref)).toEqual(["item Q2 (q2.xml)", "item Q1 (q1.xml)"]);
    expect(plan.items[1]!.params).toEqual({
      question: {
        type: 1,
        question: "<p>Capital of France?</p>",
        explanation: "",
        external_id: "Q1",
        points: 1,
        properties: {},
      },
      answers: [
        { answer: "Lyon", is_correct: false, order: 1, points: 0 },
        { answer: "Paris", is_correct: true, order: 2, points: 0 },
      ],
    });
  });

  it("an item file that is not well-formed is an error of that item, saying where", () => {
    const result = qti2.parse!(package21({ "q1.xml": CHOICE, "q2.xml": "<assessmentItem" }), OPTIONS);
    expect(result).toMatchObject({
      ok: false,
      issues: [{ path: "items[1]", message: expect.stringMatching(/^the item file \(q2\.xml\) .*line 1/) }],
    });
  });

  it("a vendor's resource types: the XML resources in a 2.x namespace are the items", () => {
    expect(planOf(package21({ "q1.xml": CHOICE }, "webcontent")).items.map((i) => i.ref)).toEqual(["item Q1 (q1.xml)"]);
  });

  it("a manifest without 2.x items says which resource types it reads", () => {
    const result = qti2.parse!(package21({ "q1.xml": "<p>Hello</p>" }, "webcontent"), OPTIONS);
    expect(result).toMatchObject({
      ok: false,
      issues: [{ path: "file", message: expect.stringContaining("imsqti_item_xmlv2p1") }],
    });
  });
});
