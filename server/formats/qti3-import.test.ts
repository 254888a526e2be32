// The qti3 import (contract 13.1, 13.2): our own export read back gives the same questions for
// every item the report calls lossless (the round trip, pure: the plan against the questions),
// the exam's settings and case studies; recognition; bad packages refused at `file`, items named
// by their QTI identifier.
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { decodeBase64 } from "../media/base64";
import { exportQti3 } from "./qti3-export";
import { allTypesExam, BOARD } from "../../tests/support/qti3-fixture";
import { looksLikeQti3, parseQti3 } from "./qti3-import";
import { recognizeFormat } from "./recognize";
import type { ContentQuestion, ImportPlan } from "./types";
import { readZip } from "./zip";

const OPTIONS = { maxItems: 10_000, maxBytes: 50 * 1024 * 1024 };
const content = allTypesExam();
const exported = exportQti3(content);

function planOf(bytes: Uint8Array): ImportPlan {
  const result = parseQti3(bytes, OPTIONS);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.plan;
}

/** A stored path as the package names it. */
const packaged = (text: string) => text.replaceAll("/media/", "media/");

/** Zero points and false marks are the same as none. */
function normalizeProperties(p: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = JSON.parse(packaged(JSON.stringify(p)));
  if (Array.isArray(out.text_answer))
    out.text_answer = out.text_answer.map((v: { value: string; points?: number }) =>
      v.points ? v : { value: v.value },
    );
  if (out.correct)
    out.correct = Object.fromEntries(Object.entries(out.correct as Record<string, boolean>).filter(([, v]) => v));
  if (out.points && typeof out.points === "object") {
    const pts = out.points as Record<string, unknown>;
    for (const k of Object.keys(pts)) {
      const v = pts[k];
      if (v === 0) delete pts[k];
      if (v && typeof v === "object") {
        for (const [d, n] of Object.entries(v)) if (n === 0) delete (v as Record<string, number>)[d];
        if (Object.keys(v).length === 0) delete pts[k];
      }
    }
    if (Object.keys(pts).length === 0) delete out.points;
  }
  return out;
}

/** The question as exam.questionCreate params would carry it. */
function expected(q: ContentQuestion) {
  return {
    question: {
      type: q.type,
      question: packaged(q.question),
      explanation: packaged(q.explanation),
      external_id: q.external_id,
      points: q.points,
      properties: normalizeProperties(q.properties),
    },
    answers: q.answers.map((a) => ({
      answer: packaged(a.answer),
      is_correct: a.is_correct,
      order: a.order,
      points: a.points,
      ...(a.old_id === null ? {} : { old_id: a.old_id }),
    })),
  };
}

function actual(params: NonNullable<ImportPlan["items"][number]["params"]>) {
  const q = params.question;
  return {
    question: {
      type: q.type,
      question: q.question,
      explanation: q.explanation,
      external_id: q.external_id,
      points: q.points,
      properties: normalizeProperties((q.properties ?? {}) as Record<string, unknown>),
    },
    answers: params.answers ?? [],
  };
}

describe("qti3 round trip", () => {
  const plan = planOf(exported.file.bytes);

  it("reads every item in the exam's order, named by its identifier", () => {
    expect(plan.items.map((i) => i.ref)).toEqual([
      "item Q-1 (items/Q-1.xml)",
      "item Q-2 (items/Q-2.xml)",
      "item Q-3 (items/Q-3.xml)",
      "item item-1 (items/item-1.xml)",
      "item item-2 (items/item-2.xml)",
      "item Q-6 (items/Q-6.xml)",
      "item Q-7 (items/Q-7.xml)",
      "item Q-8 (items/Q-8.xml)",
      "item Q-9 (items/Q-9.xml)",
    ]);
  });

  it("gives the same question for every item the report calls lossless", () => {
    const lossless = exported.report.items.filter((i) => i.fidelity === "lossless").map((i) => i.question_id);
    expect(lossless.length).toBe(7);
    content.questions.forEach((q, i) => {
      if (!lossless.includes(q.id)) return;
      const item = plan.items[i]!;
      expect(item.warnings, item.ref).toEqual([]);
      expect(actual(item.params!), item.ref).toEqual(expected(q));
    });
  });

  it("the lossy items differ only where the report says", () => {
    // the YouTube embed is a link in QTI, read back as the embed (the content itself is the same).
    expect(actual(plan.items[0]!.params!)).toEqual(expected(content.questions[0]!));
    // similarity kept by our own attribute.
    expect(plan.items[7]!.params!.question.properties).toMatchObject({ text_similarity: 80, case_sensitive: false });
  });

  it("gives each item the media it refers to, and its case study by name", () => {
    const q1 = plan.items[0]!;
    expect(Object.keys(q1.params!.resources ?? {}).sort()).toEqual(
      [packaged(`/media/${"c".repeat(64)}.png`), packaged(`/media/${"d".repeat(64)}.mp3`)].sort(),
    );
    expect(decodeBase64(q1.params!.resources![packaged(BOARD).replace("b".repeat(64), "c".repeat(64))]!)).toEqual(
      content.media.get(`/media/${"c".repeat(64)}.png`),
    );
    expect(plan.items.map((i) => i.caseStudy)).toEqual([
      "Contoso",
      "Contoso",
      "Fabrikam",
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(Object.keys(plan.items[2]!.params!.resources ?? {})).toEqual([packaged(BOARD)]);
  });

  it("reads the case studies and every exam setting", () => {
    expect(plan.caseStudies.map((cs) => [cs.name, cs.description])).toEqual([
      ["Contoso", packaged(content.caseStudies[0]!.description)],
      ["Fabrikam", "<p>One office</p>"],
    ]);
    const { description, ...settings } = plan.exam!.settings;
    const { description: original, ...originalSettings } = content.exam;
    expect(settings).toEqual(originalSettings);
    expect(description).toBe(packaged(original));
    expect(Object.keys(plan.exam!.resources)).toEqual([packaged(`/media/${"e".repeat(64)}.png`)]);
    expect(plan.warnings).toEqual([]);
  });
});

describe("qti3 recognition", () => {
  it("takes a zip with imsmanifest.xml, and no other zip", () => {
    expect(looksLikeQti3(exported.file.bytes)).toBe(true);
    expect(recognizeFormat(exported.file.bytes)).toEqual({ ok: true, format: "qti3" });
    expect(looksLikeQti3(zipSync({ "a.txt": new Uint8Array([1]) }))).toBe(false);
    expect(looksLikeQti3(zipSync({ "sub/imsmanifest.xml": new Uint8Array([1]) }))).toBe(false);
  });
});

describe("qti3 import refuses", () => {
  const entriesOf = () => {
    const z = readZip(exported.file.bytes, 1e8);
    if (!z.ok) throw new Error(z.message);
    return Object.fromEntries(z.entries);
  };
  const issuesOf = (bytes: Uint8Array, options = OPTIONS) => {
    const r = parseQti3(bytes, options);
    if (r.ok) throw new Error("expected issues");
    return r.issues;
  };

  it("a zip entry with a .. segment, a corrupt zip and a zip that inflates beyond the limit, at file", () => {
    expect(issuesOf(zipSync({ "imsmanifest.xml": new Uint8Array([60]), "../evil.xml": new Uint8Array([1]) }))).toEqual([
      { code: "malformed_file", path: "file", message: expect.stringContaining('"../evil.xml" that has a .. segment') },
    ]);
    expect(issuesOf(exported.file.bytes.slice(0, 200))).toEqual([
      { code: "malformed_file", path: "file", message: expect.stringContaining("not a readable zip") },
    ]);
    const bomb = zipSync({ "imsmanifest.xml": new Uint8Array(2_000_000) }, { level: 9 });
    expect(issuesOf(bomb, { ...OPTIONS, maxBytes: 1_000_000 })).toEqual([
      { code: "too_large", path: "file", message: expect.stringContaining("inflates to more than") },
    ]);
  });

  it("a manifest that is not well-formed, or has a DOCTYPE, at file", () => {
    const e = entriesOf();
    e["imsmanifest.xml"] = new TextEncoder().encode('<!DOCTYPE x [<!ENTITY a "b">]><manifest/>');
    expect(issuesOf(zipSync(e))).toEqual([
      { code: "malformed_file", path: "file", message: expect.stringContaining("DOCTYPE") },
    ]);
  });

  it("an item that is not well-formed, at its index, naming its file", () => {
    const e = entriesOf();
    e["items/Q-2.xml"] = new TextEncoder().encode(
      "<qti-assessment-item identifier='Q-2'><unclosed></qti-assessment-item>",
    );
    expect(issuesOf(zipSync(e))).toEqual([
      {
        code: "malformed_file",
        path: "items[1]",
        message: "the item file (items/Q-2.xml) is not well-formed XML: line 1, column 70: unexpected close tag.",
      },
    ]);
  });

  it("a QTI 2.1 package, or one without items, saying so", () => {
    const manifest = (type: string) =>
      `<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"><organizations/><resources><resource identifier="r" type="${type}" href="a.xml"><file href="a.xml"/></resource></resources></manifest>`;
    expect(issuesOf(zipSync({ "imsmanifest.xml": new TextEncoder().encode(manifest("imsqti_item_xmlv2p1")) }))).toEqual(
      [
        {
          code: "malformed_file",
          path: "file",
          message: expect.stringContaining(
            "is a QTI 2.x content package; this import reads QTI 3.0 (resources of type imsqti_item_xmlv3p0): send format qti2",
          ),
        },
      ],
    );
    expect(issuesOf(zipSync({ "imsmanifest.xml": new TextEncoder().encode(manifest("webcontent")) }))).toEqual([
      { code: "malformed_file", path: "file", message: expect.stringContaining("lists no QTI 3.0 items") },
    ]);
  });

  it("an exam without questions exports a test without items, which imports as an exam without questions", () => {
    const empty = allTypesExam();
    empty.questions = [];
    const plan = planOf(exportQti3(empty).file.bytes);
    expect(plan.items).toEqual([]);
    expect(plan.exam!.settings.title).toBe("Networking round trip");
  });

  it("more items than the limit", () => {
    expect(issuesOf(exported.file.bytes, { ...OPTIONS, maxItems: 3 })).toEqual([
      { code: "too_many", path: "file", message: expect.stringContaining("holds 9 items") },
    ]);
  });
});
