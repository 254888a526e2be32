// The qti3 export (contract 13.1.2): the package's files, every XML file valid against the
// 1EdTech QTI 3.0.1 XSDs (xmllint, vendor/qti3-xsd), the test's settings, the items'
// interactions, correct responses and mappings, and the report.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { QTI3_ASI_XSD as ASI_XSD, QTI3_CP_XSD as CP_XSD, xmllint } from "@/tests/support/xmllint";
import { exportQti3 } from "./qti3-export";
import { allTypesExam, blueprintExam, BOARD } from "../../tests/support/qti3-fixture";
import { decodeImage } from "./raster";
import { readXml, type XmlElement } from "./xml-read";
import { readZip } from "./zip";

const dir = mkdtempSync(path.join(tmpdir(), "qti3-export-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writeTo(sub: string, entries: Map<string, Uint8Array>): string {
  const root = path.join(dir, sub);
  for (const [name, bytes] of entries) {
    const target = path.join(root, name);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, bytes);
  }
  return root;
}

const exported = exportQti3(allTypesExam());
const zip = readZip(exported.file.bytes, 50 * 1024 * 1024);
if (!zip.ok) throw new Error(zip.message);
const entries = zip.entries;
const text = (name: string) => new TextDecoder().decode(entries.get(name));
const xml = (name: string) => {
  const read = readXml(text(name));
  if (!read.ok) throw new Error(read.message);
  return read.root;
};
function find(el: XmlElement, local: string): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement) => {
    if (e.local === local) out.push(e);
    for (const c of e.children) if (typeof c !== "string") walk(c);
  };
  walk(el);
  return out;
}

describe("qti3 export: the package", () => {
  it("is a zip named after the exam code with the manifest, test, items, stimuli and media", () => {
    expect(exported.file).toMatchObject({ name: "NET-RT.qti3.zip", content_type: "application/zip" });
    const names = [...entries.keys()];
    expect(names[0]).toBe("imsmanifest.xml");
    expect(names).toContain("assessment-test.xml");
    expect(names.filter((n) => n.startsWith("items/"))).toEqual([
      "items/Q-1.xml",
      "items/Q-2.xml",
      "items/Q-3.xml",
      "items/Q-6.xml",
      "items/Q-7.xml",
      "items/Q-8.xml",
      "items/Q-9.xml",
      "items/item-1.xml",
      "items/item-2.xml",
    ]);
    expect(names.filter((n) => n.startsWith("stimuli/"))).toEqual([
      "stimuli/case-study-1.xml",
      "stimuli/case-study-2.xml",
    ]);
    expect(names.filter((n) => n.startsWith("media/")).length).toBe(4 + 3);
  });

  it("validates every XML file against the QTI 3.0.1 XSDs (items, test, stimuli) and the content-packaging XSD (manifest), with a blueprint too", () => {
    const root = writeTo("valid", entries);
    const qti = [...entries.keys()]
      .filter((n) => n.endsWith(".xml") && n !== "imsmanifest.xml")
      .map((n) => path.join(root, n));
    expect(qti.length).toBe(1 + 9 + 2);
    // The same exam with a blueprint and tags (contract 15.3): its test has a section per domain
    // (selections, data-es-* attributes) and its manifest LOM keywords; its items are the same.
    const blueprint = readZip(exportQti3(blueprintExam()).file.bytes, 50 * 1024 * 1024);
    if (!blueprint.ok) throw new Error(blueprint.message);
    const withBlueprint = writeTo("valid-blueprint", blueprint.entries);
    expect(new TextDecoder().decode(blueprint.entries.get("assessment-test.xml"))).toContain('data-es-code="SEC"');
    expect(new TextDecoder().decode(blueprint.entries.get("imsmanifest.xml"))).toContain("<keyword>");
    expect(xmllint(ASI_XSD, [...qti, path.join(withBlueprint, "assessment-test.xml")])).toBe("");
    expect(xmllint(CP_XSD, [path.join(root, "imsmanifest.xml"), path.join(withBlueprint, "imsmanifest.xml")])).toBe("");
  }, 120_000);

  it("fails the validation of an invalid file", () => {
    const broken = new Map(entries);
    broken.set(
      "items/Q-1.xml",
      new TextEncoder().encode(text("items/Q-1.xml").replace("<qti-item-body>", "<qti-item-body><p><audio/></p>")),
    );
    const root = writeTo("invalid", broken);
    expect(xmllint(ASI_XSD, [path.join(root, "items/Q-1.xml")])).toMatch(/Q-1\.xml.*(not expected|fails to validate)/s);
  }, 120_000);
});

describe("qti3 export: the test", () => {
  const test = xml("assessment-test.xml");
  it("lists the items in the exam's order, with selection, ordering and the time limit", () => {
    expect(find(test, "qti-assessment-item-ref").map((r) => r.attributes.href)).toEqual([
      "items/Q-1.xml",
      "items/Q-2.xml",
      "items/Q-3.xml",
      "items/item-1.xml",
      "items/item-2.xml",
      "items/Q-6.xml",
      "items/Q-7.xml",
      "items/Q-8.xml",
      "items/Q-9.xml",
    ]);
    expect(find(test, "qti-selection")[0]!.attributes.select).toBe("5");
    expect(find(test, "qti-ordering")[0]!.attributes.shuffle).toBe("false");
    expect(find(test, "qti-time-limits")[0]!.attributes["max-time"]).toBe("1200");
  });

  it("has no time limit when testing_time is 0, and no selection when every question is presented", () => {
    const content = allTypesExam();
    content.exam.testing = { auto: false, locked_questions: 0, time_mode: "none", fixed_time: 0 };
    const zipped = readZip(exportQti3(content).file.bytes, 1e8);
    if (!zipped.ok) throw new Error();
    const t = new TextDecoder().decode(zipped.entries.get("assessment-test.xml"));
    expect(t).not.toContain("qti-time-limits");
    expect(t).toContain('<qti-selection select="5"/>');
    content.exam.testing = { auto: true, locked_questions: 0, time_mode: "rate", fixed_time: 0 };
    content.questions = content.questions.slice(0, 3);
    const z2 = readZip(exportQti3(content).file.bytes, 1e8);
    if (!z2.ok) throw new Error();
    const t2 = new TextDecoder().decode(z2.entries.get("assessment-test.xml"));
    expect(t2).not.toContain("qti-selection");
    expect(t2).toContain('<qti-time-limits max-time="300"/>');
  });

  it("computes SCORE, PERCENT by the evaluation method and PASS against passing_score", () => {
    const op = find(test, "qti-outcome-processing")[0]!;
    expect(find(op, "qti-test-variables").map((v) => v.attributes["variable-identifier"])).toEqual([
      "SCORE",
      "MAXSCORE",
    ]);
    expect(find(op, "qti-gte")).toHaveLength(1);
    expect(text("assessment-test.xml")).toContain(
      '<qti-set-outcome-value identifier="PASS"><qti-gte><qti-variable identifier="PERCENT"/><qti-base-value base-type="float">65</qti-base-value>',
    );
  });
});

describe("qti3 export: evaluation methods", () => {
  const testOf = (method: 1 | 2 | 3 | 4, passing: number | null) => {
    const content = allTypesExam();
    content.exam.evaluation_method = method;
    content.exam.passing_score = passing;
    const z = readZip(exportQti3(content).file.bytes, 1e8);
    if (!z.ok) throw new Error(z.message);
    return new TextDecoder().decode(z.entries.get("assessment-test.xml"));
  };
  it("1 and 3 count fully correct items of those presented, 2 and 4 points of the maximum; PASS only for 1 and 2", () => {
    const m1 = testOf(1, 70);
    expect(m1).toContain(
      '<qti-divide><qti-test-variables variable-identifier="CORRECT" base-type="integer"/><qti-number-presented/></qti-divide>',
    );
    expect(m1).toContain(
      '<qti-gte><qti-variable identifier="PERCENT"/><qti-base-value base-type="float">70</qti-base-value></qti-gte>',
    );
    const m3 = testOf(3, null);
    expect(m3).toContain('variable-identifier="CORRECT"');
    expect(m3).not.toContain('identifier="PASS"');
    const m4 = testOf(4, null);
    expect(m4).toContain(
      '<qti-divide><qti-variable identifier="SCORE"/><qti-variable identifier="MAXSCORE"/></qti-divide>',
    );
    expect(m4).not.toContain('identifier="PASS"');
  });
});

describe("qti3 export: the items", () => {
  it("type 1: a choice interaction with the correct answer, per-answer points as a mapping, and shuffle", () => {
    const t = text("items/Q-1.xml");
    expect(t).toContain(
      '<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier"><qti-correct-response><qti-value>A1</qti-value></qti-correct-response><qti-mapping default-value="0"><qti-map-entry map-key="A1" mapped-value="3"/><qti-map-entry map-key="A2" mapped-value="-1"/></qti-mapping>',
    );
    expect(t).toContain('<qti-choice-interaction response-identifier="RESPONSE" shuffle="false" max-choices="1">');
    expect(t).toContain(
      '<qti-outcome-declaration identifier="MAXSCORE" cardinality="single" base-type="float"><qti-default-value><qti-value>5</qti-value>',
    );
    expect(t).toContain(
      '<qti-assessment-stimulus-ref identifier="case-study-1" href="../stimuli/case-study-1.xml" title="Contoso"/>',
    );
    // Audio inside a paragraph: the paragraph is a div in QTI.
    expect(t).toContain('<div data-es-tag="p">80 <audio src="../media/');
  });

  it("type 3: gap images are pieces of the base image, targets associable hotspots", () => {
    const item = xml("items/Q-3.xml");
    const gaps = find(item, "qti-gap-img");
    expect(gaps.map((g) => g.attributes.identifier)).toEqual(["drag-1", "drag-2", "drag-3"]);
    const src = find(gaps[1]!, "img")[0]!.attributes.src!;
    const piece = decodeImage(entries.get(src.replace("../", ""))!);
    expect(piece.ok && [piece.image.width, piece.image.height]).toEqual([90, 40]);
    expect(find(item, "qti-associable-hotspot").map((h) => h.attributes.coords)).toEqual([
      "10,10,110,50",
      "150,10,250,50",
    ]);
    expect(text("items/Q-3.xml")).toContain(
      "<qti-correct-response><qti-value>drag-1 targ-1</qti-value><qti-value>drag-2 targ-2</qti-value></qti-correct-response>",
    );
    expect(find(item, "img")[0]!.attributes).toMatchObject({
      src: `../media/${BOARD.slice(7)}`,
      width: "400",
      height: "300",
    });
  });

  it("type 4: no areas in the body, only in response processing", () => {
    const item = xml("items/item-1.xml");
    const body = find(item, "qti-item-body")[0]!;
    expect(JSON.stringify(body)).not.toContain("block-");
    // Each area twice: its flag, and the fully correct condition.
    expect(find(item, "qti-inside")).toHaveLength(6);
    expect(find(item, "qti-correct-response")[0]!.children.length).toBe(2);
  });

  it("type 7 with similarity below 100: the values as a mapping, the similarity kept, the item lossy", () => {
    const t = text("items/Q-8.xml");
    expect(t).toContain('data-es-text-similarity="80"');
    expect(t).toContain('<qti-map-entry map-key="four four three" mapped-value="0" case-sensitive="false"/>');
    expect(exported.report.items[7]).toMatchObject({ question_id: 108, fidelity: "lossy" });
  });
});

describe("qti3 export: the report", () => {
  it("says per question lossless or lossy with notes, and what QTI cannot hold of the exam", () => {
    expect(exported.report.items.map((i) => [i.question_id, i.fidelity])).toEqual([
      [101, "lossy"],
      [102, "lossless"],
      [103, "lossless"],
      [104, "lossless"],
      [105, "lossless"],
      [106, "lossless"],
      [107, "lossless"],
      [108, "lossy"],
      [109, "lossless"],
    ]);
    expect(exported.report.items[0]!.notes).toEqual([expect.stringContaining("iframe")]);
    expect(exported.report.items[3]!.notes).toEqual([expect.stringContaining('"Q 4" is not a QTI identifier')]);
    expect(exported.report.notes.join("\n")).toContain("data-es-exam");
  });
});

describe("qti3 export: what QTI cannot hold", () => {
  it("omits a hotspot question without areas and a drag & drop question without draggables, saying why", () => {
    const content = allTypesExam();
    const hot = content.questions[4]!;
    const drag = content.questions[2]!;
    hot.properties = { ...hot.properties, areas: [], correct: {} };
    drag.properties = {
      ...drag.properties,
      areas: (drag.properties.areas as { type: number }[]).filter((a) => a.type === 1),
      match: {},
    };
    const { report, file } = exportQti3(content);
    expect(report.items[4]).toEqual({
      question_id: 105,
      fidelity: "omitted",
      notes: [expect.stringContaining("needs at least one")],
    });
    expect(report.items[2]).toEqual({
      question_id: 103,
      fidelity: "omitted",
      notes: [expect.stringContaining("at least one draggable and one target")],
    });
    const z = readZip(file.bytes, 1e8);
    if (!z.ok) throw new Error(z.message);
    expect([...z.entries.keys()].filter((n) => n.startsWith("items/"))).not.toContain("items/Q-3.xml");
  });

  it("says lossy what has no correct response, and a missing media file", () => {
    const content = allTypesExam();
    content.questions[1]!.answers = content.questions[1]!.answers.map((a) => ({ ...a, is_correct: false }));
    content.media = new Map([...content.media].filter(([p]) => !p.includes("c".repeat(64))));
    const { report } = exportQti3(content);
    expect(report.items[1]).toMatchObject({ fidelity: "lossy" });
    expect(report.items[1]!.notes[0]).toBe("no answer is marked correct, so the item has no correct response");
    expect(report.items[0]!.fidelity).toBe("lossy");
    expect(report.items[0]!.notes).toContainEqual(expect.stringContaining("is missing from the media store"));
  });
});
