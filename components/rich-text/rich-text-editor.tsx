"use client";
// The editing box of a rich-text field: toolbar, editable text, the hidden file input for
// uploads, and the dialogs (link, YouTube, alt text). RichTextField wraps it in the Field look.
import type { Editor, JSONContent } from "@tiptap/core";
import { Selection } from "@tiptap/pm/state";
import { EditorContent } from "@tiptap/react";
import { useRef, useState, type ChangeEvent } from "react";
import { cn } from "../ui/cn";
import { AltTextDialog } from "./alt-text-dialog";
import { EditorToolbar } from "./editor-toolbar";
import { LinkDialog } from "./link-dialog";
import { MathDialog } from "./math-dialog";
import { ACCEPTED_FILES, prepareMedia, refusedFileMessage } from "./media-files";
import type { ResourceBag } from "./resource-bag";
import { useRichTextEditor } from "./use-rich-text-editor";
import { YoutubeDialog } from "./youtube-dialog";
import "./editor.css";

export interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  allowLinks: boolean;
  compact: boolean;
  resources: ResourceBag;
  /** From Field: the id its label points at, help/message ids, invalid state. */
  control: { id: string; "aria-describedby"?: string; "aria-invalid"?: boolean };
  /** Files that could not be inserted (shown with the field's errors); [] clears them. */
  onMediaErrors: (messages: string[]) => void;
  /** A stored text was loaded, and what the editor would write for it. */
  onLoaded?: (stored: string, written: string) => void;
}

type OpenDialog = "link" | "youtube" | "alt" | "math" | null;

export function RichTextEditor({
  label,
  value,
  onChange,
  allowLinks,
  compact,
  resources,
  control,
  onMediaErrors,
  onLoaded,
}: RichTextEditorProps) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const invalid = control["aria-invalid"] === true;

  async function insertFiles(editor: Editor, files: File[], refused: File[], pos?: number) {
    const messages = refused.map(refusedFileMessage);
    let at = pos;
    for (const file of files) {
      const media = await prepareMedia(file, resources);
      if ("error" in media) {
        messages.push(media.error);
        continue;
      }
      if (editor.isDestroyed) return;
      const content: JSONContent =
        media.kind === "image"
          ? { type: "image", attrs: { src: media.url, alt: null } }
          : { type: "audio", attrs: { src: media.url } };
      const chain = editor.chain().focus();
      (at === undefined ? chain.insertContent(content) : chain.insertContentAt(at, content)).run();
      // The cursor goes after the new media (not onto it), so what comes next (typing, the next
      // file) does not replace it.
      editor.commands.command(({ tr }) => {
        tr.setSelection(Selection.near(tr.doc.resolve(tr.selection.to), 1));
        return true;
      });
      at = undefined;
    }
    onMediaErrors(messages);
  }

  const editor = useRichTextEditor({
    value,
    onChange,
    allowLinks,
    compact,
    resources,
    attributes: {
      role: "textbox",
      "aria-label": label,
      "aria-multiline": "true",
      id: control.id,
      ...(control["aria-describedby"] ? { "aria-describedby": control["aria-describedby"] } : {}),
      ...(invalid ? { "aria-invalid": "true" } : {}),
      class: cn("rich-text px-3 py-2 focus-visible:outline-none", compact ? "min-h-10" : "min-h-36"),
      spellcheck: "true",
    },
    onFiles: (current, files, refused, pos) => void insertFiles(current, files, refused, pos),
    onLinkShortcut: allowLinks ? () => setDialog("link") : undefined,
    onImageDoubleClick: () => setDialog("alt"),
    onMathDoubleClick: () => setDialog("math"),
    onLoaded,
  });

  function uploadChosen(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = ""; // choosing the same file again still inserts it
    if (editor && files.length > 0) void insertFiles(editor, files, []);
  }

  const openDialog = (which: OpenDialog) => (open: boolean) => setDialog(open ? which : null);

  const toolbar = editor
    ? (className: string) => (
        <EditorToolbar
          editor={editor}
          label={label}
          compact={compact}
          allowLinks={allowLinks}
          onUpload={() => fileInput.current?.click()}
          onAltText={() => setDialog("alt")}
          onLink={() => setDialog("link")}
          onYoutube={() => setDialog("youtube")}
          onMath={() => setDialog("math")}
          className={className}
        />
      )
    : null;
  // The toolbar is always shown, at the same place; until the editor starts (it renders in the
  // browser only) a box of the toolbar's height holds its place.
  const toolbarAt = (edge: "top" | "bottom") => {
    const edgeClass = edge === "top" ? "rounded-t-md border-b" : "rounded-b-md border-t";
    return toolbar ? (
      toolbar(`flex ${edgeClass}`)
    ) : (
      <div className={cn("h-10 border-slate-200 bg-slate-50", edgeClass)} aria-hidden />
    );
  };

  return (
    <div
      className={cn(
        "rich-text-editor rounded-md border bg-white shadow-xs has-[.ProseMirror-focused]:ring-2",
        invalid
          ? "border-red-500 ring-red-500/30"
          : "border-slate-300 ring-brand-600/30 has-[.ProseMirror-focused]:border-brand-600",
      )}
    >
      {!compact && toolbarAt("top")}
      {editor ? <EditorContent editor={editor} /> : <div className={compact ? "min-h-10" : "min-h-36"} aria-hidden />}
      {/* Answers sit in rows beside their correct mark and points, lined up with the text, so
          their toolbar goes under the text. It is always there: a toolbar that came with the
          focus would move everything below it when the focus left, under the pointer of the
          click that moved it (docs/decisions.md, "Editor toolbars"). */}
      {compact && toolbarAt("bottom")}
      <input
        ref={fileInput}
        type="file"
        multiple
        accept={ACCEPTED_FILES}
        aria-label={`Upload image or audio for ${label}`}
        tabIndex={-1}
        className="sr-only"
        onChange={uploadChosen}
      />
      {editor && (
        <>
          <AltTextDialog editor={editor} open={dialog === "alt"} onOpenChange={openDialog("alt")} />
          <MathDialog editor={editor} open={dialog === "math"} onOpenChange={openDialog("math")} />
          {allowLinks && <LinkDialog editor={editor} open={dialog === "link"} onOpenChange={openDialog("link")} />}
          {allowLinks && (
            <YoutubeDialog editor={editor} open={dialog === "youtube"} onOpenChange={openDialog("youtube")} />
          )}
        </>
      )}
    </div>
  );
}
