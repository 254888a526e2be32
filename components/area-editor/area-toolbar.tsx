"use client";
// The area editor's toolbar: the base image, the tool (edit or connect), the kind of new areas
// (drag & drop), add / duplicate / delete, undo / redo. Everything here also has a key or a
// panel control; the buttons make it discoverable.
import { Copy, ImageUp, Link2, MousePointer2, Plus, Redo2, Trash2, Undo2 } from "lucide-react";
import { useRef, type ReactNode } from "react";
import { AREA_TYPE, QUESTION_TYPE } from "@/server/schemas/question";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import type { AreaAction } from "./state/actions";
import type { AreaEditorState, AreaKind } from "./state/types";

export type AreaTool = "edit" | "connect";

interface AreaToolbarProps {
  state: AreaEditorState;
  dispatch: (action: AreaAction) => void;
  undo: () => void;
  redo: () => void;
  onImageFile: (file: File) => void;
  tool: AreaTool;
  onTool: (tool: AreaTool) => void;
  drawKind: AreaKind;
  onDrawKind: (kind: AreaKind) => void;
}

/** Where "Add area" puts a new area: a 120 × 60 box in the middle of the image (the action fits it). */
function centredRect(image: { width: number; height: number }) {
  const width = Math.min(120, image.width);
  const height = Math.min(60, image.height);
  return { x: Math.round((image.width - width) / 2), y: Math.round((image.height - height) / 2), width, height };
}

export function AreaToolbar({
  state,
  dispatch,
  undo,
  redo,
  onImageFile,
  tool,
  onTool,
  drawKind,
  onDrawKind,
}: AreaToolbarProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const { doc, selected } = state;
  const dragDrop = doc.questionType === QUESTION_TYPE.dragAndDrop;
  const image = doc.image;
  return (
    <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Area tools">
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-label={image ? "Replace the base image" : "Upload the base image"}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) onImageFile(file);
        }}
      />
      <Button size="sm" variant={image ? "secondary" : "primary"} onClick={() => fileInput.current?.click()}>
        <ImageUp aria-hidden className="size-4" />
        {image ? "Replace image" : "Upload image"}
      </Button>
      <Separator />
      {dragDrop && (
        <>
          <Segmented label="Tool">
            <SegmentButton
              pressed={tool === "edit"}
              onClick={() => onTool("edit")}
              title="Draw, select, move and resize areas"
            >
              <MousePointer2 aria-hidden className="size-4" /> Edit
            </SegmentButton>
            <SegmentButton
              pressed={tool === "connect"}
              onClick={() => onTool("connect")}
              title="Click a target, then the draggable that belongs on it"
            >
              <Link2 aria-hidden className="size-4" /> Connect
            </SegmentButton>
          </Segmented>
          <Segmented label="Draw">
            <SegmentButton pressed={drawKind === AREA_TYPE.target} onClick={() => onDrawKind(AREA_TYPE.target)}>
              Targets
            </SegmentButton>
            <SegmentButton pressed={drawKind === AREA_TYPE.draggable} onClick={() => onDrawKind(AREA_TYPE.draggable)}>
              Draggables
            </SegmentButton>
          </Segmented>
          <Separator />
        </>
      )}
      <Button
        size="sm"
        disabled={!image}
        onClick={() => image && dispatch({ type: "add", rect: centredRect(image), kind: drawKind })}
      >
        <Plus aria-hidden className="size-4" /> Add area
      </Button>
      <Button
        size="sm"
        variant="ghost"
        disabled={selected.length === 0}
        onClick={() => dispatch({ type: "duplicate", ids: selected })}
        aria-label="Duplicate"
        title="Duplicate (Ctrl+D)"
      >
        <Copy aria-hidden className="size-4" />
      </Button>
      <Button
        size="sm"
        variant="ghost"
        disabled={selected.length === 0}
        onClick={() => dispatch({ type: "delete", ids: selected })}
        aria-label="Delete"
        title="Delete (Delete key)"
      >
        <Trash2 aria-hidden className="size-4" />
      </Button>
      <Separator />
      <Button
        size="sm"
        variant="ghost"
        disabled={state.past.length === 0}
        onClick={undo}
        aria-label="Undo"
        title="Undo (Ctrl+Z)"
      >
        <Undo2 aria-hidden className="size-4" />
      </Button>
      <Button
        size="sm"
        variant="ghost"
        disabled={state.future.length === 0}
        onClick={redo}
        aria-label="Redo"
        title="Redo (Ctrl+Shift+Z)"
      >
        <Redo2 aria-hidden className="size-4" />
      </Button>
    </div>
  );
}

function Separator() {
  return <span aria-hidden className="mx-1 h-6 w-px bg-slate-200" />;
}

function Segmented({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label} className="flex items-center gap-1.5">
      <span className="text-xs text-slate-600">{label}</span>
      <div className="inline-flex rounded-md border border-slate-300 bg-white p-0.5">{children}</div>
    </div>
  );
}

function SegmentButton({
  pressed,
  onClick,
  title,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  title?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      title={title}
      className={cn(
        "inline-flex h-7 items-center gap-1 rounded px-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600",
        pressed ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100",
      )}
    >
      {children}
    </button>
  );
}
