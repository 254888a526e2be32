// The blueprint (contract 15.1 points 1 and 2): an exam's `domains` on examCreate, examUpdate,
// examGet and examList; every rule of the list refused at its place with nothing changed; an
// update's list that keeps, adds, reorders and removes domains (their questions unassigned, with
// a warning that counts them); a list equal to the stored one writes nothing; a change is a new
// version of the exam, in its history, and takes a ready exam back to draft; and who may do what.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, examDomain, membership } from "@/db/schema";
import { createApiToken } from "@/server/auth/tokens";
import { personalWorkspace } from "@/server/data/workspaces";
import { changesAgainstPrevious } from "@/server/domain/history-diff";
import { createTestApp, examInput, type TestApp, type TestUser } from "../support/test-app";
import {
  addQuestions,
  auditRows,
  choiceQuestion,
  EXAM_RESPONSE_FIELDS,
  examRow,
  fails,
  ok,
  warningAt,
  warningCodes,
} from "../support/exam-test-helpers";
import type { ReplyTo } from "../support/reply";

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
  u = await t.newUser();
});
afterAll(() => t.close());

const BLUEPRINT = [
  { code: "1.0", name: "Network Fundamentals", weight: 24 },
  { code: "2.0", name: "Network Access", weight: 36 },
  { code: "3.0", name: "Security", weight: 40 },
];

async function create(domains: unknown = BLUEPRINT, owner = u) {
  return ok(await owner.call("exam.examCreate", { exam: examInput({ domains }) }));
}

async function get(id: number, who = u) {
  return ok(await who.call("exam.examGet", { id }));
}

/** What a refused call must leave as it was: the exam row, its domains, its history. */
async function stateOf(id: number) {
  return {
    exam: await examRow(t, id),
    domains: await t.db.select().from(examDomain).where(eq(examDomain.examId, id)),
    audit: (await auditRows(t, id)).length,
  };
}

/** A question of `examId` in `domainId`. */
async function questionIn(examId: number, domainId: number | null, text = "Q") {
  const base = choiceQuestion(examId, text);
  return ok(await u.call("exam.questionCreate", { ...base, question: { ...base.question, domain_id: domainId } }))
    .question.id;
}

const domainOf = async (questionId: number) =>
  ok(await u.call("exam.questionGet", { id: questionId })).question.domain_id;

describe("examCreate and the reads", () => {
  it("stores the blueprint in order; examGet and examList show it; the create answer keeps its fields", async () => {
    const created = await create([
      { code: " 1.0 ", name: " Network Fundamentals ", weight: 24 },
      ...BLUEPRINT.slice(1),
    ]);
    expect(Object.keys(created.exam).sort()).toEqual(EXAM_RESPONSE_FIELDS);
    const read = await get(created.exam.id);
    expect(read.exam.domains.map(({ id: _id, ...d }) => d)).toEqual(BLUEPRINT);
    expect(read.exam.domains.every((d) => Number.isInteger(d.id) && d.id > 0)).toBe(true);
    expect(new Set(read.exam.domains.map((d) => d.id)).size).toBe(3);
    expect(Object.keys(read.exam).sort()).toEqual([...EXAM_RESPONSE_FIELDS, "domains"].sort());
    const { domains, ...rest } = read.exam;
    expect(rest).toEqual(created.exam);
    expect(domains).toHaveLength(3);

    const listed = ok(await u.call("exam.examList", { limit: 200 })).exams.find((e) => e.id === created.exam.id)!;
    expect(listed.domains).toEqual(read.exam.domains);
    // The history's first version is examGet's view, the blueprint included.
    const [entry] = await auditRows(t, created.exam.id);
    expect((entry!.snapshot as { domains: unknown }).domains).toEqual(read.exam.domains);
  });

  it("an exam without a blueprint has domains [] (weights all 0 is a blueprint without weights)", async () => {
    const plain = ok(await u.call("exam.examCreate", { exam: examInput() })).exam;
    expect((await get(plain.id)).exam.domains).toEqual([]);
    const unweighted = await create([
      { code: "A", name: "Alpha", weight: 0 },
      { code: "B", name: "Beta", weight: 0 },
    ]);
    expect((await get(unweighted.exam.id)).exam.domains.map((d) => d.weight)).toEqual([0, 0]);
    const listed = ok(await u.call("exam.examList", { limit: 200 })).exams.find((e) => e.id === plain.id)!;
    expect(listed.domains).toEqual([]);
  });

  it("refuses every broken rule at its place, and creates nothing", async () => {
    const examsBefore = ok(await u.call("exam.examList", { limit: 200 })).exams.length;
    const cases: [unknown, string, string, RegExp?][] = [
      [
        [
          { code: "1", name: "One", weight: 24 },
          { code: "2", name: "Two", weight: 66 },
        ],
        "exam.domains",
        "weights_sum",
        /the weights sum to 90;/,
      ],
      [
        [
          { code: "1", name: "One", weight: 60 },
          { code: "2", name: "Two", weight: 60 },
        ],
        "exam.domains",
        "weights_sum",
        /sum to 120/,
      ],
      [
        [
          { code: "Net", name: "One", weight: 0 },
          { code: "NET", name: "Two", weight: 0 },
        ],
        "exam.domains[1].code",
        "duplicate",
        /also the code of domains\[0\]/,
      ],
      [[{ code: "  ", name: "One", weight: 0 }], "exam.domains[0].code", "empty"],
      [[{ code: "x".repeat(21), name: "One", weight: 0 }], "exam.domains[0].code", "too_long"],
      [[{ code: "1", name: "", weight: 0 }], "exam.domains[0].name", "empty"],
      [[{ code: "1", name: "n".repeat(201), weight: 0 }], "exam.domains[0].name", "too_long"],
      [[{ code: "1", name: "One", weight: 101 }], "exam.domains[0].weight", "too_big"],
      [[{ code: "1", name: "One", weight: -5 }], "exam.domains[0].weight", "too_small"],
      [[{ code: "1", name: "One", weight: "50" }], "exam.domains[0].weight", "invalid_type"],
      [Array.from({ length: 51 }, (_, i) => ({ code: `${i}`, name: "D", weight: 0 })), "exam.domains", "too_many"],
      [
        [{ id: 1, code: "1", name: "One", weight: 100 }],
        "exam.domains[0].id",
        "unknown_domain",
        /a new exam has no domains yet/,
      ],
      [{ code: "1" }, "exam.domains", "invalid_type"],
    ];
    for (const [domains, path, code, message] of cases) {
      const issues = fails(await u.call("exam.examCreate", { exam: examInput({ domains }) }), -32602, path, code);
      if (message) expect(issues.find((i) => i.path === path)!.message).toMatch(message);
    }
    expect(ok(await u.call("exam.examList", { limit: 200 })).exams.length).toBe(examsBefore);
  });

  it("accepts 50 domains", async () => {
    const fifty = Array.from({ length: 50 }, (_, i) => ({
      code: `D${i}`,
      name: `Domain ${i}`,
      weight: i < 4 ? 25 : 0,
    }));
    const created = await create(fifty);
    expect((await get(created.exam.id)).exam.domains.map((d) => d.code)).toEqual(fifty.map((d) => d.code));
  });
});

describe("examUpdate's blueprint", () => {
  it("left out keeps the blueprint; the update answer keeps its fields", async () => {
    const { exam } = await create();
    const before = (await get(exam.id)).exam.domains;
    const updated = ok(await u.call("exam.examUpdate", { exam: { id: exam.id, title: "Renamed" } }));
    expect(Object.keys(updated.exam).sort()).toEqual(EXAM_RESPONSE_FIELDS);
    expect((await get(exam.id)).exam.domains).toEqual(before);
  });

  it("keeps domains by id (their questions stay), adds those without, reorders, and removes the rest with a warning", async () => {
    const { exam } = await create();
    const [one, two, three] = (await get(exam.id)).exam.domains;
    const q1 = await questionIn(exam.id, one!.id, "In one");
    const q2a = await questionIn(exam.id, two!.id, "In two");
    const q2b = await questionIn(exam.id, two!.id, "Also in two");
    const q3 = await questionIn(exam.id, three!.id, "In three");

    const reply = await u.call("exam.examUpdate", {
      exam: {
        id: exam.id,
        domains: [
          { id: three!.id, code: "3.0", name: "Security Fundamentals", weight: 50 },
          { id: one!.id, code: "1.0", name: "Network Fundamentals", weight: 30 },
          { code: "4.0", name: "Automation", weight: 20 },
        ],
      },
    });
    ok(reply);
    const warning = warningAt(reply, "exam.domains");
    expect(warning?.code).toBe("questions_unassigned");
    expect(warning?.message).toBe("2 questions were in the removed domain(s) and now have no domain");

    const domains = (await get(exam.id)).exam.domains;
    expect(domains.map((d) => [d.code, d.name, d.weight])).toEqual([
      ["3.0", "Security Fundamentals", 50],
      ["1.0", "Network Fundamentals", 30],
      ["4.0", "Automation", 20],
    ]);
    expect(domains[0]!.id).toBe(three!.id);
    expect(domains[1]!.id).toBe(one!.id);
    expect([one!.id, two!.id, three!.id]).not.toContain(domains[2]!.id);
    expect(await domainOf(q1)).toBe(one!.id);
    expect(await domainOf(q3)).toBe(three!.id);
    expect(await domainOf(q2a)).toBeNull();
    expect(await domainOf(q2b)).toBeNull();

    // A removed domain without questions: no warning. [] removes every domain.
    const cleared = await u.call("exam.examUpdate", { exam: { id: exam.id, domains: [] } });
    expect(warningAt(ok(cleared) && cleared, "exam.domains")?.message).toBe(
      "2 questions were in the removed domain(s) and now have no domain",
    );
    expect((await get(exam.id)).exam.domains).toEqual([]);
    expect(await domainOf(q1)).toBeNull();
  });

  it("one question unassigned is counted in the singular; removing an empty domain warns nothing", async () => {
    const { exam } = await create([
      { code: "A", name: "Alpha", weight: 0 },
      { code: "B", name: "Beta", weight: 0 },
    ]);
    const [a, b] = (await get(exam.id)).exam.domains;
    await questionIn(exam.id, a!.id);
    const dropB = await u.call("exam.examUpdate", { exam: { id: exam.id, domains: [a] } });
    expect(warningCodes(dropB)).toEqual([]);
    const dropA = await u.call("exam.examUpdate", { exam: { id: exam.id, domains: [] } });
    expect(warningAt(dropA, "exam.domains")?.message).toBe(
      "1 question was in the removed domain(s) and now has no domain",
    );
    expect(b).toBeDefined();
  });

  it("a list equal to the stored one writes nothing; any difference is a new version in the history", async () => {
    const u2 = await t.newUser();
    const { exam } = await create(BLUEPRINT, u2);
    await addQuestions(t, u2, exam.id, 3);
    const ready = ok(await u2.call("exam.examUpdateStatus", { id: exam.id, ready: true, ignore_warnings: true }));
    const stored = (await get(exam.id, u2)).exam.domains;
    const before = await stateOf(exam.id);

    // The same list, its codes and names as typed with spaces around them.
    const same = stored.map((d) => ({ ...d, code: ` ${d.code}`, name: `${d.name} ` }));
    const reply = await u2.call("exam.examUpdate", {
      exam: { id: exam.id, domains: same },
      expected_version: ready.version,
    });
    expect(warningAt(reply, "exam")?.code).toBe("unchanged");
    expect(ok(reply).version).toBe(ready.version);
    expect(ok(reply).exam.status).toBe("ready");
    expect(await stateOf(exam.id)).toEqual(before);

    // A change of a weight alone: a new version, an entry with the blueprint, back to draft.
    const changed = stored.map((d, i) => ({ ...d, weight: [20, 40, 40][i]! }));
    const after = ok(await u2.call("exam.examUpdate", { exam: { id: exam.id, domains: changed } }));
    expect(after.version).toBe(ready.version + 1);
    expect(after.exam.status).toBe("draft");
    const audit = await auditRows(t, exam.id);
    expect(audit.length).toBe(before.audit + 1);
    const snapshot = audit[audit.length - 1]!.snapshot as { domains: unknown; title: string };
    expect(snapshot.domains).toEqual(changed);

    // The history page names the change (and the return to draft).
    const history = ok(await u2.call("exam.historyList", { exam_id: exam.id, object_type: "exam" })).entries;
    const changes = changesAgainstPrevious(history).get(history[0]!.id);
    expect(changes?.map((c) => c.label)).toEqual(["Status", "Blueprint"]);

    // An entry without an id is a new domain, even with the code of a stored one.
    const renew = changed.map(({ id: _id, ...d }) => d);
    const renewed = await u2.call("exam.examUpdate", { exam: { id: exam.id, domains: renew } });
    expect(ok(renewed).version).toBe(after.version + 1);
    expect(warningCodes(renewed)).not.toContain("unchanged");
    const now = (await get(exam.id, u2)).exam.domains;
    expect(now.map((d) => d.code)).toEqual(["1.0", "2.0", "3.0"]);
    expect(now.some((d) => stored.some((s) => s.id === d.id))).toBe(false);
  });

  it("refuses a domain id of another exam, an id kept twice, and a broken sum; nothing changes", async () => {
    const { exam } = await create();
    const other = await create();
    const foreign = (await get(other.exam.id)).exam.domains[0]!;
    const mine = (await get(exam.id)).exam.domains;
    await questionIn(exam.id, mine[1]!.id);
    const before = await stateOf(exam.id);

    const foreignReply = await u.call("exam.examUpdate", {
      exam: { id: exam.id, domains: [{ ...foreign, weight: 100 }] },
    });
    const issues = fails(foreignReply, -32602, "exam.domains[0].id", "unknown_domain");
    expect(issues[0]!.message).toBe(
      `domain ${foreign.id} is not a domain of exam ${exam.id}; leave id out to add a new domain, or use an id that examGet lists`,
    );
    fails(
      await u.call("exam.examUpdate", {
        exam: {
          id: exam.id,
          domains: [
            { ...mine[0]!, weight: 50 },
            { ...mine[0]!, code: "9", weight: 50 },
          ],
        },
      }),
      -32602,
      "exam.domains[1].id",
      "duplicate",
    );
    const sum = fails(
      await u.call("exam.examUpdate", { exam: { id: exam.id, title: "Not stored", domains: mine.slice(0, 2) } }),
      -32602,
      "exam.domains",
      "weights_sum",
    );
    expect(sum[0]!.message).toContain("the weights sum to 60;");
    expect(await stateOf(exam.id)).toEqual(before);
    expect((await get(other.exam.id)).exam.domains[0]).toEqual(foreign);
  });
});

describe("roles", () => {
  it("a viewer reads the blueprint and cannot change it; an editor can", async () => {
    const owner = await t.newUser();
    const workspaceId = await personalWorkspace(t.db, owner.id);
    const { exam } = await create(BLUEPRINT, owner);
    const tokenOf = async (role: "viewer" | "editor") => {
      const person = await t.newUser();
      await t.db.insert(membership).values({ workspaceId, userId: person.id, role });
      return (await createApiToken(t.db, person.id, role, null, { workspaceId })).token;
    };
    const call = async <M extends string>(token: string, method: M, params: object) =>
      (await t.post<ReplyTo<M>>({ jsonrpc: "2.0", id: 1, method, params, accessToken: token })).body;
    const viewer = await tokenOf("viewer");
    const editor = await tokenOf("editor");
    const domains = ok(await call(viewer, "exam.examGet", { id: exam.id })).exam.domains;
    expect(domains.map((d) => d.code)).toEqual(["1.0", "2.0", "3.0"]);
    const before = (await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.examId, exam.id)))[0]!.n;
    const refused = await call(viewer, "exam.examUpdate", { exam: { id: exam.id, domains: [] } });
    expect(refused.error?.code).toBe(-32003);
    expect((await get(exam.id, owner)).exam.domains).toEqual(domains);
    expect((await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.examId, exam.id)))[0]!.n).toBe(before);
    ok(await call(editor, "exam.examUpdate", { exam: { id: exam.id, domains: domains.slice(0, 0) } }));
    expect((await get(exam.id, owner)).exam.domains).toEqual([]);
  });
});
