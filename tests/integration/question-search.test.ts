// exam.questionSearch (contract 15.2 point 1) over real HTTP: every matching rule (all words,
// case and accents, a word's start, one letter different from 5 letters), the order and rank,
// the snippet, each filter, paging, errors that change nothing, and the workspace's bounds.
import { count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, membership, workspace } from "@/db/schema";
import { createApiToken } from "@/server/auth/tokens";
import { fails, newExam, ok } from "../support/exam-test-helpers";
import type { ReplyTo } from "../support/reply";
import { createTestApp, type TestApp, type TestUser } from "../support/test-app";

let t: TestApp;
let ann: TestUser;
let examA: number;
let examB: number;
/** Question ids by name. */
const q: Record<string, number> = {};
let domain1: number;

const choice = (
  examId: number,
  question: string,
  answers: string[],
  extra: Record<string, unknown> = {},
  explanation = "",
) => ({
  question: { exam_id: examId, type: 1, question: `<p>${question}</p>`, explanation, ...extra },
  answers: answers.map((a, i) => ({ answer: `<p>${a}</p>`, is_correct: i === 0 })),
});

async function search(params: Record<string, unknown>, who: TestUser = ann) {
  return ok(await who.call("exam.questionSearch", params));
}
const ids = async (params: Record<string, unknown>, who: TestUser = ann) =>
  (await search({ limit: 100, ...params }, who)).questions.map((r) => r.question.id);

beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
  ann = await t.newUser();
  examA = (await newExam(ann, { title: "Networking", code: "NET-1" })).id;
  ok(await ann.call("exam.examUpdate", { exam: { id: examA, domains: [{ code: "1.0", name: "Basics", weight: 0 }] } }));
  domain1 = ok(await ann.call("exam.examGet", { id: examA })).exam.domains[0]!.id;
  examB = (await newExam(ann, { title: "Sécurité", code: "SEC-1" })).id;
  const create = async (name: string, params: ReturnType<typeof choice>) => {
    q[name] = ok(await ann.call("exam.questionCreate", params)).question.id;
  };
  await create(
    "mask",
    choice(
      examA,
      "What is a <strong>subnet</strong> mask?",
      ["255.255.255.0", "The Gateway"],
      { domain_id: domain1 },
      "<p>A mask splits a réseau into parts.</p>",
    ),
  );
  await create(
    "router",
    choice(examA, "Which device routes packets?", ["Router", "Switch"], { tags: ["CCNA", "Layer 3"] }),
  );
  await create("gateway", choice(examA, "Configure the default gateway", ["ip route", "hostname"], { tags: ["ccna"] }));
  await create("securite", choice(examB, "La SÉCURITÉ du réseau", ["Pare-feu", "Antivirus"], { tags: ["Security"] }));
  q.multiple = ok(
    await ann.call("exam.questionCreate", {
      question: { exam_id: examB, type: 2, question: "<p>Select two firewalls</p>" },
      answers: [
        { answer: "<p>pfSense</p>", is_correct: true },
        { answer: "<p>iptables</p>", is_correct: true },
        { answer: "<p>Excel</p>", is_correct: false },
      ],
    }),
  ).question.id;
  ok(await ann.call("exam.examUpdateStatus", { id: examB, ready: true, ignore_warnings: true }));
});
afterAll(() => t.close());

describe("exam.questionSearch: matching", () => {
  it.each([
    ["subnet", ["mask"]],
    ["SUBNET", ["mask"]], // case
    ["subn", ["mask"]], // a word's start
    ["bnet", []], // not inside a word
    ["ubnet", ["mask"]], // 5 letters: "subnet" is one letter added
    ["reseau", ["mask", "securite"]], // accents, in the explanation and the question
    ["RÉSEAU", ["mask", "securite"]],
    ["securite", ["securite"]],
    ["subnet mask", ["mask"]], // every word
    ["mask router", []],
    ["gatewey", ["mask", "gateway"]], // 7 letters, one changed; in an answer and in the question
    ["gatway", ["mask", "gateway"]], // one removed
    ["routter", ["router"]], // one added ("router", an answer)
    ["rooter", ["router"]],
    ["masc", []], // 4 letters: no typo allowed
    ["mas", ["mask"]],
    ["255", ["mask"]],
    ["pare feu", ["securite"]],
    ["pare-feu", ["securite"]],
    ["iptables", ["multiple"]],
    ["zzzz", []],
  ])("%j finds %j", async (query, names) => {
    expect((await ids({ query })).sort()).toEqual(names.map((n) => q[n]!).sort());
  });

  it("a query without letters or digits is no query: every question, by exam and position", async () => {
    const all = [q.mask, q.router, q.gateway, q.securite, q.multiple];
    expect(await ids({})).toEqual(all);
    expect(await ids({ query: "" })).toEqual(all);
    expect(await ids({ query: " ?! " })).toEqual(all);
    const page = await search({});
    expect(page.questions.every((r) => r.rank === 0)).toBe(true);
  });
});

describe("exam.questionSearch: the answer", () => {
  it("each result: the question as questionGet answers it, its exam, a snippet and a rank", async () => {
    const { questions, next_cursor } = await search({ query: "subnet" });
    expect(next_cursor).toBeNull();
    expect(questions).toHaveLength(1);
    const [hit] = questions;
    expect(hit!.question).toEqual(ok(await ann.call("exam.questionGet", { id: q.mask! })).question);
    expect(hit!.exam).toEqual({ id: examA, title: "Networking", code: "NET-1" });
    expect(hit!.snippet).toBe("What is a subnet mask?");
    expect(Object.keys(hit!).sort()).toEqual(["exam", "question", "rank", "snippet"]);
  });

  it("the snippet is the plain text of the field that holds the match, as written", async () => {
    const [hit] = (await search({ query: "reseau splits" })).questions;
    expect(hit!.snippet).toBe("A mask splits a réseau into parts.");
    const [answer] = (await search({ query: "gatewey", exam_id: examA })).questions.filter(
      (r) => r.question.id === q.mask,
    );
    expect(answer!.snippet).toBe("The Gateway");
  });

  it("best matches first: the question text and whole words rank higher; then exam and position", async () => {
    const { questions } = await search({ query: "gateway" });
    expect(questions.map((r) => r.question.id)).toEqual([q.gateway, q.mask]);
    expect(questions[0]!.rank).toBe(1); // a whole word of the question text
    expect(questions[1]!.rank).toBe(0.75); // a whole word of an answer
    const typo = await search({ query: "gatewey" });
    expect(typo.questions.map((r) => r.rank)).toEqual([0.5, 0.25]);
    // Equal ranks: by exam, then position.
    const equal = await search({ query: "reseau" });
    expect(equal.questions.map((r) => r.question.id)).toEqual([q.securite, q.mask]); // question text first
    const prefix = await search({ query: "s" });
    const sameRank = prefix.questions.filter((r) => r.rank === prefix.questions[0]!.rank).map((r) => r.question.id);
    expect(sameRank).toEqual([...sameRank].sort((a, b) => a - b));
  });
});

describe("exam.questionSearch: filters", () => {
  it("exam_id, type, domain_id (and null), tag (any case) and the exam's status", async () => {
    expect(await ids({ exam_id: examB })).toEqual([q.securite, q.multiple]);
    expect(await ids({ query: "reseau", exam_id: examA })).toEqual([q.mask]);
    expect(await ids({ type: 2 })).toEqual([q.multiple]);
    expect(await ids({ domain_id: domain1 })).toEqual([q.mask]);
    expect(await ids({ domain_id: null, exam_id: examA })).toEqual([q.router, q.gateway]);
    expect(await ids({ tag: "ccna" })).toEqual([q.router, q.gateway]);
    expect(await ids({ tag: "LAYER 3" })).toEqual([q.router]);
    expect(await ids({ tag: "security", query: "reseau" })).toEqual([q.securite]);
    expect(await ids({ status: "ready" })).toEqual([q.securite, q.multiple]);
    expect(await ids({ status: "draft", query: "reseau" })).toEqual([q.mask]);
  });
});

describe("exam.questionSearch: the words follow every write", () => {
  // A query's word is first expanded in the vocabulary of stored words (migration 0009's
  // triggers keep it), then looked up in search_words: a word stored by any write must be found
  // by itself, its start and a typo, and a word no question holds any more finds nothing.
  // Bob's own workspace: the other tests count every result of Ann's.
  let bob: TestUser;
  beforeAll(async () => {
    bob = await t.newUser();
  });

  it("a question's new words are found after an update, and its old ones no longer find it", async () => {
    const exam = (await newExam(bob, { title: "Vocabulary", code: "VOC-1" })).id;
    const created = choice(exam, "Quokkafish habitat", ["Reef", "Lake"]);
    const id = ok(await bob.call("exam.questionCreate", created)).question.id;
    expect(await ids({ query: "quokkafish" }, bob)).toEqual([id]);
    ok(
      await bob.call("exam.questionUpdate", {
        question: { ...created.question, id, question: "<p>Zymurgically speaking</p>" },
        answers: created.answers,
      }),
    );
    expect(await ids({ query: "zymurgically" }, bob)).toEqual([id]);
    expect(await ids({ query: "zymurg" }, bob)).toEqual([id]);
    expect(await ids({ query: "zymurgicaly" }, bob)).toEqual([id]); // one letter removed
    expect(await ids({ query: "quokkafish" }, bob)).toEqual([]);
    expect(await ids({ query: "quokkafis" }, bob)).toEqual([]);
  });

  it("an import's words are found (one statement adds them all)", async () => {
    const exam = (await newExam(bob, { title: "Imported", code: "VOC-2" })).id;
    const gift = "::A:: Where do xerophytic plants grow? {=Deserts ~Rivers}\n\n::B:: Name a yttriumoid {=None ~All}\n";
    ok(
      await bob.call("exam.examImport", {
        file: { name: "words.gift", base64: Buffer.from(gift).toString("base64") },
        format: "gift",
        exam_id: exam,
      }),
    );
    expect(await ids({ query: "xerophytic" }, bob)).toHaveLength(1);
    expect(await ids({ query: "xerophitic" }, bob)).toHaveLength(1); // one letter changed
    expect(await ids({ query: "yttrium" }, bob)).toHaveLength(1);
    expect(await ids({ query: "xerophytic yttriumoid" }, bob)).toEqual([]); // two questions, not one
  });
});

describe("exam.questionSearch: paging", () => {
  it("next_cursor walks every result once, in the same order as one page", async () => {
    for (const query of [undefined, "s", "gatewey"]) {
      const whole = await ids({ query });
      const walked: number[] = [];
      let cursor: string | undefined;
      for (let i = 0; i < 10; i++) {
        const page = await search({ query, limit: 1, ...(cursor ? { cursor } : {}) });
        walked.push(...page.questions.map((r) => r.question.id));
        if (!page.next_cursor) break;
        cursor = page.next_cursor;
      }
      expect(walked).toEqual(whole);
    }
    expect((await search({})).questions).toHaveLength(5); // the default limit (20) holds them all
  });
});

describe("exam.questionSearch: errors change nothing", () => {
  const auditCount = async () =>
    (
      await t.db
        .select({ n: count() })
        .from(auditLog)
        .where(inArray(auditLog.examId, [examA, examB]))
    )[0]!.n;

  it.each([
    [{ limit: 0 }, "limit"],
    [{ limit: 101 }, "limit"],
    [{ limit: 1.5 }, "limit"],
    [{ query: "a b c d e f g h i j k" }, "query"],
    [{ query: "x".repeat(201) }, "query"],
    [{ query: 7 }, "query"],
    [{ status: "published" }, "status"],
    [{ type: 8 }, "type"],
    [{ tag: "" }, "tag"],
    [{ domain_id: "1" }, "domain_id"],
    [{ cursor: "not-a-cursor" }, "cursor"],
    [{ exam_id: 0 }, "exam_id"],
  ])("%j is -32602 at %s", async (params, path) => {
    const before = await auditCount();
    fails(await ann.call("exam.questionSearch", params), -32602, path);
    expect(await auditCount()).toBe(before);
  });

  it("an exam outside the caller's workspace is -32004, as one that does not exist", async () => {
    const bob = await t.newUser();
    const theirs = await newExam(bob);
    fails(await ann.call("exam.questionSearch", { exam_id: theirs.id }), -32004, "exam_id");
    fails(await ann.call("exam.questionSearch", { exam_id: 2147483647 }), -32004, "exam_id");
  });

  it("ten words are allowed", async () => {
    expect((await search({ query: "a b c d e f g h i j" })).questions).toEqual([]);
  });
});

describe("exam.questionSearch: the workspace's bounds", () => {
  it("searches the caller's workspace only; a token reaches its own workspace, a member sees its exams", async () => {
    const bob = await t.newUser();
    const bobs = (await newExam(bob, { title: "Bob's" })).id;
    ok(await bob.call("exam.questionCreate", choice(bobs, "Another subnet question", ["x", "y"])));
    expect(await ids({ query: "subnet" })).toEqual([q.mask]);
    expect((await ids({ query: "subnet" }, bob)).length).toBe(1);
    expect(await ids({ query: "subnet" }, bob)).not.toContain(q.mask);

    // Bob joins Ann's workspace as a viewer: a token of that workspace searches it, and only it.
    const [{ id: annsWorkspace }] = (await t.db
      .select({ id: workspace.id })
      .from(workspace)
      .where(eq(workspace.personalOf, ann.id))) as [{ id: number }];
    await t.db.insert(membership).values({ workspaceId: annsWorkspace, userId: bob.id, role: "viewer" });
    const { token } = await createApiToken(t.db, bob.id, "ann's workspace", null, {
      workspaceId: annsWorkspace,
      scope: "read",
    });
    const reply = (
      await t.post<ReplyTo<"exam.questionSearch">>({
        jsonrpc: "2.0",
        id: 1,
        method: "exam.questionSearch",
        params: { query: "subnet" },
        accessToken: token,
      })
    ).body;
    expect(ok(reply).questions.map((r) => r.question.id)).toEqual([q.mask]);
    // Bob's own token reaches his own workspace: an exam of Ann's is -32004 there.
    fails(await bob.call("exam.questionSearch", { exam_id: examA }), -32004, "exam_id");
  });
});
