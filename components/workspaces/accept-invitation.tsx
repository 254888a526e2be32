"use client";
// Joins the invitation's workspace (or, for a member already, only makes it current) and opens
// its exams.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { acceptInvitationAction } from "@/app/actions/workspaces";
import { Button } from "../ui/button";
import { FieldMessageList } from "../ui/field";
import { refusalText } from "./refusal-text";
import { callAction } from "@/components/lib/call-action";

export function AcceptInvitation({ code, label }: { code: string; label: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  async function accept() {
    setBusy(true);
    const answer = await callAction(() => acceptInvitationAction({ code }));
    if (!answer.ok) {
      setBusy(false);
      setErrors(refusalText(answer));
      return;
    }
    router.push("/exams");
    router.refresh();
  }

  return (
    <div className="mt-5 flex flex-col gap-2">
      <Button variant="primary" disabled={busy} onClick={() => void accept()}>
        {label}
      </Button>
      <FieldMessageList errors={errors} />
    </div>
  );
}
