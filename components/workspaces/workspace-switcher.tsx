"use client";
// The header's workspace switcher (product: Teams): the workspaces the person belongs to with
// their role in each, the current one checked; choosing one makes it current and opens its exams.
// Also the way to the members page and to a new workspace.
import { DropdownMenu } from "radix-ui";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { switchWorkspace } from "@/app/actions/workspaces";
import type { WorkspaceRole } from "@/server/schemas/workspace-roles";
import { NewWorkspaceDialog } from "./new-workspace-dialog";
import { callAction } from "@/components/lib/call-action";

export interface WorkspaceOption {
  id: number;
  name: string;
  role: WorkspaceRole;
  own: boolean;
}

const ITEM =
  "flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100";

export function WorkspaceSwitcher({ current, all }: { current: WorkspaceOption; all: WorkspaceOption[] }) {
  const router = useRouter();
  const [creating, setCreating] = useState(false);

  async function choose(id: number) {
    if (id === current.id) return;
    if ((await callAction(() => switchWorkspace({ workspace_id: id }))).ok) {
      router.push("/exams");
      router.refresh();
    }
  }

  return (
    <>
      {/* Not modal: a modal menu hides the page from screen readers with aria-hidden while
          leaving its links and buttons focusable (axe: aria-hidden-focus); a menu needs neither. */}
      <DropdownMenu.Root modal={false}>
        {/* Named by what it shows (WCAG 2.5.3, label in name: a spoken "Acme editor" finds it),
            with words for screen readers around it; the menu button's role says it opens a menu.
            The header gives it a row of its own on a phone; a name longer than that is truncated,
            never the role or the arrow. */}
        <DropdownMenu.Trigger
          className="flex max-w-full min-w-0 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 hover:bg-slate-50 sm:max-w-64 xl:max-w-80"
          data-testid="workspace-switcher"
        >
          <span className="sr-only">Workspace: </span>
          <span className="truncate" data-testid="workspace-name">
            {current.name}
          </span>{" "}
          <span className="shrink-0 text-xs text-slate-500">{current.role}</span>
          <span className="sr-only">, switch workspace</span>
          <span aria-hidden className="shrink-0 text-slate-400">
            ▾
          </span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="start"
            sideOffset={4}
            className="z-50 w-72 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
          >
            <DropdownMenu.Label className="px-2 py-1 text-xs font-medium text-slate-500">Workspaces</DropdownMenu.Label>
            <DropdownMenu.RadioGroup value={String(current.id)} onValueChange={(v) => void choose(Number(v))}>
              {all.map((w) => (
                <DropdownMenu.RadioItem key={w.id} value={String(w.id)} className={ITEM}>
                  <span className="w-4 shrink-0 text-brand-700">
                    <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
                  </span>
                  <span className="min-w-0 flex-1 truncate">{w.name}</span>
                  <span className="shrink-0 text-xs text-slate-500">{w.role}</span>
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Item asChild className={ITEM}>
              <Link href="/settings/workspace">Members and invitations</Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item className={ITEM} onSelect={() => setCreating(true)}>
              New workspace…
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <NewWorkspaceDialog open={creating} onOpenChange={setCreating} current={current} />
    </>
  );
}
