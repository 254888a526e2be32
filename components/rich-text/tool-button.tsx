"use client";
// One icon button of the editor toolbar: named by aria-label, pressed state for toggles, the
// keyboard shortcut in its tooltip and in aria-keyshortcuts.
import type { LucideIcon } from "lucide-react";
import { Toolbar } from "radix-ui";
import { useSyncExternalStore } from "react";
import { cn } from "../ui/cn";
import { shortcutText } from "./toolbar-actions";

export const TOOL_BUTTON_CLASS =
  "inline-flex h-8 w-7 shrink-0 items-center justify-center rounded text-slate-700 hover:bg-slate-100 disabled:text-slate-300 disabled:hover:bg-transparent aria-pressed:bg-brand-100 aria-pressed:text-brand-700";

const noSubscription = () => () => {};
function useIsMac(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => /Mac|iPhone|iPad/.test(navigator.platform),
    () => false,
  );
}

export interface ToolButtonProps {
  label: string;
  icon: LucideIcon;
  shortcut?: string;
  /** Omitted for plain buttons (no aria-pressed). */
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
}

export function ToolButton({ label, icon: Icon, shortcut, pressed, disabled, onClick }: ToolButtonProps) {
  const mac = useIsMac();
  return (
    <Toolbar.Button
      aria-label={label}
      title={shortcut ? `${label} (${shortcutText(shortcut, mac)})` : label}
      aria-keyshortcuts={shortcut?.replace("Mod", mac ? "Meta" : "Control")}
      aria-pressed={pressed}
      disabled={disabled}
      // Keeps the focus (and the selection) in the text when the button is clicked.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cn(TOOL_BUTTON_CLASS)}
    >
      <Icon aria-hidden className="size-4" />
    </Toolbar.Button>
  );
}
