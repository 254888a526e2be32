// Workspace administration through the web app's steps (server/web/workspace-admin.ts, what the
// server actions call), on a real database: new workspaces, invitation links (once, 7 days,
// withdrawable), roles, the last owner, removal taking access away at once, the current
// workspace of a session, and every refusal changing nothing.
import { count, eq } from "drizzle-orm";
import type { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exam, invitation, membership, workspace } from "@/db/schema";
import { createApiToken } from "@/server/auth/tokens";
import { personalWorkspace, roleIn, workspacesOf } from "@/server/data/workspaces";
import { examCreate } from "@/server/operations/exam-create";
import { examGet } from "@/server/operations/exam-get";
import { examList } from "@/server/operations/exam-list";
import type { Operation } from "@/server/operation";
import { stringifyWithRaw } from "@/server/raw-json";
import { invokeOperation } from "@/server/rpc/invoke";
import type { Method, ResultOf } from "@/server/rpc/operation-types";
import {
  acceptInvitationStep,
  changeRoleStep,
  createInvitationStep,
  createWorkspaceStep,
  deleteWorkspaceStep,
  membersPage,
  removeMemberStep,
  renameWorkspaceStep,
  withdrawInvitationStep,
  type AdminResult,
} from "@/server/web/workspace-admin";
import { createTestApp, examInput, type TestApp, type TestUser } from "../support/test-app";
import { ok } from "../support/exam-test-helpers";
import { refusalText } from "@/components/workspaces/refusal-text";
import type { Reply } from "../support/reply";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
});
afterAll(() => t.close());

function done<T extends object>(result: AdminResult<T>): T {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result.result;
}

/** A new person and a shared workspace they own. */
async function ownerWithWorkspace(name = "Team") {
  const owner = await t.newUser();
  const { workspaceId } = done(await createWorkspaceStep(t.db, owner.id, { name }));
  return { owner, workspaceId };
}

async function invite(owner: TestUser, workspaceId: number, role: string) {
  return done(await createInvitationStep(t.db, owner.id, { workspace_id: workspaceId, role })).code;
}

/** A new person who joined the workspace with `role` through an invitation. */
async function joined(owner: TestUser, workspaceId: number, role: string) {
  const person = await t.newUser();
  done(await acceptInvitationStep(t.db, person.id, { code: await invite(owner, workspaceId, role) }));
  return person;
}

/** A call as the app's server action makes it, read as its client gets it: the envelope's JSON. */
async function webCall<M extends Method>(
  userId: string,
  op: Operation<z.ZodType, object, M>,
  params: object,
  currentWorkspaceId: number | null = null,
): Promise<Reply<ResultOf<M>>> {
  const response = await invokeOperation(
    t.app,
    { userId, tokenName: null, currentWorkspaceId },
    op,
    params,
    null,
    "app",
  );
  const reply: Reply<ResultOf<M>> = JSON.parse(stringifyWithRaw(response));
  return reply;
}

const invitationCount = async (workspaceId: number) =>
  (await t.db.select({ n: count() }).from(invitation).where(eq(invitation.workspaceId, workspaceId)))[0]!.n;

describe("workspaces", () => {
  it("a new workspace is owned by its maker and listed after their own", async () => {
    const { owner, workspaceId } = await ownerWithWorkspace("  Networking team  ");
    const list = await workspacesOf(t.db, owner.id);
    expect(list.map((w) => [w.name.endsWith("(personal)") ? "own" : w.name, w.role, w.own, w.members])).toEqual([
      ["own", "owner", true, 1],
      ["Networking team", "owner", false, 1],
    ]);
    expect(list[1]!.id).toBe(workspaceId);
  });

  it("refuses a name that is empty or too long, at the name, and makes nothing", async () => {
    const owner = await t.newUser();
    for (const name of ["   ", "x".repeat(101)]) {
      const result = await createWorkspaceStep(t.db, owner.id, { name });
      expect(result.ok).toBe(false);
      if (!result.ok) expect([result.code, result.issues[0]!.path]).toEqual([-32602, "name"]);
    }
    expect((await workspacesOf(t.db, owner.id)).map((w) => w.own)).toEqual([true]);
  });

  it("an owner renames it; an editor may not", async () => {
    const { owner, workspaceId } = await ownerWithWorkspace();
    done(await renameWorkspaceStep(t.db, owner.id, { workspace_id: workspaceId, name: "Renamed" }));
    const editor = await joined(owner, workspaceId, "editor");
    const refused = await renameWorkspaceStep(t.db, editor.id, { workspace_id: workspaceId, name: "Mine now" });
    if (refused.ok) throw new Error("an editor renamed the workspace");
    // The page shows the reason as written (components/workspaces/refusal-text.ts).
    expect(refusalText(refused)).toEqual([
      "Renaming the workspace needs the owner role in this workspace; you are an editor.",
    ]);
    expect(refused).toMatchObject({
      ok: false,
      code: -32003,
      data: { reason: "renaming the workspace needs the owner role in this workspace; you are an editor" },
    });
    expect(
      (await t.db.select({ name: workspace.name }).from(workspace).where(eq(workspace.id, workspaceId)))[0]!.name,
    ).toBe("Renamed");
  });

  it("an owner deletes a shared workspace with its exams after typing its name; a person's own workspace stays", async () => {
    const { owner, workspaceId } = await ownerWithWorkspace("Doomed");
    const created = ok(await webCall(owner.id, examCreate, { exam: examInput() }, workspaceId)).exam.id;
    expect(
      await deleteWorkspaceStep(t.db, owner.id, { workspace_id: workspaceId, confirm_name: "doomed" }),
    ).toMatchObject({ ok: false, issues: [{ path: "confirm_name" }] });
    done(await deleteWorkspaceStep(t.db, owner.id, { workspace_id: workspaceId, confirm_name: "Doomed" }));
    expect(await t.db.select().from(exam).where(eq(exam.id, created))).toEqual([]);
    const own = await personalWorkspace(t.db, owner.id);
    const name = (await t.db.select({ name: workspace.name }).from(workspace).where(eq(workspace.id, own)))[0]!.name;
    expect(await deleteWorkspaceStep(t.db, owner.id, { workspace_id: own, confirm_name: name })).toMatchObject({
      ok: false,
      issues: [{ path: "workspace_id" }],
    });
  });
});

describe("invitation links", () => {
  it("join with the invitation's role, once; a member already keeps their role", async () => {
    const { owner, workspaceId } = await ownerWithWorkspace();
    const code = await invite(owner, workspaceId, "reviewer");
    const bea = await t.newUser();
    expect(done(await acceptInvitationStep(t.db, bea.id, { code }))).toMatchObject({
      workspaceId,
      role: "reviewer",
      joined: true,
    });
    const cal = await t.newUser();
    expect(await acceptInvitationStep(t.db, cal.id, { code })).toMatchObject({
      ok: false,
      code: -32602,
      issues: [{ path: "code", message: expect.stringMatching(/already used/) }],
    });
    expect(await roleIn(t.db, workspaceId, cal.id)).toBeNull();
    // An owner accepting a viewer link stays an owner, and the link stays unused.
    const viewerLink = await invite(owner, workspaceId, "viewer");
    expect(done(await acceptInvitationStep(t.db, owner.id, { code: viewerLink }))).toMatchObject({
      role: "owner",
      joined: false,
    });
    done(await acceptInvitationStep(t.db, cal.id, { code: viewerLink }));
    expect(await roleIn(t.db, workspaceId, cal.id)).toBe("viewer");
  });

  it("two people using one link at once: exactly one joins", async () => {
    const { owner, workspaceId } = await ownerWithWorkspace();
    const code = await invite(owner, workspaceId, "editor");
    const people = await Promise.all(Array.from({ length: 4 }, () => t.newUser()));
    const results = await Promise.all(people.map((p) => acceptInvitationStep(t.db, p.id, { code })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(
      (await t.db.select({ n: count() }).from(membership).where(eq(membership.workspaceId, workspaceId)))[0]!.n,
    ).toBe(2);
  });

  it("an expired, withdrawn or unknown link is refused and says why", async () => {
    const { owner, workspaceId } = await ownerWithWorkspace();
    const expired = await invite(owner, workspaceId, "editor");
    await t.db
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitation.workspaceId, workspaceId));
    const withdrawn = await invite(owner, workspaceId, "editor");
    const page = (await membersPage(t.db, owner.id, workspaceId))!;
    expect(page.invitations.map((i) => i.role)).toEqual(["editor"]);
    done(await withdrawInvitationStep(t.db, owner.id, { workspace_id: workspaceId, id: page.invitations[0]!.id }));
    expect((await membersPage(t.db, owner.id, workspaceId))!.invitations).toEqual([]);
    const person = await t.newUser();
    const why = async (code: string) => {
      const r = await acceptInvitationStep(t.db, person.id, { code });
      return r.ok ? "joined" : r.issues[0]!.message;
    };
    expect(await why(expired)).toMatch(/has expired \(links last 7 days\)/);
    expect(await why(withdrawn)).toMatch(/was withdrawn/);
    expect(await why("no-such-code")).toMatch(/not valid/);
    expect(await why("")).toBe("must not be empty");
    expect(await roleIn(t.db, workspaceId, person.id)).toBeNull();
  });

  it("only owners invite and withdraw; an outsider hears of no workspace; nothing is made", async () => {
    const { owner, workspaceId } = await ownerWithWorkspace();
    const editor = await joined(owner, workspaceId, "editor");
    await invite(owner, workspaceId, "viewer");
    const before = await invitationCount(workspaceId);
    expect(await createInvitationStep(t.db, editor.id, { workspace_id: workspaceId, role: "owner" })).toMatchObject({
      ok: false,
      code: -32003,
      data: { reason: "inviting people needs the owner role in this workspace; you are an editor" },
    });
    const outsider = await t.newUser();
    expect(await createInvitationStep(t.db, outsider.id, { workspace_id: workspaceId, role: "viewer" })).toMatchObject({
      ok: false,
      code: -32004,
    });
    expect(await createInvitationStep(t.db, owner.id, { workspace_id: workspaceId, role: "admin" })).toMatchObject({
      ok: false,
      code: -32602,
      issues: [{ path: "role" }],
    });
    expect(await invitationCount(workspaceId)).toBe(before);
    const pending = (await membersPage(t.db, owner.id, workspaceId))!.invitations;
    expect((await membersPage(t.db, editor.id, workspaceId))!.invitations).toEqual([]);
    expect(
      await withdrawInvitationStep(t.db, editor.id, { workspace_id: workspaceId, id: pending[0]!.id }),
    ).toMatchObject({ ok: false, code: -32003 });
    expect(await membersPage(t.db, outsider.id, workspaceId)).toBeNull();
  });
});

describe("members", () => {
  it("an owner changes roles; the last owner cannot stop being one or be removed", async () => {
    const { owner, workspaceId } = await ownerWithWorkspace();
    const bea = await joined(owner, workspaceId, "viewer");
    done(await changeRoleStep(t.db, owner.id, { workspace_id: workspaceId, user_id: bea.id, role: "editor" }));
    expect(await roleIn(t.db, workspaceId, bea.id)).toBe("editor");
    const lastOwner = /keeps at least one owner/;
    expect(
      await changeRoleStep(t.db, owner.id, { workspace_id: workspaceId, user_id: owner.id, role: "editor" }),
    ).toMatchObject({ ok: false, issues: [{ message: expect.stringMatching(lastOwner) }] });
    expect(await removeMemberStep(t.db, owner.id, { workspace_id: workspaceId, user_id: owner.id })).toMatchObject({
      ok: false,
      issues: [{ message: expect.stringMatching(lastOwner) }],
    });
    expect(await roleIn(t.db, workspaceId, owner.id)).toBe("owner");
    // With a second owner, the first may step down.
    done(await changeRoleStep(t.db, owner.id, { workspace_id: workspaceId, user_id: bea.id, role: "owner" }));
    done(await changeRoleStep(t.db, owner.id, { workspace_id: workspaceId, user_id: owner.id, role: "reviewer" }));
    expect(
      await changeRoleStep(t.db, owner.id, { workspace_id: workspaceId, user_id: bea.id, role: "viewer" }),
    ).toMatchObject({ ok: false, code: -32003 });
  });

  it("two owners demoting each other at once: one stays an owner", async () => {
    const { owner, workspaceId } = await ownerWithWorkspace();
    const bea = await joined(owner, workspaceId, "owner");
    const results = await Promise.all([
      changeRoleStep(t.db, owner.id, { workspace_id: workspaceId, user_id: bea.id, role: "editor" }),
      changeRoleStep(t.db, bea.id, { workspace_id: workspaceId, user_id: owner.id, role: "editor" }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const roles = await t.db
      .select({ role: membership.role })
      .from(membership)
      .where(eq(membership.workspaceId, workspaceId));
    expect(roles.map((r) => r.role).sort()).toEqual(["editor", "owner"]);
  });

  it("a removed member loses the workspace at once: its exams, its tokens, its place as current workspace", async () => {
    const { owner, workspaceId } = await ownerWithWorkspace();
    const examId = ok(await webCall(owner.id, examCreate, { exam: examInput({ title: "Shared" }) }, workspaceId)).exam
      .id;
    const bea = await joined(owner, workspaceId, "editor");
    const { token } = await createApiToken(t.db, bea.id, "team", null, { workspaceId });
    ok(await webCall(bea.id, examGet, { id: examId }));
    expect(ok(await webCall(bea.id, examList, {}, workspaceId)).exams.map((e) => e.id)).toEqual([examId]);
    done(await removeMemberStep(t.db, owner.id, { workspace_id: workspaceId, user_id: bea.id }));
    expect((await webCall(bea.id, examGet, { id: examId })).error?.code).toBe(-32004);
    const reply = await t.post({
      jsonrpc: "2.0",
      id: 1,
      method: "exam.examGet",
      params: { id: examId },
      accessToken: token,
    });
    expect(reply.body.error?.code).toBe(-32001);
    // The switcher's stale choice falls back to their own workspace.
    const mine = ok(await webCall(bea.id, examCreate, { exam: examInput({ title: "Mine" }) }, workspaceId)).exam.id;
    const [row] = await t.db.select({ workspaceId: exam.workspaceId }).from(exam).where(eq(exam.id, mine));
    expect(row!.workspaceId).toBe(await personalWorkspace(t.db, bea.id));
  });

  it("anyone may leave, but nobody leaves or is removed from their own workspace", async () => {
    const { owner, workspaceId } = await ownerWithWorkspace();
    const bea = await joined(owner, workspaceId, "viewer");
    done(await removeMemberStep(t.db, bea.id, { workspace_id: workspaceId, user_id: bea.id }));
    expect(await roleIn(t.db, workspaceId, bea.id)).toBeNull();
    // Invited into Ann's own workspace as an owner, Cal still may not remove Ann from it.
    const own = await personalWorkspace(t.db, owner.id);
    const cal = await joined(owner, own, "owner");
    expect(await removeMemberStep(t.db, cal.id, { workspace_id: own, user_id: owner.id })).toMatchObject({
      ok: false,
      issues: [{ message: expect.stringMatching(/their own workspace/) }],
    });
    // A viewer removing someone else needs the owner role.
    const dee = await joined(owner, workspaceId, "viewer");
    expect(await removeMemberStep(t.db, dee.id, { workspace_id: workspaceId, user_id: owner.id })).toMatchObject({
      ok: false,
      code: -32003,
    });
  });
});

describe("the current workspace of a session", () => {
  it("creates and lists exams there; a viewer there may not create one", async () => {
    const { owner, workspaceId } = await ownerWithWorkspace();
    const created = ok(await webCall(owner.id, examCreate, { exam: examInput({ title: "Team exam" }) }, workspaceId))
      .exam.id;
    expect(ok(await webCall(owner.id, examList, {}, workspaceId)).exams.map((e) => e.id)).toEqual([created]);
    expect(ok(await webCall(owner.id, examList, {})).exams.map((e) => e.id)).not.toContain(created);
    const viewer = await joined(owner, workspaceId, "viewer");
    const refused = await webCall(viewer.id, examCreate, { exam: examInput() }, workspaceId);
    expect([refused.error?.code, refused.errors?.[0]]).toEqual([
      -32003,
      "exam.examCreate needs the editor role or higher in this workspace; you are a viewer",
    ]);
    expect(ok(await webCall(viewer.id, examList, {}, workspaceId)).exams).toHaveLength(1);
  });
});
