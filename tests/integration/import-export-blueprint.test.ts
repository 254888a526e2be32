// The blueprint in the qti3, Moodle XML and GIFT formats (contract 15.3) through exam.examExport
// and exam.examImport, on PGlite and PostgreSQL. qti3: exported with a section per domain and the
// tags as keywords, imported by someone else as a new exam it has the same domains (weights
// too), each question in its domain with its tags, in the exam's order; imported again it changes
// nothing. Moodle XML: the weights are said lost, the rest comes back the same (weight 0); a file
// as Moodle 4 writes it, with nested categories and tags, becomes an exam of its categories; into
// an existing exam its categories are matched by code or name, and the ones the exam lacks are
// added with weight 0 (a new version of the exam) unless the exam's blueprint has weights, when
// their questions get no domain, with warnings. GIFT: $CATEGORY lines become domains and
// `// [tag:…]` comments tags.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { choiceQuestion, ok, warningAt } from "../support/exam-test-helpers";
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

const FIXTURE = path.join(__dirname, "../fixtures/import/moodle-categories-tags.xml");

const BLUEPRINT = [
  { code: "1.0", name: "Network Fundamentals", weight: 60 },
  { code: "SEC", name: "Security / Access", weight: 40 },
  { code: "3.0", name: "Not yet written", weight: 0 },
];

/** An exam of Ann's with the blueprint, and four questions whose domains interleave: A 1.0, B SEC, C none, D 1.0. */
async function bankExam(code: string) {
  const created = ok(
    await ann.call("exam.examCreate", { exam: examInput({ code, domains: BLUEPRINT, shuffle_questsion: false }) }),
  ).exam;
  const [net, sec] = ok(await ann.call("exam.examGet", { id: created.id })).exam.domains;
  const add = async (externalId: string, fields: Record<string, unknown>) => {
    const base = choiceQuestion(created.id, `Question ${externalId}`);
    await ann.call("exam.questionCreate", {
      ...base,
      question: { ...base.question, external_id: externalId, ...fields },
    });
  };
  await add("A", { domain_id: net!.id, tags: ["IPv4", "Subnetting"] });
  await add("B", { domain_id: sec!.id, tags: ["Firewalls"] });
  await add("C", { tags: ["misc"] });
  await add("D", { domain_id: net!.id });
  return created.id;
}

/** The exam's blueprint without ids, and its questions as [external id, domain code, tags], in order. */
async function blueprintOf(who: TestUser, examId: number) {
  const domains = ok(await who.call("exam.examGet", { id: examId })).exam.domains;
  const codeOf = new Map(domains.map((d) => [d.id, d.code]));
  const questions = ok(await who.call("exam.questionList", { exam_id: examId })).questions;
  return {
    domains: domains.map(({ id: _id, ...d }) => d),
    questions: questions.map((q) => [q.external_id, q.domain_id === null ? null : codeOf.get(q.domain_id), q.tags]),
  };
}

const QUESTIONS = [
  ["A", "1.0", ["IPv4", "Subnetting"]],
  ["B", "SEC", ["Firewalls"]],
  ["C", null, ["misc"]],
  ["D", "1.0", []],
];

describe("qti3 carries the blueprint", () => {
  it("exported and imported by someone else as a new exam: the same domains, weights too, each question in its domain with its tags", async () => {
    const id = await bankExam("BP-QTI");
    const exported = ok(await ann.call("exam.examExport", { id, format: "qti3" }));
    expect(exported.report.items.map((i) => [i.fidelity, i.notes])).toEqual(Array(4).fill(["lossless", []]));
    // A QTI player groups the questions by domain; the exam's order (not shuffled) interleaves them.
    expect(exported.report.notes.some((n) => n.includes("domain by domain"))).toBe(true);

    const imported = ok(await bob.call("exam.examImport", { file: exported.file }));
    expect(imported.created).toBe(4);
    expect(await blueprintOf(bob, importedExamId(imported))).toEqual({ domains: BLUEPRINT, questions: QUESTIONS });

    // Imported again into that exam, it changes nothing: each question is already as its item has it.
    const again = ok(await bob.call("exam.examImport", { file: exported.file, exam_id: importedExamId(imported) }));
    expect(again).toMatchObject({ created: 0, updated: 0, skipped: 4 });
  });
});

describe("Moodle XML carries the domains as categories, not their weights", () => {
  it("says the weights are lost; imported back as a new exam, the domains by code with weight 0, each question's domain and tags", async () => {
    const id = await bankExam("BP-MDL");
    const exported = ok(await ann.call("exam.examExport", { id, format: "moodle_xml" }));
    expect(exported.report.items.map((i) => i.fidelity)).toEqual(["lossless", "lossless", "lossless", "lossless"]);
    expect(exported.report.notes).toContain(
      "Moodle XML has no blueprint weights: each domain is a category ($course$/top/CODE NAME, its code also the category's idnumber), without its weight (1.0: 60 %, SEC: 40 %, 3.0: 0 %); imported back as a new exam every domain has weight 0",
    );
    const xml = Buffer.from(exported.file.base64, "base64").toString("utf8");
    expect(xml).toContain("<text>$course$/top/SEC Security // Access</text>");

    const imported = ok(
      await bob.call("exam.examImport", { file: exported.file, exam: examInput({ code: "BP-MDL-COPY" }) }),
    );
    expect(await blueprintOf(bob, importedExamId(imported))).toEqual({
      domains: BLUEPRINT.map((d) => ({ ...d, weight: 0 })),
      questions: QUESTIONS,
    });
    const again = ok(await bob.call("exam.examImport", { file: exported.file, exam_id: importedExamId(imported) }));
    expect(again).toMatchObject({ created: 0, updated: 0, skipped: 4 });
  });

  it("a file as Moodle 4 writes it: its categories with questions become domains, its tags and course tags tags", async () => {
    const result = ok(
      await ann.call("exam.examImport", {
        file: importFile(readFileSync(FIXTURE), "moodle-categories-tags.xml"),
        exam: examInput({ code: "BP-MDL-4" }),
      }),
    );
    expect(result.created).toBe(3);
    expect(await blueprintOf(ann, importedExamId(result))).toEqual({
      domains: [
        { code: "1.0", name: "Network Fundamentals", weight: 0 },
        { code: "Security", name: "Security", weight: 0 },
      ],
      questions: [
        ["NET-1", "1.0", ["ports", "TLS", "NET101"]],
        ["NET-2", "Security", ["firewalls"]],
        ["NET-3", "Security", []],
      ],
    });
  });

  it("into an exam without weights: categories matched by code or name, the others added with weight 0, a new version", async () => {
    const target = ok(
      await ann.call("exam.examCreate", {
        exam: examInput({ code: "BP-MDL-IN", domains: [{ code: "S1", name: "Security", weight: 0 }] }),
      }),
    ).exam;
    const file = importFile(readFileSync(FIXTURE), "moodle-categories-tags.xml");
    const dry = await ann.call("exam.examImport", { file, exam_id: target.id, dry_run: true });
    expect(warningAt(dry, "file")).toMatchObject({
      code: "domains_added",
      message: `the file's categories "1.0" ("Network Fundamentals") are not domains of exam ${target.id}: they were added to its blueprint, with weight 0`,
    });
    // A dry run adds nothing.
    expect((await blueprintOf(ann, target.id)).domains).toEqual([{ code: "S1", name: "Security", weight: 0 }]);

    const reply = await ann.call("exam.examImport", { file, exam_id: target.id });
    expect(ok(reply).created).toBe(3);
    expect(await blueprintOf(ann, target.id)).toEqual({
      domains: [
        { code: "S1", name: "Security", weight: 0 },
        { code: "1.0", name: "Network Fundamentals", weight: 0 },
      ],
      // The category "Security" is the exam's domain S1, matched by its name.
      questions: [
        ["NET-1", "1.0", ["ports", "TLS", "NET101"]],
        ["NET-2", "S1", ["firewalls"]],
        ["NET-3", "S1", []],
      ],
    });
    const history = ok(await ann.call("exam.historyList", { exam_id: target.id, object_type: "exam" })).entries;
    const entry = history.find((e) => e.method === "exam.examImport")!;
    expect(entry.snapshot).toMatchObject({
      import: { created: 3, domains_added: 1 },
      domains: [{ code: "S1" }, { code: "1.0" }],
    });
    expect(entry.version).toBe(2);

    // Imported again: nothing left to add, nothing changed.
    const again = ok(await ann.call("exam.examImport", { file, exam_id: target.id }));
    expect(again).toMatchObject({ created: 0, updated: 0, skipped: 3 });
  });

  it("into an exam whose blueprint has weights: the missing categories are not added, their questions get no domain, said", async () => {
    const target = ok(
      await ann.call("exam.examCreate", {
        exam: examInput({ code: "BP-MDL-W", domains: [{ code: "1.0", name: "Fundamentals", weight: 100 }] }),
      }),
    ).exam;
    const reply = await ann.call("exam.examImport", {
      file: importFile(readFileSync(FIXTURE), "moodle-categories-tags.xml"),
      exam_id: target.id,
    });
    const result = ok(reply);
    expect(warningAt(reply, "file")).toMatchObject({
      code: "import_loss",
      message: `the file's categories "Security" ("Security") are not domains of exam ${target.id}, whose blueprint has weights: they were not added (its weights are the author's to set), so their questions have no domain`,
    });
    expect(result.items.map((i) => i.warnings)).toEqual([
      [],
      [`its domain "Security" is not a domain of exam ${target.id}, so the question has no domain`],
      [`its domain "Security" is not a domain of exam ${target.id}, so the question has no domain`],
    ]);
    expect(await blueprintOf(ann, target.id)).toEqual({
      domains: [{ code: "1.0", name: "Fundamentals", weight: 100 }],
      questions: [
        ["NET-1", "1.0", ["ports", "TLS", "NET101"]],
        ["NET-2", null, ["firewalls"]],
        ["NET-3", null, []],
      ],
    });
  });
});

describe("GIFT categories and tags", () => {
  it("$CATEGORY lines become the new exam's domains, // [tag:…] comments the questions' tags", async () => {
    const gift = [
      "$CATEGORY: $course$/top/1.0 Network Fundamentals",
      "",
      "// [tag:ports] [tag:TLS]",
      "::Port::Which port does HTTPS use? {=443 ~80}",
      "",
      "$CATEGORY: $course$/top/Security",
      "",
      "A stateful firewall tracks connections. {T}",
    ].join("\n");
    const result = ok(
      await ann.call("exam.examImport", {
        file: importFile(Buffer.from(gift), "bank.gift"),
        exam: examInput({ code: "BP-GIFT" }),
      }),
    );
    expect(await blueprintOf(ann, importedExamId(result))).toEqual({
      domains: [
        { code: "1.0", name: "Network Fundamentals", weight: 0 },
        { code: "Security", name: "Security", weight: 0 },
      ],
      questions: [
        [null, "1.0", ["ports", "TLS"]],
        [null, "Security", []],
      ],
    });
  });
});
