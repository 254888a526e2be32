"use client";
// The form inside the editor's dialogs. The dialog is portalled out of the page's DOM, but React
// still bubbles its events through the component tree: without stopPropagation, submitting it
// would also submit the form the rich-text field sits in (saving the exam, the question, …).
import type { Editor } from "@tiptap/core";
import type { ReactNode } from "react";

export function DialogForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/**
 * For the dialogs' onCloseAutoFocus: back to the text, the cursor where it was, however the
 * dialog was opened (toolbar, shortcut, double click) or closed (applied, cancelled, Escape).
 */
export function returnFocusTo(editor: Editor) {
  return (event: Event) => {
    event.preventDefault();
    if (!editor.isDestroyed) editor.commands.focus();
  };
}
