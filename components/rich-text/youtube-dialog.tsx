"use client";
// Embeds a YouTube video from the address people copy (watch?v=…, youtu.be/…), stored as the
// privacy-enhanced embed address the policy accepts (contract 9.3).
import { useState } from "react";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Field, Input } from "../ui/field";
import { DialogForm, returnFocusTo } from "./dialog-form";
import type { EditorDialogProps } from "./link-dialog";
import { youtubeEmbedUrl } from "./urls";

export function YoutubeDialog({ editor, open, onOpenChange }: EditorDialogProps) {
  const [address, setAddress] = useState("");
  const [error, setError] = useState<string | null>(null);

  function change(next: boolean) {
    if (next) {
      setAddress("");
      setError(null);
    }
    onOpenChange(next);
  }

  function insert() {
    const src = youtubeEmbedUrl(address);
    if (!src) {
      setError(
        "Enter the address of a YouTube video, such as https://www.youtube.com/watch?v=… or https://youtu.be/….",
      );
      return;
    }
    editor.chain().setYoutubeVideo({ src }).run();
    onOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={change} onCloseAutoFocus={returnFocusTo(editor)} title="YouTube video">
      <DialogForm onSubmit={insert}>
        <Field
          label="Video address"
          help="A start time in the address (t=90 or t=1m30s) is kept."
          errors={error ? [error] : []}
        >
          {(a) => (
            <Input
              {...a}
              type="text"
              inputMode="url"
              autoFocus
              value={address}
              onChange={(e) => setAddress(e.target.value)}
            />
          )}
        </Field>
        <div className="flex justify-end gap-2">
          <Button onClick={() => change(false)}>Cancel</Button>
          <Button type="submit" variant="primary">
            Insert video
          </Button>
        </div>
      </DialogForm>
    </Dialog>
  );
}
