"use client";
// The area editor's state inside the question editor. The editor state (with its undo history)
// lives here; the question draft only holds the `properties` it produces, so the draft stays
// "what would be sent". Two directions, never a loop:
//  - properties that arrive from outside (the stored question, or its re-read after a save) are
//    loaded: the image's pixel size is read from its bytes, then the doc is built from them;
//  - every edit of the doc (an action, undo, redo) is written back to the draft as properties.
// An edit made while the image is read (an option ticked) is one of this hook's own writes: it
// keeps the image being read in the properties it writes, and the read goes on and loads the doc
// from what the draft then holds.
import { useCallback, useEffect, useRef, useState } from "react";
import type { QuestionDraft } from "../question-editor/draft";
import type { ResourceBag } from "../rich-text/resource-bag";
import { imageFromFile, imageSizeOf, type ImageSize } from "./image-file";
import type { AreaAction } from "./state/actions";
import { dispatch as perform, redo as redoState, undo as undoState } from "./state/history";
import { docFromProperties, propertiesFromDoc, type AreaPropertiesDraft } from "./state/properties";
import { initialState, type AreaEditorState, type AreaQuestionType } from "./state/types";

export type ImageStatus =
  { kind: "none" } | { kind: "loading" } | { kind: "ready" } | { kind: "error"; message: string };

interface Options {
  draft: QuestionDraft;
  update: (change: (d: QuestionDraft) => QuestionDraft) => void;
  bag: ResourceBag;
  /** Told the image's pixel size whenever it changes (the live check uses it). */
  onImageSize: (size: ImageSize | null) => void;
}

const imageOf = (properties: AreaPropertiesDraft) => properties.image ?? "";

/** What reading a base image came to. */
type ReadStatus = Extract<ImageStatus, { kind: "ready" } | { kind: "error" }>;

export function useAreaEditor({ draft, update, bag, onImageSize }: Options) {
  const type = draft.type as AreaQuestionType;
  const [state, setState] = useState<AreaEditorState>(() =>
    initialState(docFromProperties(type, draft.areaProperties, null)),
  );
  // What reading the image came to, for the properties object it was read for (or the ones this
  // hook wrote since). The status is derived from it: while the draft holds properties whose image
  // has not been read, it is loading.
  const [read, setRead] = useState<{ properties: AreaPropertiesDraft | null; status: ReadStatus | null }>({
    properties: null,
    status: null,
  });
  const status: ImageStatus = !imageOf(draft.areaProperties)
    ? { kind: "none" }
    : read.properties === draft.areaProperties && read.status
      ? read.status
      : { kind: "loading" };
  // The state as of the last event, read synchronously: two quick events (a click right after a
  // click) each see what the one before did, whether or not React has rendered in between.
  const current = useRef(state);
  /** The properties object the draft holds that this hook loaded or wrote (not to be reloaded). */
  const known = useRef<AreaPropertiesDraft | null>(null);
  /** The image whose pixel size is being read; replaced when other properties come from outside. */
  const reading = useRef<{ src: string } | null>(null);

  /** Shows `next`; when its doc is an edit (not a load), writes it back to the draft. */
  const apply = useCallback(
    (next: AreaEditorState, edit: boolean) => {
      const previous = current.current;
      if (next === previous) return;
      current.current = next;
      setState(next);
      if (!edit || next.doc === previous.doc) return;
      // Until its size is read the doc has no image; the image being read is still the question's.
      const pending = next.doc.image ? null : reading.current;
      const properties = pending ? { ...propertiesFromDoc(next.doc), image: pending.src } : propertiesFromDoc(next.doc);
      const before = known.current;
      known.current = properties;
      // An edit keeps what reading the image came to.
      setRead((r) => (r.properties === before ? { ...r, properties } : r));
      update((d) => ({ ...d, areaProperties: properties }));
    },
    [update],
  );

  // Load properties that came from outside (the stored question, or its re-read after a save).
  // The read is not abandoned when this hook writes the draft meanwhile (an edit during the read
  // re-runs this effect, which finds its own properties): only other properties from outside, or
  // another image, make its result stale.
  useEffect(() => {
    const properties = draft.areaProperties;
    if (properties === known.current) return;
    known.current = properties;
    const src = imageOf(properties);
    if (!src) {
      reading.current = null;
      apply(initialState(docFromProperties(type, properties, null)), false);
      return;
    }
    const read = { src };
    reading.current = read;
    void imageSizeOf(src).then((size) => {
      // What the draft holds now: these properties, or this hook's edits of them since.
      const latest = known.current;
      if (reading.current !== read || !latest || imageOf(latest) !== src) return;
      reading.current = null;
      if ("error" in size) {
        const message = `${size.error} Upload the image again to edit the areas.`;
        setRead({ properties: latest, status: { kind: "error", message } });
        return;
      }
      apply(initialState(docFromProperties(type, latest, size)), false);
      setRead({ properties: latest, status: { kind: "ready" } });
    });
  }, [draft.areaProperties, type, apply]);

  const image = state.doc.image;
  useEffect(() => {
    onImageSize(image ? { width: image.width, height: image.height } : null);
  }, [image, onImageSize]);

  const dispatch = useCallback((action: AreaAction) => apply(perform(current.current, action), true), [apply]);
  const undo = useCallback(() => apply(undoState(current.current), true), [apply]);
  const redo = useCallback(() => apply(redoState(current.current), true), [apply]);

  /** Uses `file` as the (new) base image; resolves to an error message when it cannot be. */
  const replaceImage = useCallback(
    async (file: File): Promise<string | null> => {
      const image = await imageFromFile(file, bag);
      if ("error" in image) return image.error;
      // A read of the image this one replaces is of no use any more.
      reading.current = null;
      dispatch({ type: "replaceImage", image });
      setRead({ properties: known.current, status: { kind: "ready" } });
      return null;
    },
    [bag, dispatch],
  );

  return { state, status, dispatch, undo, redo, replaceImage };
}

export type AreaEditorApi = ReturnType<typeof useAreaEditor>;
