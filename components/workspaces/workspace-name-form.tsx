"use client";
// An owner renames the workspace (the switcher and the API keys list show the name).
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { renameWorkspaceAction } from "@/app/actions/workspaces";
import { WORKSPACE_NAME_MAX } from "@/server/schemas/workspace";
import { Button } from "../ui/button";
import { Field, Input } from "../ui/field";
import { refusalText } from "./refusal-text";
import { callAction } from "@/components/lib/call-action";

export function WorkspaceNameForm({ workspaceId, name: stored }: { workspaceId: number; name: string }) {
  const router = useRouter();
  const [name, setName] = useState(stored);
  const [errors, setErrors] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);

  async function rename(event: FormEvent) {
    event.preventDefault();
    const answer = await callAction(() => renameWorkspaceAction({ workspace_id: workspaceId, name }));
    setErrors(answer.ok ? [] : refusalText(answer));
    setSaved(answer.ok);
    if (answer.ok) router.refresh();
  }

  return (
    <form onSubmit={rename} className="flex flex-wrap items-start gap-2">
      <Field label="Workspace name" errors={errors} className="w-full sm:w-96">
        {(a) => (
          <Input
            {...a}
            value={name}
            maxLength={WORKSPACE_NAME_MAX}
            onChange={(e) => (setName(e.target.value), setSaved(false))}
          />
        )}
      </Field>
      <Button type="submit" disabled={name.trim() === stored} className="sm:mt-6">
        Rename
      </Button>
      {saved && (
        <span role="status" className="text-sm text-emerald-700 sm:mt-8">
          Renamed.
        </span>
      )}
    </form>
  );
}
