"use client";
// "New case study", or the same button disabled with the reason when the person's role does not
// allow changes (a client piece of the server-rendered case study list).
import { Plus } from "lucide-react";
import Link from "next/link";
import { useRoleBlock } from "@/components/workspaces/role-context";
import { Button, buttonClass } from "../ui/button";

export function NewCaseStudyButton({ examId }: { examId: number }) {
  const blocked = useRoleBlock("write");
  if (blocked) {
    return (
      <Button variant="primary" disabled title={blocked}>
        <Plus aria-hidden className="size-4" />
        New case study
      </Button>
    );
  }
  return (
    <Link href={`/exams/${examId}/case-studies/new`} className={buttonClass("primary")}>
      <Plus aria-hidden className="size-4" />
      New case study
    </Link>
  );
}
