"use client";
// Ctrl+S (⌘S on a Mac) in an editor with a Save button presses that button, instead of the
// browser's "Save page" dialog. Pressing the button itself (not calling the save directly) keeps
// one path: the form's own submit handler runs, and nothing happens while the button is disabled
// (saving, nothing to save, errors to fix) or hidden behind an open dialog.
import { useEffect, type RefObject } from "react";

/** Ctrl+S or ⌘S, without Shift (Ctrl+Shift+S is strikethrough in the text) or Alt. */
export function isSaveShortcut(
  event: Pick<KeyboardEvent, "key" | "code" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey">,
): boolean {
  if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey) return false;
  if (event.key.toLowerCase() === "s") return true;
  // A layout without Latin letters (Cyrillic, Greek): the key where S is, as browsers do.
  return event.code === "KeyS" && !/^[a-z]$/i.test(event.key);
}

export function useSaveShortcut(saveButton: RefObject<HTMLButtonElement | null>): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isSaveShortcut(event)) return;
      // The page is never saved as a file from an editor, even when there is nothing to save now.
      event.preventDefault();
      const button = saveButton.current;
      // A held key repeats: one save. A modal dialog hides the rest of the page (aria-hidden).
      if (event.repeat || !button || button.closest('[aria-hidden="true"]')) return;
      button.click();
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [saveButton]);
}
