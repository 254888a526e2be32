// The scoring modes in QTI (contract 16.3 point 5): every mode's item is valid against the QTI
// 3.0.1 XSD, says its mode in data-es-scoring and computes it in response processing (an
// all-or-nothing question keeps today's processing), and our own import reads the mode and the
// scenarios back. That an engine scores each scenario as we do is qti3-scoring.test.ts.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { zipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { QTI3_ASI_XSD, xmllint } from "@/tests/support/xmllint";
import { allModesExam } from "../../tests/support/scoring-modes-fixture";
import { exportQti3 } from "./qti3-export";
import { parseQti3 } from "./qti3-import";
import { readZip } from "./zip";

const content = allModesExam();
const exported = exportQti3(content);
const zip = readZip(exported.file.bytes, 50 * 1024 * 1024);
if (!zip.ok) throw new Error(zip.message);
const entries = zip.entries;
const itemOf = (externalId: string) =>
  [...entries]
    .filter(([name]) => name.startsWith("items/"))
    .map(([, bytes]) => new TextDecoder().decode(bytes))
    .find((xml) => xml.includes(`data-es-external-id="${externalId}"`))!;

const dir = mkdtempSync(path.join(tmpdir(), "qti3-modes-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("qti3 export of the scoring modes", () => {
  it("validates every item of every mode against the QTI 3.0.1 XSD", () => {
    const files: string[] = [];
    for (const [name, bytes] of entries)
      if (name.startsWith("items/")) {
        const target = path.join(dir, name);
        mkdirSync(path.dirname(target), { recursive: true });
        writeFileSync(target, bytes);
        files.push(target);
      }
    expect(files.length).toBe(content.questions.length);
    expect(xmllint(QTI3_ASI_XSD, files)).toBe("");
  }, 120_000);

  it("computes a partial mode's count in response processing and rounds the score to 2 decimals", () => {
    const perAnswer = itemOf("M-201");
    expect(perAnswer).toContain('data-es-scoring="per_answer"');
    expect(perAnswer).toContain('identifier="ES_COUNT"');
    expect(perAnswer).toContain('<qti-round-to rounding-mode="decimalPlaces" figures="2">');
    // The answer points stay the mapping, as for all or nothing.
    expect(perAnswer).toContain('<qti-map-entry map-key="A4" mapped-value="-1"/>');
    const sort = itemOf("M-209");
    expect(sort).toContain('<qti-index n="5">');
    expect(sort).toContain('identifier="ES_L5"');
  });

  it("keeps today's processing for all_or_nothing, with the mode written down", () => {
    const xml = itemOf("M-202");
    expect(xml).toContain('data-es-scoring="all_or_nothing"');
    expect(xml).not.toContain("ES_COUNT");
    expect(xml).not.toContain("qti-round-to");
  });

  it("calls a per_area point & shoot question with overlapping areas lossy, naming them", () => {
    const q = structuredClone(content.questions.find((x) => x.id === 204)!);
    const areas = q.properties.areas as { id: string; x: number; y: number }[];
    areas[3] = { ...areas[3]!, x: 60, y: 30 };
    const report = exportQti3({ ...content, questions: [q] }).report.items[0]!;
    expect(report.fidelity).toBe("lossy");
    expect(report.notes).toEqual([
      "its scoring mode per_area counts the areas under each click: where block-1 and block-4 overlap, a click counts for each of them in QTI but only for the one on top in Exam Studio",
    ]);
    // All or nothing: no such note.
    const aon = { ...q, properties: { ...q.properties, scoring: "all_or_nothing" } };
    expect(exportQti3({ ...content, questions: [aon] }).report.items[0]!.notes).toEqual([]);
  });

  it("writes no mode for a question that has none", () => {
    const plain = { ...content, questions: [{ ...content.questions[0]!, properties: {}, scenarios: [] }] };
    const files = readZip(exportQti3(plain).file.bytes, 1e8);
    if (!files.ok) throw new Error(files.message);
    const xml = new TextDecoder().decode([...files.entries].find(([n]) => n.startsWith("items/"))![1]);
    expect(xml).not.toContain("data-es-scoring");
    expect(xml).not.toContain("data-es-scenarios");
    expect(xml).not.toContain("ES_COUNT");
  });
});

describe("qti3 import of the scoring modes", () => {
  const parsed = parseQti3(exported.file.bytes, { maxItems: 10_000, maxBytes: 50 * 1024 * 1024 });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const items = parsed.plan.items;

  it("reads every question's mode and scenarios back, without warnings", () => {
    expect(items.length).toBe(content.questions.length);
    content.questions.forEach((q, i) => {
      const item = items[i]!;
      expect(item.warnings, item.ref).toEqual([]);
      expect(item.params!.question.properties, item.ref).toMatchObject({ scoring: q.properties.scoring });
      expect(item.params!.question.scenarios, item.ref).toEqual(q.scenarios);
    });
  });

  it("leaves out a mode the type does not take, with a warning", () => {
    const bytes = new Map(entries);
    const name = [...entries.keys()].find((n) => itemOf("M-201") === new TextDecoder().decode(entries.get(n)))!;
    bytes.set(name, new TextEncoder().encode(itemOf("M-201").replace('"per_answer"', '"per_target"')));
    const again = parseQti3(zipSync(Object.fromEntries(bytes)), { maxItems: 10_000, maxBytes: 50 * 1024 * 1024 });
    if (!again.ok) throw new Error(JSON.stringify(again.issues));
    const item = again.plan.items[0]!;
    expect(item.params!.question.properties).not.toHaveProperty("scoring");
    expect(item.warnings).toEqual([
      'its data-es-scoring "per_target" is not a scoring mode of a multiple choice question; it was left out, so the question scores all or nothing',
    ]);
  });
});
