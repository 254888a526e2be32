"use client";
// The Tiptap editor of one rich-text field: built from the shared extension list, kept in step
// with the `value` prop, writing the policy's form of HTML (serialize.ts) to `onChange`, and
// taking images / audio by paste and drop.
import type { Editor } from "@tiptap/core";
import { useEditor } from "@tiptap/react";
import { useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { richTextExtensions } from "./extensions";
import { mediaFiles, otherFiles, withoutForeignBlobs } from "./media-files";
import type { ResourceBag } from "./resource-bag";
import { docToHtml } from "./serialize";

export interface EditorCallbacks {
  onChange: (html: string) => void;
  /** Files pasted or dropped: insert them (at `pos` for a drop) and report refusals. */
  onFiles: (editor: Editor, files: File[], refused: File[], pos?: number) => void;
  /** Mod+K (fields with links). */
  onLinkShortcut?: () => void;
  /** Double click on an image: edit its alt text. */
  onImageDoubleClick?: () => void;
  /** A formula was double-clicked (it is selected): edit its LaTeX. */
  onMathDoubleClick?: () => void;
  /** A stored text was loaded: `written` is what the editor would write for it (edit-loss.ts). */
  onLoaded?: (stored: string, written: string) => void;
}

export interface UseRichTextEditorOptions extends EditorCallbacks {
  value: string;
  allowLinks: boolean;
  compact: boolean;
  resources: ResourceBag;
  /** Attributes of the editable region (role, aria-label, ids of help and messages, class). */
  attributes: Record<string, string>;
}

export function useRichTextEditor(options: UseRichTextEditorOptions): Editor | null {
  const { value, allowLinks, compact, attributes } = options;
  // Handlers are registered once with the editor; they read the latest props through this ref.
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  // HTML handed to onChange that the `value` prop has not come back with yet (see below).
  const pending = useRef<string[]>([]);

  const editorRef = useRef<Editor | null>(null);
  const extensions = useMemo(() => richTextExtensions({ allowLinks, compact }), [allowLinks, compact]);

  const editor = useEditor(
    {
      immediatelyRender: false,
      extensions,
      content: value,
      editorProps: {
        attributes,
        handlePaste: (_view, event) => {
          const list = event.clipboardData?.files;
          if (!list || list.length === 0) return false;
          event.preventDefault();
          const current = editorRef.current;
          if (current) latest.current.onFiles(current, mediaFiles(list), otherFiles(list));
          return true;
        },
        handleDrop: (view, event, _slice, moved) => {
          const list = event.dataTransfer?.files;
          if (moved || !list || list.length === 0) return false;
          event.preventDefault();
          const pos = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
          const current = editorRef.current;
          if (current) latest.current.onFiles(current, mediaFiles(list), otherFiles(list), pos);
          return true;
        },
        // HTML pasted from another form can carry blob: URLs of files this form never received.
        transformPasted: (slice) => withoutForeignBlobs(slice, (src) => latest.current.resources.has(src)),
        handleKeyDown: (_view, event) => {
          if (
            (event.ctrlKey || event.metaKey) &&
            !event.altKey &&
            !event.shiftKey &&
            event.key.toLowerCase() === "k" &&
            latest.current.onLinkShortcut
          ) {
            event.preventDefault();
            latest.current.onLinkShortcut();
            return true;
          }
          return false;
        },
        handleDoubleClickOn: (_view, _pos, node) => {
          if (node.type.name === "math" && latest.current.onMathDoubleClick) {
            latest.current.onMathDoubleClick();
            return true;
          }
          if (node.type.name !== "image" || !latest.current.onImageDoubleClick) return false;
          latest.current.onImageDoubleClick();
          return true;
        },
      },
      onCreate: ({ editor: created }) => latest.current.onLoaded?.(latest.current.value, docToHtml(created.state.doc)),
      onUpdate: ({ editor: updated }) => {
        const html = docToHtml(updated.state.doc);
        // Only real edits reach the form: a document that writes the same HTML (an empty
        // paragraph added at the end) is not a change.
        const last = pending.current.at(-1) ?? latest.current.value;
        if (html === last) return;
        pending.current = [...pending.current.slice(-50), html];
        latest.current.onChange(html);
      },
    },
    [extensions],
  );

  useLayoutEffect(() => {
    editorRef.current = editor;
  }, [editor]);

  // A value set from outside (form reset, the stored HTML after a save) replaces the content.
  // While typing, the value is what the editor wrote, so nothing is replaced and the cursor
  // stays where it is; that includes an older echo arriving after a newer edit (a quick
  // type-and-undo), which must not bring the older text back.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const echo = pending.current.lastIndexOf(value);
    if (echo !== -1) {
      pending.current = pending.current.slice(echo + 1);
      return;
    }
    pending.current = [];
    if (docToHtml(editor.state.doc) === value) return;
    editor.commands.setContent(value, { emitUpdate: false });
    latest.current.onLoaded?.(value, docToHtml(editor.state.doc));
  }, [editor, value]);

  const attributesKey = JSON.stringify(attributes);
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.setOptions({
      editorProps: { ...editor.options.editorProps, attributes: JSON.parse(attributesKey) as Record<string, string> },
    });
  }, [editor, attributesKey]);

  return editor;
}
