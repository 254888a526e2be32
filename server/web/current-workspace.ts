// The current workspace of the web app (product: "everything they see and do is in the current
// workspace"): the one the header's switcher chose, while the person is still a member of it,
// else their own. The same choice callerWorkspace makes for examCreate and examList.
import "server-only";
import { personalWorkspace, workspacesOf, type WorkspaceSummary } from "../data/workspaces";
import { getAppContext } from "../app-context";
import type { Author } from "./session";

export interface WorkspaceChoice {
  current: WorkspaceSummary;
  all: WorkspaceSummary[];
}

export async function currentWorkspace(author: Author): Promise<WorkspaceChoice> {
  const { db } = await getAppContext();
  let all = await workspacesOf(db, author.id);
  if (!all.some((w) => w.own)) {
    await personalWorkspace(db, author.id);
    all = await workspacesOf(db, author.id);
  }
  const current = all.find((w) => w.id === author.chosenWorkspaceId) ?? all.find((w) => w.own) ?? all[0]!;
  return { current, all };
}
