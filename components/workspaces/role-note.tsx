// Above an exam's pages, for a reviewer or viewer: what their role lets them do here, so that the
// disabled controls are no surprise.
import type { WorkspaceRole } from "@/server/schemas/workspace-roles";
import { ROLE_CAN, withArticle } from "./role-text";

export function RoleNote({ role, workspace }: { role: WorkspaceRole; workspace: string }) {
  if (role === "editor" || role === "owner") return null;
  return (
    <p
      className="mb-4 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700"
      data-testid="role-note"
    >
      You are {withArticle(role)} in <strong className="font-medium">{workspace}</strong>: you can {ROLE_CAN[role]}.
      Changing this exam needs the editor role.
    </p>
  );
}
