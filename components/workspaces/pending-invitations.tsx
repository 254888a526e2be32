"use client";
// The invitation links not yet used, withdrawn or expired; an owner withdraws one that should no
// longer work.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { withdrawInvitationAction } from "@/app/actions/workspaces";
import type { WorkspaceRole } from "@/server/schemas/workspace-roles";
import { Button } from "../ui/button";
import { FieldMessageList } from "../ui/field";
import { formatDateTime } from "../ui/format";
import { DataTable } from "../ui/table-frame";
import { refusalText } from "./refusal-text";
import { ROLE_LABEL } from "./role-text";
import { callAction } from "@/components/lib/call-action";

export interface InvitationRow {
  id: number;
  role: WorkspaceRole;
  createdAt: string;
  expiresAt: string;
  createdBy: string | null;
}

export function PendingInvitations({
  workspaceId,
  invitations,
}: {
  workspaceId: number;
  invitations: InvitationRow[];
}) {
  const router = useRouter();
  const [errors, setErrors] = useState<string[]>([]);

  async function withdraw(id: number) {
    const answer = await callAction(() => withdrawInvitationAction({ workspace_id: workspaceId, id }));
    setErrors(answer.ok ? [] : refusalText(answer));
    router.refresh();
  }

  return (
    <section aria-labelledby="pending-heading">
      <h2 id="pending-heading" className="font-medium">
        Pending invitations
      </h2>
      <FieldMessageList errors={errors} />
      {invitations.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">None: every link made here was used, withdrawn or has expired.</p>
      ) : (
        <DataTable className="mt-2" minWidth="min-w-[36rem]" columns={["Role", "Made by", "Made", "Expires", ""]}>
          {invitations.map((i) => (
            <tr key={i.id} className="border-t border-slate-200" data-testid="invitation-row">
              <td className="px-3 py-2">{ROLE_LABEL[i.role]}</td>
              <td className="px-3 py-2">{i.createdBy ?? "—"}</td>
              <td className="px-3 py-2">{formatDateTime(i.createdAt)}</td>
              <td className="px-3 py-2">{formatDateTime(i.expiresAt)}</td>
              <td className="px-3 py-2 text-right">
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => void withdraw(i.id)}
                  aria-label={`Withdraw the ${i.role} invitation made ${formatDateTime(i.createdAt)}`}
                >
                  Withdraw
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
