"use client";
// An owner makes an invitation link for one role. The link is shown once, with a copy button:
// only its hash is stored, like an API token's. It works once and lasts 7 days.
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { createInvitationAction } from "@/app/actions/workspaces";
import { WORKSPACE_ROLES, type WorkspaceRole } from "@/server/schemas/workspace-roles";
import { Button } from "../ui/button";
import { CopyButton } from "../ui/copy-button";
import { FieldMessageList, Select } from "../ui/field";
import { formatDateTime } from "../ui/format";
import { refusalText } from "./refusal-text";
import { ROLE_CAN, ROLE_LABEL, withArticle } from "./role-text";
import { callAction } from "@/components/lib/call-action";

export function InvitePeople({ workspaceId, origin }: { workspaceId: number; origin: string }) {
  const router = useRouter();
  const [role, setRole] = useState<WorkspaceRole>("editor");
  const [made, setMade] = useState<{ url: string; role: WorkspaceRole; expiresAt: string } | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  async function invite(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const answer = await callAction(() => createInvitationAction({ workspace_id: workspaceId, role }));
    setBusy(false);
    if (!answer.ok) {
      setErrors(refusalText(answer));
      return;
    }
    setErrors([]);
    setMade({ url: `${origin}/invite/${answer.result.code}`, role, expiresAt: answer.result.expiresAt });
    router.refresh();
  }

  return (
    <section aria-labelledby="invite-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="invite-heading" className="font-medium">
        Invite people
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Make a link for one role and send it to the person. It works once and expires after 7 days.
      </p>
      <form onSubmit={invite} className="mt-3 flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-800">
          Role
          <Select
            value={role}
            onChange={(e) => setRole(e.target.value as WorkspaceRole)}
            className="w-44"
            data-testid="invite-role"
          >
            {[...WORKSPACE_ROLES].reverse().map((r) => (
              <option key={r} value={r}>
                {ROLE_LABEL[r]}
              </option>
            ))}
          </Select>
        </label>
        <Button type="submit" variant="primary" disabled={busy}>
          Create invitation link
        </Button>
        <p className="basis-full text-xs text-slate-500">
          {ROLE_LABEL[role]}s can {ROLE_CAN[role]}.
        </p>
      </form>
      <FieldMessageList errors={errors} />
      {made && (
        <div className="mt-4 rounded-md border border-emerald-200 bg-emerald-50 p-3" role="status">
          <p className="text-sm text-emerald-900">
            Invitation link for {withArticle(made.role)}, until {formatDateTime(made.expiresAt)}. Copy it now: it will
            not be shown again.
          </p>
          <div className="mt-2 flex items-center gap-2">
            <code data-testid="invitation-link" className="rounded bg-white px-2 py-1 font-mono text-sm break-all">
              {made.url}
            </code>
            <CopyButton text={made.url} label="Copy link" />
          </div>
        </div>
      )}
    </section>
  );
}
