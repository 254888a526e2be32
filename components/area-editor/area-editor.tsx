"use client";
// The area editor of image questions (types 3, 4, 5) inside the question editor: a host that
// composes the state hook, the toolbar, the options, the canvas (react-konva, loaded only in the
// browser) and the side panel. Keys are handled here once for the whole editor, through the
// same named actions as the mouse and the panel (state/keymap.ts).
import dynamic from "next/dynamic";
import { Loader2 } from "lucide-react";
import { useCallback, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { AREA_TYPE, QUESTION_TYPE } from "@/server/schemas/question";
import { TryItPanel } from "../candidate/try-it-panel";
import { FIELD } from "../question-editor/issue-map";
import { tryQuestionOf } from "../question-editor/try-question";
import { withTriedScenario } from "../question-editor/scenario-results";
import type { EditorSectionProps } from "../question-editor/section-props";
import { FieldMessageList } from "../ui/field";
import { AreaOptionsBar } from "./area-options";
import { AreaToolbar, type AreaTool } from "./area-toolbar";
import type { ImageSize } from "./image-file";
import { AreaPanel } from "./panel/area-panel";
import { areasOutside } from "./state/geometry";
import { commandForKey } from "./state/keymap";
import type { AreaKind } from "./state/types";
import { useAreaEditor } from "./use-area-editor";

const AreaCanvas = dynamic(() => import("./konva/area-canvas"), {
  ssr: false,
  loading: () => <CanvasPlaceholder>Loading the canvas…</CanvasPlaceholder>,
});

const HELP: Record<number, string> = {
  [QUESTION_TYPE.dragAndDrop]:
    "Draw targets and draggables on the image. Connect each target to the draggable that belongs on it: choose Connect, click the target, then the draggable (or pick it under Matches). Targets left unconnected must stay empty.",
  [QUESTION_TYPE.pointAndShoot]:
    "Draw the areas a candidate may click and mark the correct ones. Candidates see the image without the areas and click a point on it.",
  [QUESTION_TYPE.hotArea]:
    "Draw the areas and mark the correct ones. Candidates see the areas and select the ones they choose.",
};

const EDITABLE = "input, textarea, select, [contenteditable='true']";

export function AreaEditor({
  draft,
  update,
  messages,
  bag,
  onImageSize,
}: EditorSectionProps & { onImageSize: (size: ImageSize | null) => void }) {
  const { state, status, dispatch, undo, redo, replaceImage } = useAreaEditor({ draft, update, bag, onImageSize });
  const [tool, setTool] = useState<AreaTool>("edit");
  const [drawKind, setDrawKind] = useState<AreaKind>(AREA_TYPE.target);
  const [fileError, setFileError] = useState<string | null>(null);
  const root = useRef<HTMLElement>(null);
  const { doc } = state;
  const outside = useMemo(() => areasOutside(doc.areas, doc.image), [doc.areas, doc.image]);
  const areaMessages = messages.at(FIELD.areas);
  // What concerns the image is said where it goes: in the empty frame, or below the image.
  const imageMessages = messages.at(FIELD.image);
  const imageMissing = !doc.image && status.kind !== "loading";
  const messagesOfArea = useCallback((id: string) => messages.at(FIELD.area(id)), [messages]);
  const tryIt = useMemo(() => tryQuestionOf(draft), [draft]);

  const onImageFile = useCallback(
    async (file: File) => {
      setFileError(await replaceImage(file));
    },
    [replaceImage],
  );

  function onKeyDown(e: KeyboardEvent<HTMLElement>) {
    if ((e.target as HTMLElement).closest(EDITABLE)) return;
    const command = commandForKey(state, e);
    if (!command) return;
    e.preventDefault();
    if (command.type === "undo") undo();
    else if (command.type === "redo") redo();
    else dispatch(command);
  }

  return (
    <section
      ref={root}
      aria-labelledby="area-editor-heading"
      aria-describedby="area-editor-help"
      className="flex flex-col gap-3 outline-none"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-testid="area-editor"
    >
      <div>
        <h2 id="area-editor-heading" className="text-base font-semibold">
          Image and areas
        </h2>
        <p id="area-editor-help" className="text-sm text-slate-600">
          {HELP[doc.questionType]} Arrow keys move the selected areas (Shift: 10 px), Delete removes them, Ctrl+D
          duplicates, Ctrl+Z and Ctrl+Shift+Z undo and redo.
        </p>
        {/* A phone shows the image, its areas and the table; drawing with a finger on a small canvas is hard. */}
        <p className="mt-1 text-sm text-slate-600 sm:hidden" data-testid="larger-screen-note">
          Drawing and moving areas is easier on a larger screen; here you can check the image, its areas and their
          numbers.
        </p>
      </div>
      <AreaToolbar
        state={state}
        dispatch={dispatch}
        undo={undo}
        redo={redo}
        onImageFile={onImageFile}
        tool={tool}
        onTool={setTool}
        drawKind={drawKind}
        onDrawKind={setDrawKind}
      />
      <AreaOptionsBar doc={doc} dispatch={dispatch} />
      {/* Focus moves to the editor on a pointer press, so the keys work right after a click on the canvas. */}
      <div onPointerDown={() => root.current?.focus({ preventScroll: true })}>
        {status.kind === "loading" ? (
          <CanvasPlaceholder>
            <span className="flex items-center gap-2">
              <Loader2 aria-hidden className="size-4 animate-spin" /> Loading the image…
            </span>
          </CanvasPlaceholder>
        ) : doc.image ? (
          <AreaCanvas
            state={state}
            dispatch={dispatch}
            imageUrl={doc.image.src}
            tool={tool}
            drawKind={drawKind}
            outside={outside}
          />
        ) : (
          <CanvasPlaceholder testId="area-image-placeholder">
            <span>Upload the base image: the areas are drawn on it, at its own pixel size.</span>
            <FieldMessageList errors={imageMessages.errors} warnings={imageMessages.warnings} />
          </CanvasPlaceholder>
        )}
      </div>
      {/* Messages sit below the canvas, so one appearing never shifts the canvas under a drag. */}
      {fileError && (
        <p role="alert" className="text-sm text-red-700">
          {fileError}
        </p>
      )}
      {status.kind === "error" && (
        <p role="alert" className="text-sm text-red-700">
          {status.message}
        </p>
      )}
      {outside.length > 0 && (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 p-2 text-sm text-red-800"
          data-testid="areas-outside"
        >
          The image is {doc.image?.width} × {doc.image?.height} px: {outside.join(", ")}{" "}
          {outside.length === 1 ? "lies" : "lie"} partly outside it. Move or resize{" "}
          {outside.length === 1 ? "it" : "them"} (or delete {outside.length === 1 ? "it" : "them"}) before saving.
        </p>
      )}
      <FieldMessageList
        errors={[...(imageMissing ? [] : imageMessages.errors), ...areaMessages.errors]}
        warnings={[...(imageMissing ? [] : imageMessages.warnings), ...areaMessages.warnings]}
      />
      {/* The stored areas are listed once the image is read (a load replaces the state). */}
      {status.kind !== "loading" && (
        <AreaPanel state={state} dispatch={dispatch} outside={outside} messagesOf={messagesOfArea} />
      )}
      {doc.image && doc.areas.length > 0 && (
        <TryItPanel {...tryIt} imageSize={doc.image} onSaveScenario={(r) => update((d) => withTriedScenario(d, r))} />
      )}
    </section>
  );
}

function CanvasPlaceholder({ children, testId }: { children: React.ReactNode; testId?: string }) {
  return (
    <div
      data-testid={testId}
      className="flex h-40 flex-col items-center justify-center gap-2 rounded-md border border-dashed border-slate-300 bg-slate-50 px-4 text-center text-sm text-slate-600"
    >
      {children}
    </div>
  );
}
