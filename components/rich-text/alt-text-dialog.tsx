"use client";
// The alternative text of the selected image: what a screen reader says instead of the picture.
import type { Editor } from "@tiptap/core";
import { useState } from "react";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Field, Input } from "../ui/field";
import { DialogForm, returnFocusTo } from "./dialog-form";
import type { EditorDialogProps } from "./link-dialog";

export function AltTextDialog({ editor, open, onOpenChange }: EditorDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={returnFocusTo(editor)}
      title="Image description (alt text)"
    >
      {open && <AltTextForm editor={editor} close={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function AltTextForm({ editor, close }: { editor: Editor; close: () => void }) {
  const [alt, setAlt] = useState((editor.getAttributes("image").alt as string | null | undefined) ?? "");

  function save() {
    editor.chain().updateAttributes("image", { alt: alt.trim() }).run();
    close();
  }

  return (
    <DialogForm onSubmit={save}>
      <Field
        label="Alt text"
        help="Say what the image shows for someone who cannot see it. Leave it empty only when the image is decoration."
      >
        {(a) => <Input {...a} autoFocus value={alt} onChange={(e) => setAlt(e.target.value)} />}
      </Field>
      <div className="flex justify-end gap-2">
        <Button onClick={close}>Cancel</Button>
        <Button type="submit" variant="primary">
          Save
        </Button>
      </div>
    </DialogForm>
  );
}
