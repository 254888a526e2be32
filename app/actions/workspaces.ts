"use server";
// Workspace administration as the signed-in person (server/web/workspace-admin.ts does the
// checks and writes), and the switcher's choice of the current workspace (a cookie).
import { cookies } from "next/headers";
import { revalidatePath } from "next/cache";
import { getAppContext } from "@/server/app-context";
import { roleIn } from "@/server/data/workspaces";
import {
  acceptInvitationStep,
  changeRoleStep,
  createInvitationStep,
  createWorkspaceStep,
  deleteWorkspaceStep,
  removeMemberStep,
  renameWorkspaceStep,
  withdrawInvitationStep,
  type AdminResult,
} from "@/server/web/workspace-admin";
import { workspaceSwitchParams } from "@/server/schemas/workspace";
import { getAuthor, WORKSPACE_COOKIE } from "@/server/web/session";

type Step<T extends object> = (
  db: Awaited<ReturnType<typeof getAppContext>>["db"],
  userId: string,
  raw: unknown,
) => Promise<AdminResult<T>>;

const SIGNED_OUT = {
  ok: false as const,
  code: -32001,
  message: "Unauthorized",
  issues: [{ code: "invalid_value" as const, path: "", message: "your session has ended; sign in again" }],
};

/** Runs a step as the signed-in person; every page shows the workspaces again afterwards. */
async function asAuthor<T extends object>(run: Step<T>, raw: unknown): Promise<AdminResult<T>> {
  const author = await getAuthor();
  if (!author) return SIGNED_OUT;
  const result = await run((await getAppContext()).db, author.id, raw);
  if (result.ok) revalidatePath("/", "layout");
  return result;
}

async function makeCurrent(workspaceId: number): Promise<void> {
  (await cookies()).set(WORKSPACE_COOKIE, String(workspaceId), {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 365 * 86_400,
  });
}

/** Makes the workspace the current one, when the person is a member of it. */
export async function switchWorkspace(raw: unknown): Promise<{ ok: boolean }> {
  const author = await getAuthor();
  const parsed = workspaceSwitchParams.safeParse(raw);
  if (!author || !parsed.success) return { ok: false };
  if (!(await roleIn((await getAppContext()).db, parsed.data.workspace_id, author.id))) return { ok: false };
  await makeCurrent(parsed.data.workspace_id);
  revalidatePath("/", "layout");
  return { ok: true };
}

/** A new workspace, owned by the person, made the current one. */
export async function createWorkspaceAction(raw: unknown) {
  const result = await asAuthor(createWorkspaceStep, raw);
  if (result.ok) await makeCurrent(result.workspaceId);
  return result;
}

export async function renameWorkspaceAction(raw: unknown) {
  return asAuthor(renameWorkspaceStep, raw);
}

export async function deleteWorkspaceAction(raw: unknown) {
  return asAuthor(deleteWorkspaceStep, raw);
}

export async function createInvitationAction(raw: unknown) {
  return asAuthor(createInvitationStep, raw);
}

export async function withdrawInvitationAction(raw: unknown) {
  return asAuthor(withdrawInvitationStep, raw);
}

export async function changeRoleAction(raw: unknown) {
  return asAuthor(changeRoleStep, raw);
}

export async function removeMemberAction(raw: unknown) {
  return asAuthor(removeMemberStep, raw);
}

/** Joins through an invitation link and makes that workspace the current one. */
export async function acceptInvitationAction(raw: unknown) {
  const result = await asAuthor(acceptInvitationStep, raw);
  if (result.ok) await makeCurrent(result.workspaceId);
  return result;
}
