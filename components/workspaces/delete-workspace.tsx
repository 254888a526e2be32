"use client";
// An owner deletes a shared workspace with all its exams, after typing its name. A person's own
// workspace stays (the page does not offer this for it).
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { deleteWorkspaceAction } from "@/app/actions/workspaces";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Field, Input } from "../ui/field";
import { refusalText } from "./refusal-text";
import { callAction } from "@/components/lib/call-action";

export function DeleteWorkspace({ workspaceId, name, exams }: { workspaceId: number; name: string; exams: number }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [errors, setErrors] = useState<string[]>([]);

  async function remove(event: FormEvent) {
    event.preventDefault();
    const answer = await callAction(() => deleteWorkspaceAction({ workspace_id: workspaceId, confirm_name: typed }));
    if (!answer.ok) {
      setErrors(refusalText(answer));
      return;
    }
    setOpen(false);
    router.push("/exams");
    router.refresh();
  }

  return (
    <section aria-labelledby="delete-heading" className="rounded-lg border border-red-200 bg-white p-4">
      <h2 id="delete-heading" className="font-medium text-red-800">
        Delete this workspace
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {exams === 0
          ? "Deletes it"
          : exams === 1
            ? "Deletes its exam, with its questions, case studies and history,"
            : `Deletes its ${exams} exams, with their questions, case studies and history,`}{" "}
        with its invitations and every token made for it. This cannot be undone.
      </p>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        trigger={
          <Button variant="danger" className="mt-3">
            Delete workspace…
          </Button>
        }
        title={`Delete "${name}"?`}
        description="Type the workspace's name to confirm."
      >
        <form onSubmit={remove} className="flex flex-col gap-3">
          <Field label="Workspace name" errors={errors}>
            {(a) => <Input {...a} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />}
          </Field>
          <div className="flex justify-end gap-2">
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button type="submit" variant="danger" disabled={typed.trim() !== name}>
              Delete workspace
            </Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
