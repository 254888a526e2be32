// Workspaces as they stand (issue 17, part 2, first step): each person's own workspace, made once
// however many first requests race for it; new exams and tokens go into it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { apiToken, exam, membership, user, workspace } from "@/db/schema";
import { createApiToken } from "@/server/auth/tokens";
import { personalWorkspace } from "@/server/data/workspaces";
import { createTestApp, type TestApp } from "../support/test-app";
import { newExam } from "../support/exam-test-helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("personal workspaces", () => {
  it("is made once, with the person as its only owner, even when first asked for many times at once", async () => {
    const id = randomUUID();
    await t.db.insert(user).values({ id, name: "  Dee  ", email: `${id}@example.test` });
    const ids = await Promise.all(Array.from({ length: 8 }, () => personalWorkspace(t.db, id)));
    expect(new Set(ids).size).toBe(1);
    const [own] = await t.db.select().from(workspace).where(eq(workspace.personalOf, id));
    expect([own!.id, own!.name]).toEqual([ids[0], "Dee (personal)"]);
    expect(
      await t.db
        .select({ userId: membership.userId, role: membership.role })
        .from(membership)
        .where(eq(membership.workspaceId, own!.id)),
    ).toEqual([{ userId: id, role: "owner" }]);
  });

  it("holds the person's new exams and tokens; tokens have write scope unless made otherwise", async () => {
    const u = await t.newUser();
    const own = await personalWorkspace(t.db, u.id);
    const created = await newExam(u);
    expect(
      (await t.db.select({ workspaceId: exam.workspaceId }).from(exam).where(eq(exam.id, created.id)))[0]!.workspaceId,
    ).toBe(own);
    const read = await createApiToken(t.db, u.id, "reader", null, { scope: "read" });
    const tokens = await t.db
      .select({ id: apiToken.id, workspaceId: apiToken.workspaceId, scope: apiToken.scope })
      .from(apiToken)
      .where(eq(apiToken.userId, u.id));
    expect(tokens.map((k) => [k.workspaceId, k.scope]).sort()).toEqual([
      [own, "read"],
      [own, "write"],
    ]);
    expect(tokens.some((k) => k.id === read.id)).toBe(true);
  });

  it("refuses to make one for nobody", async () => {
    await expect(personalWorkspace(t.db, "no-such-user")).rejects.toThrow(/no user/);
  });
});
