// Scoring modes and scenarios through the formats (contract 16.3 point 5) with exam.examExport and
// exam.examImport, on PGlite and PostgreSQL. The all-modes exam (every mode of every type that
// takes one, scenarios on each) is stored from its archive; exported as qti3 and imported by
// someone else as a new exam, every question keeps its mode and its scenarios, and every scenario
// still passes in exam.questionTest. Through Moodle XML the modes Moodle holds (type 6's
// gradingtypes, per_answer's fractions) come back with the scenarios; what it cannot hold is
// called lossy, the mode named.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportExamJson } from "@/server/formats/exam-json";
import { allModesExam } from "../support/scoring-modes-fixture";
import { ok } from "../support/exam-test-helpers";
import { importedExamId, importFile } from "../support/import-files";
import { createTestApp, examInput, type TestApp, type TestUser } from "../support/test-app";

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
  ann = await t.newUser();
  bob = await t.newUser();
});
afterAll(() => t.close());

const content = allModesExam();
const archive = exportExamJson(content).file;

interface Modes {
  id?: number;
  type: number;
  scoring: string | undefined;
  scenarios: unknown;
}

/** Each question of the exam by external id: its type, mode (undefined: none) and scenarios. */
async function modesOf(who: TestUser, examId: number): Promise<Record<string, Modes>> {
  const questions = ok(await who.call("exam.questionList", { exam_id: examId })).questions;
  return Object.fromEntries(
    questions.map((q) => [
      q.external_id,
      {
        id: q.id,
        type: q.type,
        scoring: (q.properties as { scoring?: string }).scoring,
        scenarios: q.scenarios as unknown,
      },
    ]),
  );
}

const expected: Record<string, Modes> = Object.fromEntries(
  content.questions.map((q) => [
    q.external_id,
    { type: q.type, scoring: q.properties.scoring as string, scenarios: q.scenarios },
  ]),
);

const withoutIds = (modes: Record<string, Modes>) =>
  Object.fromEntries(Object.entries(modes).map(([k, { id: _id, ...v }]) => [k, v]));

async function stored() {
  const imported = ok(await ann.call("exam.examImport", { file: importFile(archive.bytes, archive.name) }));
  return importedExamId(imported);
}

describe("scoring modes and scenarios through the formats", () => {
  it("the archive stores every mode and scenario, and every scenario passes", async () => {
    const id = await stored();
    const modes = await modesOf(ann, id);
    expect(withoutIds(modes)).toEqual(expected);
    for (const q of Object.values(modes)) {
      const results = ok(await ann.call("exam.questionTest", { id: q.id! })).results;
      expect(
        results.filter((r) => !r.passed),
        JSON.stringify(results.filter((r) => !r.passed)),
      ).toEqual([]);
    }
  });

  it("qti3: imported by someone else as a new exam, every mode and scenario is kept and every scenario passes", async () => {
    const id = await stored();
    const exported = ok(await ann.call("exam.examExport", { id, format: "qti3" }));
    expect(exported.report.items.map((i) => i.fidelity)).toEqual(content.questions.map(() => "lossless"));
    const imported = ok(await bob.call("exam.examImport", { file: exported.file }));
    expect(imported.items.map((i) => i.warnings)).toEqual(content.questions.map(() => []));
    const modes = await modesOf(bob, importedExamId(imported));
    expect(withoutIds(modes)).toEqual(expected);
    for (const q of Object.values(modes)) {
      const results = ok(await bob.call("exam.questionTest", { id: q.id! })).results;
      expect(
        results.filter((r) => !r.passed),
        `question ${q.id}`,
      ).toEqual([]);
    }
  });

  it("moodle_xml: type 6's modes and per_answer come back with the scenarios; what Moodle cannot hold is lossy, the mode named", async () => {
    const id = await stored();
    const exported = ok(await ann.call("exam.examExport", { id, format: "moodle_xml" }));
    const report = Object.fromEntries(
      exported.report.items.map((item, i) => [content.questions[i]!.external_id, item]),
    );
    expect(report["M-202"]!.notes.join(" ")).toContain("its scoring mode all_or_nothing does not fit Moodle XML");
    expect(report["M-203"]!.notes.join(" ")).toContain("its scoring mode per_target does not fit Moodle XML");
    expect(report["M-206"]!.notes.join(" ")).toContain("its scoring mode per_area does not fit Moodle XML");
    expect(report["M-209"]!.notes.join(" ")).toContain("its scoring mode longest_ordered_subset does not fit");
    expect(report["M-210"]!.notes.join(" ")).toContain("its scoring mode longest_contiguous_subset does not fit");

    const imported = ok(
      await bob.call("exam.examImport", { file: exported.file, exam: examInput({ code: "MODES-MDL" }) }),
    );
    const modes = await modesOf(bob, importedExamId(imported));
    for (const key of ["M-201", "M-207", "M-208", "M-209", "M-210", "M-211", "M-212"])
      expect({ ...modes[key], id: undefined }, key).toEqual({ ...expected[key], id: undefined });
    // All or nothing has no Moodle multichoice: it comes back per_answer, as its note says.
    expect(modes["M-202"]!.scoring).toBe("per_answer");
  });
});
