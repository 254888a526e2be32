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
import { notFound } from "@/server/errors";
import { actionStep } from "@/server/web/action-step";
import { asAuthor } from "@/server/web/as-author";
import { WORKSPACE_COOKIE } from "@/server/web/session";

type Step<T extends object> = (
  db: Awaited<ReturnType<typeof getAppContext>>["db"],
  userId: string,
  raw: unknown,
) => Promise<AdminResult<T>>;

/** Runs a step as the signed-in person; every page shows the workspaces again afterwards. */
async function runStep<T extends object>(run: Step<T>, raw: unknown): Promise<AdminResult<T>> {
  return asAuthor(async (author) => {
    const result = await run((await getAppContext()).db, author.id, raw);
    if (result.ok) revalidatePath("/", "layout");
    return result;
  });
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
export async function switchWorkspace(raw: unknown) {
  return asAuthor(async (author) =>
    actionStep(workspaceSwitchParams, raw, async ({ workspace_id }) => {
      if (!(await roleIn((await getAppContext()).db, workspace_id, author.id)))
        throw notFound("workspace", "workspace_id", workspace_id);
      await makeCurrent(workspace_id);
      revalidatePath("/", "layout");
      return {};
    }),
  );
}

/** A new workspace, owned by the person, made the current one. */
export async function createWorkspaceAction(raw: unknown) {
  const result = await runStep(createWorkspaceStep, raw);
  if (result.ok) await makeCurrent(result.result.workspaceId);
  return result;
}

export async function renameWorkspaceAction(raw: unknown) {
  return runStep(renameWorkspaceStep, raw);
}

export async function deleteWorkspaceAction(raw: unknown) {
  return runStep(deleteWorkspaceStep, raw);
}

export async function createInvitationAction(raw: unknown) {
  return runStep(createInvitationStep, raw);
}

export async function withdrawInvitationAction(raw: unknown) {
  return runStep(withdrawInvitationStep, raw);
}

export async function changeRoleAction(raw: unknown) {
  return runStep(changeRoleStep, raw);
}

export async function removeMemberAction(raw: unknown) {
  return runStep(removeMemberStep, raw);
}

/** Joins through an invitation link and makes that workspace the current one. */
export async function acceptInvitationAction(raw: unknown) {
  const result = await runStep(acceptInvitationStep, raw);
  if (result.ok) await makeCurrent(result.result.workspaceId);
  return result;
}
