"use client";
// Sets, changes or removes the link on the selected text (fields with links only, contract 9.3).
import type { Editor } from "@tiptap/core";
import { useState } from "react";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Field, Input } from "../ui/field";
import { DialogForm, returnFocusTo } from "./dialog-form";
import { completeHref, isLinkHref } from "./urls";

export interface EditorDialogProps {
  editor: Editor;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function LinkDialog({ editor, open, onOpenChange }: EditorDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={returnFocusTo(editor)}
      title="Link"
      description="Links open the address in the candidate's browser."
    >
      {/* Mounted per opening, so the form starts from the link under the cursor. */}
      {open && <LinkForm editor={editor} close={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function LinkForm({ editor, close }: { editor: Editor; close: () => void }) {
  const existing = (editor.getAttributes("link").href as string | undefined) ?? "";
  const [href, setHref] = useState(existing);
  const [error, setError] = useState<string | null>(null);

  function apply() {
    const value = completeHref(href);
    if (value === "") return remove();
    if (!isLinkHref(value)) {
      setError("Enter an address starting with https://, http:// or mailto:, or a path on this site such as /exams.");
      return;
    }
    const { empty } = editor.state.selection;
    if (empty && !editor.isActive("link")) {
      // Nothing selected: the address itself becomes the linked text.
      editor
        .chain()
        .insertContent({ type: "text", text: value, marks: [{ type: "link", attrs: { href: value } }] })
        .run();
    } else {
      editor.chain().extendMarkRange("link").setLink({ href: value }).run();
    }
    close();
  }

  function remove() {
    editor.chain().extendMarkRange("link").unsetLink().run();
    close();
  }

  return (
    <DialogForm onSubmit={apply}>
      <Field
        label="Address"
        help="For example https://example.com, mailto:someone@example.com or /exams."
        errors={error ? [error] : []}
      >
        {(a) => (
          <Input {...a} type="text" inputMode="url" autoFocus value={href} onChange={(e) => setHref(e.target.value)} />
        )}
      </Field>
      <div className="flex justify-end gap-2">
        {existing && (
          <Button variant="ghost" onClick={remove} className="mr-auto">
            Remove link
          </Button>
        )}
        <Button onClick={close}>Cancel</Button>
        <Button type="submit" variant="primary">
          Apply
        </Button>
      </div>
    </DialogForm>
  );
}
