// The real QTI 2.x files of tests/fixtures/real-world/qti2 (SOURCE.md) read by the qti2 import,
// without the database: every one recognised as qti2 and not as qti3; what each kind becomes.
import { describe, expect, it } from "vitest";
import { looseItemPackage, qti2Packages } from "@/tests/support/qti2-fixtures";
import { qti2 } from "./qti2";
import { recognizeFormat } from "./recognize";
import type { ImportPlan } from "./types";

const packages = qti2Packages();

function planOf(bytes: Uint8Array): ImportPlan {
  const result = qti2.parse!(bytes, { maxItems: 1000 });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.plan;
}

describe("real QTI 2.x files", () => {
  it("every one is recognised as qti2", () => {
    for (const p of packages) expect(recognizeFormat(p.bytes), p.name).toEqual({ ok: true, format: "qti2" });
  });

  it("items that share an identifier get unique external ids, saying so", () => {
    const plan = planOf(packages.find((p) => p.name === "qtiworks/WebDeveloperTest1.zip")!.bytes);
    const ids = plan.items.map((i) => i.params?.question.external_id);
    expect(ids.slice(0, 3)).toEqual(["choice", "choice (question2.xml)", "choice (question3.xml)"]);
    expect(plan.items[1]!.warnings).toContain(
      'its identifier "choice" is also that of an earlier item of the package; its external id is "choice (question2.xml)"',
    );
  });

  it("the IMS examples: each kind as contract 13.1 and 13.3 map it", () => {
    const typeOf = (name: string) => planOf(looseItemPackage(`ims-2.1/${name}.xml`)).items[0]!;
    expect(typeOf("choice").params?.question.type).toBe(1);
    expect(typeOf("choice_multiple").params?.question.type).toBe(2);
    expect(typeOf("order").params?.question.type).toBe(6);
    expect(typeOf("text_entry").params?.question.type).toBe(7);
    expect(typeOf("hotspot").params?.question.type).toBe(5);
    expect(typeOf("select_point").params?.question.type).toBe(4);
    expect(typeOf("graphic_gap_match").params?.question.type).toBe(3);
    const inline = typeOf("inline_choice");
    expect(inline.params?.question.type).toBe(1);
    expect(inline.params?.answers?.filter((a) => a.is_correct).map((a) => a.answer)).toEqual(["York"]);
    expect(typeOf("gap_match")).toMatchObject({
      params: null,
      warnings: [expect.stringContaining("is a gap match item with 2 gaps")],
    });
    for (const [name, kind] of [
      ["extended_text", "qti-extended-text-interaction"],
      ["upload", "qti-upload-interaction"],
      ["slider", "qti-slider-interaction"],
      ["hottext", "qti-hottext-interaction"],
    ])
      // Named by its kind in words, then by the element QTI 3 calls it.
      expect(typeOf(name!)).toMatchObject({
        params: null,
        warnings: [expect.stringMatching(new RegExp(`interaction \\(${kind}\\), which Exam Studio cannot represent`))],
      });
  });

  it("Onyx's hotspot: its twelve circular hotspots said in one warning, not twelve", () => {
    const [item] = planOf(looseItemPackage("onyx-sachsen/Hotspot_278940407.xml")).items;
    const shapes = item!.warnings.filter((w) => w.includes("the rectangle around it"));
    expect(shapes).toEqual([
      "hotspots Choice0, Choice1, Choice2, Choice3, Choice4, Choice5, Choice6, Choice7, Choice8, Choice9, Choice10 and Choice11 are circles; each was imported as the rectangle around it",
    ]);
  });

  it("Onyx's numeric text entry keeps its exact value, warning about its relative tolerance", () => {
    const item = planOf(looseItemPackage("onyx-sachsen/TextEntrynumeric_770468849.xml")).items[0]!;
    expect(item.params?.question.properties).toEqual({
      text_similarity: 100,
      case_sensitive: false,
      text_answer: [{ value: "4.136" }],
    });
    expect(item.warnings).toContain(
      "its response is compared by qti-equal with tolerance-mode relative and tolerance 5.0, which has no equivalent: only the exact value 4.136 is accepted",
    );
  });
});
