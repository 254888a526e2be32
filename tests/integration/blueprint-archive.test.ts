// The blueprint in the Exam Studio archive (contract 15.3, first row): an export carries the
// exam's domains, each question's domain by code, its tags and its copied_from; an import as a new
// exam creates the domains and puts each question in the domain of its code, so that exporting
// again gives the same document; an import into an existing exam matches the codes among its own
// domains (without regard to case), a code it lacks leaves the question without a domain with a
// warning, an item that says nothing of its domain keeps a matched question's; a broken blueprint
// is refused, storing nothing.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exam, question } from "@/db/schema";
import { createTestApp, examInput, type TestApp, type TestUser } from "../support/test-app";
import { choiceQuestion, fails, ok, warningAt } from "../support/exam-test-helpers";

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
  ann = await t.newUser();
  bob = await t.newUser();
});
afterAll(() => t.close());

interface ArchiveDoc {
  exported_at: string;
  exam: { domains: { code: string; name: string; weight: number }[]; [field: string]: unknown };
  questions: { external_id: string | null; domain: string | null; tags: string[]; copied_from: unknown }[];
  [field: string]: unknown;
}

const fileOf = (doc: unknown) => ({
  name: "bank.exam.json",
  base64: Buffer.from(JSON.stringify(doc)).toString("base64"),
});
const docOf = (result: { file: { base64: string } }) =>
  JSON.parse(Buffer.from(result.file.base64, "base64").toString("utf8")) as ArchiveDoc;
const exportOf = async (who: TestUser, id: number) =>
  docOf(ok(await who.call("exam.examExport", { id, format: "exam_json" })));

const BLUEPRINT = [
  { code: "1.0", name: "Network Fundamentals", weight: 60 },
  { code: "2.0", name: "Security", weight: 40 },
];

async function bankExam(who: TestUser) {
  const created = ok(await who.call("exam.examCreate", { exam: examInput({ domains: BLUEPRINT }) })).exam;
  const [net, sec] = ok(await who.call("exam.examGet", { id: created.id })).exam.domains;
  const add = async (externalId: string, fields: Record<string, unknown>) => {
    const base = choiceQuestion(created.id, externalId);
    return ok(
      await who.call("exam.questionCreate", {
        ...base,
        question: { ...base.question, external_id: externalId, ...fields },
      }),
    ).question.id;
  };
  const ids = {
    a: await add("A", { domain_id: net!.id, tags: ["IPv4", "Subnetting"] }),
    b: await add("B", { domain_id: sec!.id, tags: ["Firewalls"] }),
    c: await add("C", {}),
  };
  return { id: created.id, net: net!.id, sec: sec!.id, ids };
}

const questionsOf = async (who: TestUser, examId: number) =>
  ok(await who.call("exam.questionList", { exam_id: examId })).questions;

describe("the archive carries the blueprint", () => {
  it("exports domains, each question's domain code, tags and copied_from; imported as a new exam and exported again, the same", async () => {
    const source = await bankExam(ann);
    // A copy, as the copy method will record it.
    await t.db
      .update(question)
      .set({ copiedFromQuestionId: source.ids.a, copiedFromExamId: source.id, copiedFromVersion: 1 })
      .where(eq(question.id, source.ids.c));

    const doc = await exportOf(ann, source.id);
    expect(doc.exam.domains).toEqual(BLUEPRINT);
    expect(doc.questions.map((q) => [q.external_id, q.domain, q.tags, q.copied_from])).toEqual([
      ["A", "1.0", ["IPv4", "Subnetting"], null],
      ["B", "2.0", ["Firewalls"], null],
      ["C", null, [], { question_id: source.ids.a, exam_id: source.id, version: 1 }],
    ]);

    // Bob, in another workspace, imports it as a new exam.
    const imported = ok(await bob.call("exam.examImport", { file: fileOf(doc) }));
    const newId = imported.exam.id!;
    const domains = ok(await bob.call("exam.examGet", { id: newId })).exam.domains;
    expect(domains.map(({ id: _id, ...d }) => d)).toEqual(BLUEPRINT);
    const listed = await questionsOf(bob, newId);
    expect(listed.map((q) => [q.external_id, q.domain_id, q.tags, q.copied_from])).toEqual([
      ["A", domains[0]!.id, ["IPv4", "Subnetting"], null],
      ["B", domains[1]!.id, ["Firewalls"], null],
      ["C", null, [], { question_id: source.ids.a, exam_id: source.id, version: 1 }],
    ]);
    // The new exam's first version in the history has its blueprint.
    const history = ok(await bob.call("exam.historyList", { exam_id: newId, object_type: "exam" })).entries;
    expect((history.at(-1)!.snapshot as { domains: unknown }).domains).toEqual(domains);

    const again = await exportOf(bob, newId);
    expect({ ...again, exported_at: "" }).toEqual({ ...doc, exported_at: "" });
  });

  it("a dry run creates no domain; the exam param's blueprint replaces the file's", async () => {
    const doc = await exportOf(ann, (await bankExam(ann)).id);
    const before = await t.db.select({ id: exam.id }).from(exam).where(eq(exam.ownerId, bob.id));
    const dry = ok(await bob.call("exam.examImport", { file: fileOf(doc), dry_run: true }));
    expect(dry.created).toBe(3);
    expect(await t.db.select({ id: exam.id }).from(exam).where(eq(exam.ownerId, bob.id))).toEqual(before);

    const own = [{ code: "2.0", name: "Security only", weight: 0 }];
    const reply = await bob.call("exam.examImport", { file: fileOf(doc), exam: { domains: own } });
    const newId = ok(reply).exam.id!;
    const domains = ok(await bob.call("exam.examGet", { id: newId })).exam.domains;
    expect(domains.map(({ id: _id, ...d }) => d)).toEqual(own);
    // "1.0" is not among them: question A is imported without a domain, with a warning at it.
    expect(warningAt(reply, "items[0]")?.message).toBe(
      'question 1 (external id A): its domain "1.0" is not a domain of the new exam, so the question has no domain',
    );
    expect((await questionsOf(bob, newId)).map((q) => q.domain_id)).toEqual([null, domains[0]!.id, null]);
  });
});

describe("an archive imported into an existing exam", () => {
  it("matches domain codes without regard to case; an unknown code warns; left out, a matched question keeps its domain", async () => {
    const target = await bankExam(bob);
    ok(
      await bob.call("exam.examUpdate", {
        exam: {
          id: target.id,
          domains: [
            { id: target.net, code: "Net", name: "Networking", weight: 60 },
            { id: target.sec, code: "Sec", name: "Security", weight: 40 },
          ],
        },
      }),
    );
    // Question A moves to "SEC" by the file; B says nothing of its domain and tags; a new one is in " net ".
    const doc = {
      format: "exam_studio_archive",
      version: 1,
      exam: { domains: [{ code: "9.9", name: "Ignored", weight: 0 }] },
      questions: [
        {
          ...choiceQuestion(0, "A").question,
          exam_id: undefined,
          external_id: "A",
          domain: "SEC",
          tags: ["moved"],
          answers: choiceQuestion(0).answers,
        },
        {
          ...choiceQuestion(0, "B changed").question,
          exam_id: undefined,
          external_id: "B",
          answers: choiceQuestion(0).answers,
        },
        {
          ...choiceQuestion(0, "New").question,
          exam_id: undefined,
          external_id: "N",
          domain: " net ",
          answers: choiceQuestion(0).answers,
        },
        {
          ...choiceQuestion(0, "Lost").question,
          exam_id: undefined,
          external_id: "L",
          domain: "7.7",
          answers: choiceQuestion(0).answers,
        },
      ],
    };
    const reply = await bob.call("exam.examImport", { file: fileOf(doc), exam_id: target.id });
    const result = ok(reply);
    expect([result.created, result.updated]).toEqual([2, 2]);
    expect(warningAt(reply, "file")?.code).toBe("settings_ignored");
    expect(warningAt(reply, "items[3]")?.message).toBe(
      `question 4 (external id L): its domain "7.7" is not a domain of exam ${target.id}, so the question has no domain`,
    );
    // The file's blueprint is not the exam's: the exam keeps its own.
    expect(ok(await bob.call("exam.examGet", { id: target.id })).exam.domains.map((d) => d.code)).toEqual([
      "Net",
      "Sec",
    ]);
    const byExternal = new Map((await questionsOf(bob, target.id)).map((q) => [q.external_id, q]));
    expect([byExternal.get("A")!.domain_id, byExternal.get("A")!.tags]).toEqual([target.sec, ["moved"]]);
    expect([byExternal.get("B")!.domain_id, byExternal.get("B")!.tags]).toEqual([target.sec, ["Firewalls"]]);
    expect(byExternal.get("N")!.domain_id).toBe(target.net);
    expect(byExternal.get("L")!.domain_id).toBeNull();

    // Imported again, nothing changes (the same domains and tags are no change).
    const again = ok(await bob.call("exam.examImport", { file: fileOf(doc), exam_id: target.id }));
    expect([again.created, again.updated, again.skipped]).toEqual([0, 0, 4]);
  });

  it("re-importing its own export changes nothing", async () => {
    const source = await bankExam(ann);
    const doc = await exportOf(ann, source.id);
    const again = ok(await ann.call("exam.examImport", { file: fileOf(doc), exam_id: source.id }));
    expect([again.created, again.updated, again.skipped]).toEqual([0, 0, 3]);
  });

  it("refuses a broken blueprint or bad tags in the file, storing nothing", async () => {
    const before = await t.db.select({ id: exam.id }).from(exam).where(eq(exam.ownerId, ann.id));
    const base = await exportOf(ann, (await bankExam(ann)).id);
    const afterSetup = await t.db.select({ id: exam.id }).from(exam).where(eq(exam.ownerId, ann.id));
    expect(afterSetup.length).toBe(before.length + 1);

    const badSum = { ...base, exam: { ...base.exam, domains: [{ code: "1", name: "One", weight: 90 }] } };
    const issues = fails(await ann.call("exam.examImport", { file: fileOf(badSum) }), -32602, "file", "weights_sum");
    expect(issues[0]!.message).toContain("the weights sum to 90;");
    const dup = {
      ...base,
      exam: {
        ...base.exam,
        domains: [
          { code: "x", name: "One", weight: 0 },
          { code: "X", name: "Two", weight: 0 },
        ],
      },
    };
    fails(await ann.call("exam.examImport", { file: fileOf(dup) }), -32602, "file", "duplicate");
    const tags = { ...base, questions: base.questions.map((q, i) => (i === 1 ? { ...q, tags: ["ok", ""] } : q)) };
    fails(await ann.call("exam.examImport", { file: fileOf(tags) }), -32602, "items[1].question.tags[1]", "empty");
    const domain = { ...base, questions: base.questions.map((q, i) => (i === 0 ? { ...q, domain: 7 } : q)) };
    fails(await ann.call("exam.examImport", { file: fileOf(domain) }), -32602, "items[0].domain", "invalid_type");
    expect(await t.db.select({ id: exam.id }).from(exam).where(eq(exam.ownerId, ann.id))).toEqual(afterSetup);
  });
});

describe("CSV's domain and tags columns", () => {
  const csvFile = (text: string) => ({ name: "bank.csv", base64: Buffer.from(text).toString("base64") });
  const HEADER = "external_id,type,question,domain,tags,answer_1,correct_1,answer_2,correct_2";

  it("export writes each question's domain code and tags; imported as a new exam, the codes become its domains", async () => {
    const source = await bankExam(ann);
    const exported = ok(await ann.call("exam.examExport", { id: source.id, format: "csv" }));
    const lines = Buffer.from(exported.file.base64, "base64").toString("utf8").slice(1).split("\r\n");
    expect(lines[0]!.startsWith("external_id,type,case_study,domain,tags,points,")).toBe(true);
    expect(lines.slice(1, 4).map((l) => l.split(",").slice(3, 5))).toEqual([
      ["1.0", "IPv4; Subnetting"],
      ["2.0", "Firewalls"],
      ["", ""],
    ]);
    const imported = ok(
      await bob.call("exam.examImport", {
        file: { name: "bank.csv", base64: exported.file.base64 },
        exam: { ...examInput(), title: "From CSV" },
      }),
    );
    const newId = imported.exam.id!;
    const domains = ok(await bob.call("exam.examGet", { id: newId })).exam.domains;
    expect(domains.map(({ id: _id, ...d }) => d)).toEqual([
      { code: "1.0", name: "1.0", weight: 0 },
      { code: "2.0", name: "2.0", weight: 0 },
    ]);
    expect((await questionsOf(bob, newId)).map((q) => [q.external_id, q.domain_id, q.tags])).toEqual([
      ["A", domains[0]!.id, ["IPv4", "Subnetting"]],
      ["B", domains[1]!.id, ["Firewalls"]],
      ["C", null, []],
    ]);
  });

  it("into an exam: codes matched among its domains; an empty cell clears, a missing column keeps", async () => {
    const target = await bankExam(bob);
    const reply = await bob.call("exam.examImport", {
      exam_id: target.id,
      file: csvFile(
        [
          HEADER,
          "A,1,A,2.0,moved; Again; again,Yes,yes,No,no",
          "B,1,B,,,Yes,yes,No,no",
          "N,1,New,9.9,x,Yes,yes,No,no",
        ].join("\n"),
      ),
    });
    ok(reply);
    expect(warningAt(reply, "items[2]")?.message).toBe(
      `row 4 (external id N): its domain "9.9" is not a domain of exam ${target.id}, so the question has no domain`,
    );
    const byExternal = new Map((await questionsOf(bob, target.id)).map((q) => [q.external_id, q]));
    expect([byExternal.get("A")!.domain_id, byExternal.get("A")!.tags]).toEqual([target.sec, ["moved", "Again"]]);
    expect([byExternal.get("B")!.domain_id, byExternal.get("B")!.tags]).toEqual([null, []]);
    expect(byExternal.get("N")!.domain_id).toBeNull();

    // A file without the columns keeps what the questions have.
    ok(
      await bob.call("exam.examImport", {
        exam_id: target.id,
        file: csvFile(
          ["external_id,type,question,answer_1,correct_1,answer_2,correct_2", "A,1,A changed,Yes,yes,No,no"].join("\n"),
        ),
      }),
    );
    const a = (await questionsOf(bob, target.id)).find((q) => q.external_id === "A")!;
    expect([a.question, a.domain_id, a.tags]).toEqual(["<p>A changed</p>", target.sec, ["moved", "Again"]]);
  });
});
