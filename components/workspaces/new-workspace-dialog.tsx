"use client";
// Names a new workspace; the person becomes its owner and it becomes the current one. Said before
// (the description) and after (the new workspace's exam list opens with a notice naming it, where
// the person's exams are and that the switcher goes back): an empty list must not look like exams
// gone missing (docs/decisions.md, "A new workspace says where you are").
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { createWorkspaceAction } from "@/app/actions/workspaces";
import { WORKSPACE_NAME_MAX } from "@/server/schemas/workspace";
import { newWorkspaceUrl } from "./new-workspace-notice";
import { refusalText } from "./refusal-text";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Field, Input } from "../ui/field";
import { callAction } from "@/components/lib/call-action";

export function NewWorkspaceDialog({
  open,
  onOpenChange,
  current,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The workspace the person is in now, which they leave for the new one. */
  current: { id: number; name: string };
}) {
  const router = useRouter();
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  async function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const answer = await callAction(() => createWorkspaceAction({ name }));
    setBusy(false);
    if (!answer.ok) {
      setErrors(refusalText(answer));
      return;
    }
    setErrors([]);
    setName("");
    onOpenChange(false);
    router.push(newWorkspaceUrl(current.id));
    router.refresh();
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="New workspace"
      description="A place to write exams with others. You will be its owner and can invite people to it."
    >
      <p className="mb-3 text-sm text-slate-600" data-testid="new-workspace-switch-note">
        You will switch to it at once, so its exam list starts empty. Your exams stay in{" "}
        <strong className="font-medium text-slate-900">{current.name}</strong>; the workspace menu takes you back.
      </p>
      <form onSubmit={create} className="flex flex-col gap-3">
        <Field label="Name" errors={errors}>
          {(a) => (
            <Input
              {...a}
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder="e.g. Networking team"
              maxLength={WORKSPACE_NAME_MAX}
              autoFocus
            />
          )}
        </Field>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy}>
            Create workspace
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
