"use client";
// The area editor's state inside the question editor. The editor state (with its undo history)
// lives here; the question draft only holds the `properties` it produces, so the draft stays
// "what would be sent". Two directions, never a loop:
//  - properties that arrive from outside (the stored question, or its re-read after a save) are
//    loaded: the image's pixel size is read from its bytes, then the doc is built from them;
//  - every edit of the doc is written back to the draft as properties.
import { useCallback, useEffect, useRef, useState } from "react";
import type { QuestionDraft } from "../question-editor/draft";
import type { ResourceBag } from "../rich-text/resource-bag";
import { imageFromFile, imageSizeOf, type ImageSize } from "./image-file";
import type { AreaAction } from "./state/actions";
import { dispatch as perform, redo as redoState, undo as undoState } from "./state/history";
import { docFromProperties, propertiesFromDoc, type ImageQuestionProperties } from "./state/properties";
import { initialState, type AreaDoc, type AreaEditorState, type AreaQuestionType } from "./state/types";

export type ImageStatus = { kind: "none" } | { kind: "loading" } | { kind: "ready" } | { kind: "error"; message: string };

interface Options {
  draft: QuestionDraft;
  update: (change: (d: QuestionDraft) => QuestionDraft) => void;
  bag: ResourceBag;
  /** Told the image's pixel size whenever it changes (the live check uses it). */
  onImageSize: (size: ImageSize | null) => void;
}

const imageOf = (properties: Record<string, unknown>) => (typeof properties.image === "string" ? properties.image : "");

export function useAreaEditor({ draft, update, bag, onImageSize }: Options) {
  const type = draft.type as AreaQuestionType;
  const [state, setState] = useState<AreaEditorState>(() => initialState(docFromProperties(type, draft.areaProperties as Partial<ImageQuestionProperties>, null)));
  const [status, setStatus] = useState<ImageStatus>(() => ({ kind: imageOf(draft.areaProperties) ? "loading" : "none" }));
  /** The properties object the draft holds that this hook loaded or wrote (not to be reloaded). */
  const known = useRef<Record<string, unknown> | null>(null);
  /** The doc whose properties the draft holds. */
  const written = useRef<AreaDoc | null>(null);

  // Load properties that came from outside.
  useEffect(() => {
    const properties = draft.areaProperties;
    if (properties === known.current) return;
    known.current = properties;
    const src = imageOf(properties);
    const load = (size: ImageSize | null) => {
      const next = initialState(docFromProperties(type, properties as Partial<ImageQuestionProperties>, size));
      written.current = next.doc;
      setState(next);
    };
    if (!src) {
      load(null);
      setStatus({ kind: "none" });
      return;
    }
    let cancelled = false;
    setStatus({ kind: "loading" });
    void imageSizeOf(src).then((size) => {
      if (cancelled) return;
      if ("error" in size) {
        setStatus({ kind: "error", message: `${size.error} Upload the image again to edit the areas.` });
        return;
      }
      load(size);
      setStatus({ kind: "ready" });
    });
    return () => {
      cancelled = true;
    };
  }, [draft.areaProperties, type]);

  // Write edits back to the draft.
  useEffect(() => {
    if (written.current === null || state.doc === written.current) return;
    written.current = state.doc;
    const properties = propertiesFromDoc(state.doc) as unknown as Record<string, unknown>;
    known.current = properties;
    update((d) => ({ ...d, areaProperties: properties }));
  }, [state.doc, update]);

  const image = state.doc.image;
  useEffect(() => {
    onImageSize(image ? { width: image.width, height: image.height } : null);
  }, [image, onImageSize]);

  const dispatch = useCallback((action: AreaAction) => setState((s) => perform(s, action)), []);
  const undo = useCallback(() => setState(undoState), []);
  const redo = useCallback(() => setState(redoState), []);

  /** Uses `file` as the (new) base image; resolves to an error message when it cannot be. */
  const replaceImage = useCallback(
    async (file: File): Promise<string | null> => {
      const image = await imageFromFile(file, bag);
      if ("error" in image) return image.error;
      // A question loaded without a readable image starts editing from its stored areas now.
      if (written.current === null) written.current = state.doc;
      dispatch({ type: "replaceImage", image });
      setStatus({ kind: "ready" });
      return null;
    },
    [bag, dispatch, state.doc],
  );

  return { state, status, dispatch, undo, redo, replaceImage };
}

export type AreaEditorApi = ReturnType<typeof useAreaEditor>;
