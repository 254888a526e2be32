// A question's `domain_id` and `tags` (contract 15.1 point 3): extension fields of questionCreate
// and questionUpdate that an update leaving them out keeps; every error at its place with nothing
// changed; where they appear (questionGet and questionList, not the create/update answers, with
// `copied_from`); questionList's filters; a move to another exam; and the question's versions:
// history, restore and the update that changes nothing.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { question } from "@/db/schema";
import { questionRestoreParams } from "@/server/domain/restore";
import { createTestApp, examInput, type TestApp, type TestUser } from "../support/test-app";
import { auditRows, choiceQuestion, examRow, fails, ok, questionRows, warningAt } from "../support/exam-test-helpers";

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
  u = await t.newUser();
});
afterAll(() => t.close());

/** The interface document's question object of create/update answers (section 2.2). */
const ANSWER_QUESTION_FIELDS = [
  "id",
  "exam_id",
  "question",
  "explanation",
  "type",
  "case_study_id",
  "external_id",
  "properties",
].sort();

async function examWithDomains(who = u) {
  const exam = ok(
    await who.call("exam.examCreate", {
      exam: examInput({
        domains: [
          { code: "NET", name: "Networking", weight: 50 },
          { code: "SEC", name: "Security", weight: 50 },
        ],
      }),
    }),
  ).exam;
  const domains = ok(await who.call("exam.examGet", { id: exam.id })).exam.domains;
  return { id: exam.id, net: domains[0]!.id, sec: domains[1]!.id };
}

function params(examId: number, fields: Record<string, unknown> = {}, text = "What is 2 + 2?") {
  const base = choiceQuestion(examId, text);
  return { ...base, question: { ...base.question, ...fields } };
}

async function createQuestion(examId: number, fields: Record<string, unknown> = {}, text?: string) {
  return ok(await u.call("exam.questionCreate", params(examId, fields, text)));
}

const getQuestion = async (id: number) => ok(await u.call("exam.questionGet", { id }));

async function update(id: number, examId: number, fields: Record<string, unknown> = {}, text?: string) {
  return u.call("exam.questionUpdate", {
    ...params(examId, fields, text),
    question: { ...params(examId, fields, text).question, id },
  });
}

/** What a refused call must leave as it was. */
async function stateOf(examId: number) {
  return {
    questions: await questionRows(t, examId),
    audit: (await auditRows(t, examId)).length,
    exam: await examRow(t, examId),
  };
}

describe("questionCreate and the reads", () => {
  it("stores the domain and the tags (trimmed, without repeats); questionGet shows them with copied_from", async () => {
    const exam = await examWithDomains();
    const created = await createQuestion(exam.id, {
      domain_id: exam.net,
      tags: ["  Subnetting ", "IPv4", "subnetting", "ipv4 ", "CIDR"],
    });
    // The create answer keeps exactly the interface's fields.
    expect(Object.keys(created.question).sort()).toEqual(ANSWER_QUESTION_FIELDS);
    const got = await getQuestion(created.question.id);
    expect(got.question.domain_id).toBe(exam.net);
    expect(got.question.tags).toEqual(["Subnetting", "IPv4", "CIDR"]);
    expect(got.question.copied_from).toBeNull();
    expect(Object.keys(got.question).sort()).toEqual(
      [...ANSWER_QUESTION_FIELDS, "points", "domain_id", "tags", "scenarios", "copied_from"].sort(),
    );
    // The history's version is questionGet's view.
    const entry = (await auditRows(t, exam.id)).find(
      (r) => r.objectType === "question" && r.objectId === created.question.id,
    )!;
    expect((entry.snapshot as { question: unknown }).question).toEqual(got.question);
  });

  it("left out, a new question has no domain and no tags", async () => {
    const exam = await examWithDomains();
    const got = await getQuestion((await createQuestion(exam.id)).question.id);
    expect([got.question.domain_id, got.question.tags]).toEqual([null, []]);
  });

  it("shows copied_from as questionGet and questionList have it, from the stored columns", async () => {
    const exam = await examWithDomains();
    const source = await createQuestion(exam.id, {}, "Original");
    const copy = await createQuestion(exam.id, {}, "Copy");
    await t.db
      .update(question)
      .set({ copiedFromQuestionId: source.question.id, copiedFromExamId: exam.id, copiedFromVersion: 1 })
      .where(eq(question.id, copy.question.id));
    const expected = { question_id: source.question.id, exam_id: exam.id, version: 1 };
    expect((await getQuestion(copy.question.id)).question.copied_from).toEqual(expected);
    const listed = ok(await u.call("exam.questionList", { exam_id: exam.id })).questions;
    expect(listed.map((q) => q.copied_from)).toEqual([null, expected]);
  });

  it("refuses a domain of another exam, one that does not exist, and bad tags; nothing is created", async () => {
    const exam = await examWithDomains();
    const other = await examWithDomains();
    const stranger = await t.newUser();
    const strangers = await examWithDomains(stranger);
    const before = await stateOf(exam.id);
    for (const domainId of [other.net, strangers.sec, 2147483647]) {
      const issues = fails(
        await u.call("exam.questionCreate", params(exam.id, { domain_id: domainId })),
        -32602,
        "question.domain_id",
        "unknown_domain",
      );
      // The same words whoever's the domain is: nothing is revealed of other workspaces.
      expect(issues[0]!.message).toBe(
        `domain ${domainId} is not a domain of exam ${exam.id}; use one of the exam's domains (examGet lists them), or null for none`,
      );
    }
    const badTags: [unknown, string, string][] = [
      [Array.from({ length: 21 }, (_, i) => `tag ${i}`), "question.tags", "too_many"],
      [["fine", "   "], "question.tags[1]", "empty"],
      [["x".repeat(51)], "question.tags[0]", "too_long"],
      [[42], "question.tags[0]", "invalid_type"],
      ["one, two", "question.tags", "invalid_type"],
    ];
    for (const [tags, path, code] of badTags)
      fails(await u.call("exam.questionCreate", params(exam.id, { tags })), -32602, path, code);
    fails(
      await u.call("exam.questionCreate", params(exam.id, { domain_id: "NET" })),
      -32602,
      "question.domain_id",
      "invalid_type",
    );
    expect(await stateOf(exam.id)).toEqual(before);
    // Another person's exam is -32004 whatever the domain says.
    fails(await u.call("exam.questionCreate", params(strangers.id, { domain_id: strangers.net })), -32004);
  });

  it("accepts 20 tags of 50 characters", async () => {
    const exam = await examWithDomains();
    const tags = Array.from({ length: 20 }, (_, i) => `${i}`.padStart(50, "x"));
    const created = await createQuestion(exam.id, { tags });
    expect((await getQuestion(created.question.id)).question.tags).toEqual(tags);
  });
});

describe("questionUpdate", () => {
  it("left out keeps them; null clears the domain, [] the tags; sent, they replace", async () => {
    const exam = await examWithDomains();
    const { question: q } = await createQuestion(exam.id, { domain_id: exam.net, tags: ["a", "b"] });
    const updated = ok(await update(q.id, exam.id, {}, "Edited"));
    expect(Object.keys(updated.question).sort()).toEqual(ANSWER_QUESTION_FIELDS);
    let got = (await getQuestion(q.id)).question;
    expect([got.question, got.domain_id, got.tags]).toEqual(["<p>Edited</p>", exam.net, ["a", "b"]]);

    ok(await update(q.id, exam.id, { domain_id: exam.sec, tags: ["B", "c", "b"] }, "Edited"));
    got = (await getQuestion(q.id)).question;
    expect([got.domain_id, got.tags]).toEqual([exam.sec, ["B", "c"]]);

    ok(await update(q.id, exam.id, { domain_id: null }, "Edited"));
    got = (await getQuestion(q.id)).question;
    expect([got.domain_id, got.tags]).toEqual([null, ["B", "c"]]);

    ok(await update(q.id, exam.id, { tags: [] }, "Edited"));
    got = (await getQuestion(q.id)).question;
    expect([got.domain_id, got.tags]).toEqual([null, []]);
  });

  it("the same domain and tags write nothing; a change of either alone is a new version", async () => {
    const exam = await examWithDomains();
    const { question: q, version } = await createQuestion(exam.id, { domain_id: exam.net, tags: ["Ports"] });
    const before = await stateOf(exam.id);
    for (const fields of [{}, { domain_id: exam.net }, { tags: [" Ports "] }, { tags: ["Ports", "PORTS"] }]) {
      const reply = await update(q.id, exam.id, fields);
      expect(warningAt(reply, "question")?.code, JSON.stringify(fields)).toBe("unchanged");
      expect(ok(reply).version).toBe(version);
      expect(await stateOf(exam.id)).toEqual(before);
    }
    // "ports" is another spelling of the same tag, but a change of its spelling all the same.
    const respelled = ok(await update(q.id, exam.id, { tags: ["ports"] }));
    expect(respelled.version).toBe(version + 1);
    const moved = ok(await update(q.id, exam.id, { domain_id: exam.sec }));
    expect(moved.version).toBe(version + 2);
  });

  it("refuses a domain of another exam, and bad tags, changing nothing", async () => {
    const exam = await examWithDomains();
    const other = await examWithDomains();
    const { question: q } = await createQuestion(exam.id, { domain_id: exam.net, tags: ["keep"] });
    const before = await stateOf(exam.id);
    fails(
      await update(q.id, exam.id, { domain_id: other.net }, "Not stored"),
      -32602,
      "question.domain_id",
      "unknown_domain",
    );
    fails(
      await update(q.id, exam.id, { tags: Array.from({ length: 21 }, (_, i) => `${i}`) }, "Not stored"),
      -32602,
      "question.tags",
      "too_many",
    );
    expect(await stateOf(exam.id)).toEqual(before);
  });

  it("a question moved to another exam loses its domain, unless a domain of the new exam is sent", async () => {
    const from = await examWithDomains();
    const to = await examWithDomains();
    const a = (await createQuestion(from.id, { domain_id: from.net, tags: ["kept"] }, "A")).question;
    const b = (await createQuestion(from.id, { domain_id: from.net }, "B")).question;
    const c = (await createQuestion(from.id, { domain_id: from.net }, "C")).question;

    ok(await update(a.id, to.id, {}, "A"));
    const movedA = (await getQuestion(a.id)).question;
    expect([movedA.exam_id, movedA.domain_id, movedA.tags]).toEqual([to.id, null, ["kept"]]);

    ok(await update(b.id, to.id, { domain_id: to.sec }, "B"));
    expect((await getQuestion(b.id)).question.domain_id).toBe(to.sec);

    // The domain of the exam it leaves is not one of the new exam's.
    const before = await stateOf(from.id);
    fails(await update(c.id, to.id, { domain_id: from.net }, "C"), -32602, "question.domain_id", "unknown_domain");
    expect(await stateOf(from.id)).toEqual(before);
    expect((await getQuestion(c.id)).question.exam_id).toBe(from.id);
  });

  it("a version restored from the history brings back its domain and tags", async () => {
    const exam = await examWithDomains();
    const { question: q } = await createQuestion(exam.id, { domain_id: exam.net, tags: ["first"] }, "V1");
    ok(await update(q.id, exam.id, { domain_id: exam.sec, tags: ["second"] }, "V2"));
    const history = ok(
      await u.call("exam.historyList", { exam_id: exam.id, object_type: "question", object_id: q.id }),
    ).entries;
    const first = history.find((e) => e.version === 1)!;
    const current = (await getQuestion(q.id)).version;
    ok(await u.call("exam.questionUpdate", questionRestoreParams(first.snapshot, current)!));
    const restored = (await getQuestion(q.id)).question;
    expect([restored.question, restored.domain_id, restored.tags]).toEqual(["<p>V1</p>", exam.net, ["first"]]);

    // A domain removed from the blueprint since is restored as none, when the page says which it has.
    ok(
      await u.call("exam.examUpdate", {
        exam: { id: exam.id, domains: [{ id: exam.sec, code: "SEC", name: "Security", weight: 0 }] },
      }),
    );
    const again = questionRestoreParams(first.snapshot, (await getQuestion(q.id)).version, [exam.sec])!;
    expect(again.question.domain_id).toBeNull();
    ok(await u.call("exam.questionUpdate", again));
    expect((await getQuestion(q.id)).question.domain_id).toBeNull();
  });
});

describe("questionList", () => {
  it("shows domain_id, tags and copied_from as questionGet does, and filters by domain (null: none) and tag", async () => {
    const exam = await examWithDomains();
    const a = (await createQuestion(exam.id, { domain_id: exam.net, tags: ["IPv4", "Subnetting"] }, "A")).question.id;
    const b = (await createQuestion(exam.id, { domain_id: exam.sec, tags: ["subnetting"] }, "B")).question.id;
    const c = (await createQuestion(exam.id, { tags: ["Firewalls"] }, "C")).question.id;
    const d = (await createQuestion(exam.id, { domain_id: exam.net }, "D")).question.id;

    const all = ok(await u.call("exam.questionList", { exam_id: exam.id })).questions;
    for (const listed of all) {
      const got = (await getQuestion(listed.id)).question;
      const { position: _p, warnings: _w, answers: _a, ...fields } = listed;
      expect(fields).toEqual(got);
    }
    const ids = async (filter: Record<string, unknown>) =>
      ok(await u.call("exam.questionList", { exam_id: exam.id, ...filter })).questions.map((q) => q.id);
    expect(await ids({ domain_id: exam.net })).toEqual([a, d]);
    expect(await ids({ domain_id: exam.sec })).toEqual([b]);
    expect(await ids({ domain_id: null })).toEqual([c]);
    expect(await ids({ tag: "SUBNETTING" })).toEqual([a, b]);
    expect(await ids({ tag: " firewalls " })).toEqual([c]);
    expect(await ids({ tag: "subnet" })).toEqual([]);
    expect(await ids({ tag: "subnetting", domain_id: exam.sec })).toEqual([b]);
    expect(await ids({ tag: "ipv4", type: 2 })).toEqual([]);
    fails(await u.call("exam.questionList", { exam_id: exam.id, tag: "" }), -32602, "tag", "empty");
    fails(
      await u.call("exam.questionList", { exam_id: exam.id, domain_id: "NET" }),
      -32602,
      "domain_id",
      "invalid_type",
    );
  });
});
