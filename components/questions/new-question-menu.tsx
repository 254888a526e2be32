"use client";
// "New question": a menu of the seven types, each opening the editor for that type.
import { ChevronDown, Plus } from "lucide-react";
import Link from "next/link";
import { DropdownMenu } from "radix-ui";
import { buttonClass } from "../ui/button";
import { QUESTION_TYPES } from "./question-types";
import { useRoleBlock } from "@/components/workspaces/role-context";

export function NewQuestionMenu({ examId }: { examId: number }) {
  const blocked = useRoleBlock("write");
  return (
    // Not modal, like the workspace switcher (workspace-switcher.tsx says why).
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={buttonClass("primary")} disabled={blocked !== null} title={blocked ?? undefined}>
        <Plus aria-hidden className="size-4" />
        New question
        <ChevronDown aria-hidden className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 w-72 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-medium text-slate-500">
            Question type
          </DropdownMenu.Label>
          {QUESTION_TYPES.map(({ type, name, hint, icon: Icon }) => (
            <DropdownMenu.Item key={type} asChild>
              <Link
                href={`/exams/${examId}/questions/new?type=${type}`}
                className="flex items-start gap-2.5 rounded px-2 py-1.5 text-sm text-slate-800 outline-none data-highlighted:bg-brand-50 data-highlighted:text-brand-700"
              >
                <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-500" />
                <span className="flex flex-col">
                  <span className="font-medium">{name}</span>
                  <span className="text-xs text-slate-500">{hint}</span>
                </span>
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
