"use client";
// "Are you sure?" before anything destructive (Radix AlertDialog: focus trapped, Escape cancels).
import { AlertDialog } from "radix-ui";
import type { ReactNode } from "react";
import { Button } from "./button";

export interface ConfirmDialogProps {
  /** Opens the dialog; leave it out and pass `open` / `onOpenChange` to control it instead. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void | Promise<void>;
  destructive?: boolean;
  /** "pending": the confirm button waits (disabled); "refused": there is nothing to confirm, only
   *  Close (the description says why). A dialog must not offer an action that will be refused. */
  confirmState?: "ready" | "pending" | "refused";
}

export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  destructive = true,
  confirmState = "ready",
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,90vw)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-5 shadow-xl">
          <AlertDialog.Title className="text-base font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 text-sm text-slate-600">{description}</div>
          </AlertDialog.Description>
          <div className="mt-5 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button>{confirmState === "refused" ? "Close" : "Cancel"}</Button>
            </AlertDialog.Cancel>
            {confirmState !== "refused" && (
              <AlertDialog.Action asChild>
                <Button
                  variant={destructive ? "danger" : "primary"}
                  disabled={confirmState === "pending"}
                  onClick={() => void onConfirm()}
                >
                  {confirmLabel}
                </Button>
              </AlertDialog.Action>
            )}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
