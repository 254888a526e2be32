"use client";
// The workspace's members with their roles. An owner changes roles and removes members; anyone
// can leave. What would leave the workspace without an owner, or take a person out of their own
// workspace, is not offered, and says why (the server refuses it anyway).
import { useRouter } from "next/navigation";
import { useState } from "react";
import { changeRoleAction, removeMemberAction } from "@/app/actions/workspaces";
import { WORKSPACE_ROLES, type WorkspaceRole } from "@/server/schemas/workspace-roles";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { FieldMessageList, Select } from "../ui/field";
import { formatDateTime } from "../ui/format";
import { DataTable } from "../ui/table-frame";
import { refusalText } from "./refusal-text";
import { callAction } from "@/components/lib/call-action";
import type { ActionOutcome } from "@/server/web/action-outcome";
import { ROLE_LABEL } from "./role-text";

export interface MemberRow {
  userId: string;
  email: string;
  name: string;
  role: WorkspaceRole;
  joinedAt: string;
}

export interface MemberListProps {
  workspaceId: number;
  workspaceName: string;
  members: MemberRow[];
  me: string;
  /** Whose own workspace this is (they stay in it), or null for a shared one. */
  personalOf: string | null;
  manage: boolean;
}

export function MemberList({ workspaceId, workspaceName, members, me, personalOf, manage }: MemberListProps) {
  const router = useRouter();
  const [errors, setErrors] = useState<string[]>([]);
  const owners = members.filter((m) => m.role === "owner").length;

  /** Why the member's role or membership may not change, or null. */
  const held = (m: MemberRow, removing: boolean): string | null => {
    if (removing && m.userId === personalOf)
      return `This is ${m.userId === me ? "your" : "their"} own workspace; ${m.userId === me ? "you stay" : "they stay"} a member of it.`;
    if (m.role === "owner" && owners === 1) return "The only owner: make someone else an owner first.";
    return null;
  };

  async function run(send: () => Promise<ActionOutcome<object>>, leaving = false) {
    const done = await callAction(send);
    if (!done.ok) {
      setErrors(refusalText(done));
      return;
    }
    setErrors([]);
    if (leaving) router.push("/exams");
    router.refresh();
  }

  return (
    <section aria-labelledby="members-heading">
      <h2 id="members-heading" className="font-medium">
        Members ({members.length})
      </h2>
      <FieldMessageList errors={errors} />
      <DataTable className="mt-2" minWidth="min-w-[40rem]" columns={["Name", "Email", "Role", "Joined", ""]}>
        {members.map((m) => {
          const roleHeld = held(m, false);
          const removeHeld = held(m, true);
          const self = m.userId === me;
          return (
            <tr key={m.userId} className="border-t border-slate-200" data-testid="member-row">
              <td className="px-3 py-2">
                {m.name || "—"}
                {self && <span className="ml-1 text-xs text-slate-500">(you)</span>}
              </td>
              <td className="px-3 py-2">{m.email}</td>
              <td className="px-3 py-2">
                {manage ? (
                  <Select
                    aria-label={`Role of ${m.email}`}
                    value={m.role}
                    disabled={roleHeld !== null}
                    title={roleHeld ?? undefined}
                    className="w-36"
                    onChange={(e) =>
                      void run(() =>
                        changeRoleAction({ workspace_id: workspaceId, user_id: m.userId, role: e.target.value }),
                      )
                    }
                  >
                    {[...WORKSPACE_ROLES].reverse().map((r) => (
                      <option key={r} value={r}>
                        {ROLE_LABEL[r]}
                      </option>
                    ))}
                  </Select>
                ) : (
                  ROLE_LABEL[m.role]
                )}
                {manage && roleHeld && <span className="block text-xs text-slate-500">{roleHeld}</span>}
              </td>
              <td className="px-3 py-2">{formatDateTime(m.joinedAt)}</td>
              <td className="px-3 py-2 text-right">
                {(manage || self) &&
                  (removeHeld ? (
                    <Button size="sm" variant="ghost" disabled title={removeHeld}>
                      {self ? "Leave" : "Remove"}
                    </Button>
                  ) : (
                    <ConfirmDialog
                      trigger={
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={self ? `Leave ${workspaceName}` : `Remove ${m.email}`}
                        >
                          {self ? "Leave" : "Remove"}
                        </Button>
                      }
                      title={self ? `Leave "${workspaceName}"?` : `Remove ${m.email}?`}
                      description={
                        self
                          ? "You will no longer see its exams, and your tokens for it stop working. An owner can invite you again."
                          : "They will no longer see its exams, at once, and their tokens for it stop working. You can invite them again."
                      }
                      confirmLabel={self ? "Leave workspace" : "Remove member"}
                      onConfirm={() =>
                        run(() => removeMemberAction({ workspace_id: workspaceId, user_id: m.userId }), self)
                      }
                    />
                  ))}
              </td>
            </tr>
          );
        })}
      </DataTable>
    </section>
  );
}
