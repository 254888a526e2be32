// Every edit of the area editor as a named, pure action: (state, payload) → next state. The
// canvas, the keyboard and the side panel all dispatch these; each enforces the limits itself,
// so no input path can produce an area the API would refuse.
import { areaPrefixFor, nextFreeAreaId, type AreaRect } from "@/server/domain/areas";
import { AREA_MIN_HEIGHT, AREA_MIN_WIDTH } from "@/server/schemas/question/area-bounds";
import { AREA_TYPE } from "@/server/schemas/question/properties";
import { QUESTION_TYPE } from "@/server/schemas/question/question-type";
import { applyFixedSize, clampGroupDelta, fitRect, moveRect } from "./geometry";
import { dropReferences, oneToOne, singleAnswer } from "./references";
import type { AreaDoc, AreaEditorState, AreaKind, AreaOptions, EditorArea, EditorImage } from "./types";

export type AreaAction =
  | { type: "add"; rect: AreaRect; kind?: AreaKind }
  | { type: "move"; ids: string[]; dx: number; dy: number }
  | { type: "resize"; id: string; rect: AreaRect }
  | { type: "setGeometry"; id: string; x?: number; y?: number; width?: number; height?: number }
  | { type: "delete"; ids: string[] }
  | { type: "duplicate"; ids: string[] }
  | { type: "setKind"; id: string; kind: AreaKind }
  | { type: "connect"; target: string; draggable: string }
  /** Connects the target picked first (startConnect) to `draggable`; read from the state, not the caller. */
  | { type: "connectPicked"; draggable: string }
  | { type: "disconnect"; target: string }
  | { type: "toggleCorrect"; id: string }
  | { type: "setPoints"; id: string; points: number | null }
  | { type: "setPairPoints"; target: string; draggable: string; points: number | null }
  | { type: "setOption"; name: keyof AreaOptions; value: boolean }
  | { type: "replaceImage"; image: EditorImage }
  | { type: "select"; ids: string[] }
  /** Adds the area to the selection, or takes it out (a Shift or Ctrl click). */
  | { type: "toggleSelect"; id: string }
  | { type: "startConnect"; target: string | null };

export type AreaActionName = AreaAction["type"];

/** What an action changes; null when it changes nothing (and so is not recorded). */
type Change = Partial<Pick<AreaEditorState, "doc" | "selected" | "connectFrom">> | null;

interface ActionSpec<A extends AreaAction> {
  /** Whether the action changes the question (and so goes into undo history). */
  records: boolean;
  perform(state: AreaEditorState, action: A): Change;
}

type Registry = { [N in AreaActionName]: ActionSpec<Extract<AreaAction, { type: N }>> };

const byId = (doc: AreaDoc, id: string) => doc.areas.find((a) => a.id === id);
const existing = (doc: AreaDoc, ids: readonly string[]) => ids.filter((id) => byId(doc, id));

/** The doc with `areas` replaced, FixedWidth/FixedHeight applied from `sizeFrom` (or the first area). */
function withAreas(doc: AreaDoc, areas: EditorArea[], sizeFrom?: EditorArea): AreaDoc {
  const size = sizeFrom ? { width: sizeFrom.width, height: sizeFrom.height } : undefined;
  return { ...doc, areas: applyFixedSize(areas, doc.options, doc.image, size) };
}

function newId(doc: AreaDoc, kind: AreaKind | undefined, taken: readonly EditorArea[] = doc.areas): string | null {
  return nextFreeAreaId(
    areaPrefixFor(doc.questionType, kind),
    taken.map((a) => a.id),
  );
}

export const ACTIONS: Registry = {
  add: {
    records: true,
    perform({ doc }, { rect, kind }) {
      if (!doc.image) return null;
      const areaKind = doc.questionType === QUESTION_TYPE.dragAndDrop ? (kind ?? AREA_TYPE.target) : undefined;
      const id = newId(doc, areaKind);
      if (!id) return null;
      const first = doc.areas[0];
      const sized = {
        ...rect,
        width: doc.options.FixedWidth && first ? first.width : Math.max(rect.width, AREA_MIN_WIDTH),
        height: doc.options.FixedHeight && first ? first.height : Math.max(rect.height, AREA_MIN_HEIGHT),
      };
      const area: EditorArea = { id, ...fitRect(sized, doc.image), ...(areaKind ? { kind: areaKind } : {}) };
      return { doc: { ...doc, areas: [...doc.areas, area] }, selected: [id] };
    },
  },
  move: {
    records: true,
    perform({ doc }, { ids, dx, dy }) {
      const moving = new Set(existing(doc, ids));
      if (!doc.image || moving.size === 0) return null;
      const d = clampGroupDelta(
        doc.areas.filter((a) => moving.has(a.id)),
        dx,
        dy,
        doc.image,
      );
      if (d.dx === 0 && d.dy === 0) return null;
      return {
        doc: { ...doc, areas: doc.areas.map((a) => (moving.has(a.id) ? { ...a, x: a.x + d.dx, y: a.y + d.dy } : a)) },
      };
    },
  },
  resize: {
    records: true,
    perform({ doc }, { id, rect }) {
      const area = byId(doc, id);
      if (!doc.image || !area) return null;
      const resized = { ...area, ...fitRect(rect, doc.image) };
      return {
        doc: withAreas(
          doc,
          doc.areas.map((a) => (a.id === id ? resized : a)),
          resized,
        ),
      };
    },
  },
  setGeometry: {
    records: true,
    perform(state, { id, x, y, width, height }) {
      const area = byId(state.doc, id);
      if (!area) return null;
      return ACTIONS.resize.perform(state, {
        type: "resize",
        id,
        rect: { x: x ?? area.x, y: y ?? area.y, width: width ?? area.width, height: height ?? area.height },
      });
    },
  },
  delete: {
    records: true,
    perform({ doc, selected }, { ids }) {
      const gone = new Set(existing(doc, ids));
      if (gone.size === 0) return null;
      const next: AreaDoc = { ...doc, ...dropReferences(doc, gone), areas: doc.areas.filter((a) => !gone.has(a.id)) };
      return { doc: next, selected: selected.filter((id) => !gone.has(id)), connectFrom: null };
    },
  },
  duplicate: {
    records: true,
    perform({ doc }, { ids }) {
      if (!doc.image) return null;
      const areas = [...doc.areas];
      const copies: string[] = [];
      const points = { ...doc.points };
      for (const id of existing(doc, ids)) {
        const source = byId(doc, id)!;
        const copyId = newId(doc, source.kind, areas);
        if (!copyId) break;
        // Offset so the copy is visible; it starts unconnected and not correct.
        areas.push({ ...source, id: copyId, ...moveRect(source, 10, 10, doc.image) });
        if (doc.points[id] !== undefined) points[copyId] = doc.points[id]!;
        copies.push(copyId);
      }
      if (copies.length === 0) return null;
      return { doc: { ...doc, areas, points }, selected: copies };
    },
  },
  setKind: {
    records: true,
    perform({ doc, selected }, { id, kind }) {
      const area = byId(doc, id);
      if (doc.questionType !== QUESTION_TYPE.dragAndDrop || !area || area.kind === kind) return null;
      const others = doc.areas.filter((a) => a.id !== id);
      const renamed = newId(doc, kind, others);
      if (!renamed) return null;
      const next: AreaDoc = {
        ...doc,
        ...dropReferences(doc, new Set([id])),
        areas: doc.areas.map((a) => (a.id === id ? { ...a, id: renamed, kind } : a)),
      };
      return { doc: next, selected: selected.map((s) => (s === id ? renamed : s)), connectFrom: null };
    },
  },
  connect: {
    records: true,
    perform({ doc }, { target, draggable }) {
      if (byId(doc, target)?.kind !== AREA_TYPE.target || byId(doc, draggable)?.kind !== AREA_TYPE.draggable)
        return null;
      if (doc.match[target] === draggable) return { connectFrom: null };
      let match: Record<string, string> = { ...doc.match, [target]: draggable };
      if (doc.options.OneToOneMatching) {
        match = Object.fromEntries(Object.entries(match).filter(([t, d]) => t === target || d !== draggable));
      }
      return { doc: { ...doc, match }, connectFrom: null };
    },
  },
  connectPicked: {
    records: true,
    perform(state, { draggable }) {
      if (!state.connectFrom) return null;
      return ACTIONS.connect.perform(state, { type: "connect", target: state.connectFrom, draggable });
    },
  },
  disconnect: {
    records: true,
    perform({ doc }, { target }) {
      if (doc.match[target] === undefined) return null;
      const { [target]: _removed, ...match } = doc.match;
      return { doc: { ...doc, match } };
    },
  },
  toggleCorrect: {
    records: true,
    perform({ doc }, { id }) {
      if (doc.questionType === QUESTION_TYPE.dragAndDrop || !byId(doc, id)) return null;
      const on = !doc.correct[id];
      const correct = { ...doc.correct, [id]: on };
      if (on && doc.options.SingleAnswer) for (const key of Object.keys(correct)) if (key !== id) correct[key] = false;
      return { doc: { ...doc, correct } };
    },
  },
  setPoints: {
    records: true,
    perform({ doc }, { id, points }) {
      if (doc.questionType === QUESTION_TYPE.dragAndDrop || !byId(doc, id) || doc.points[id] === (points ?? undefined))
        return null;
      const { [id]: _old, ...rest } = doc.points;
      return {
        doc: {
          ...doc,
          points: points === null || !Number.isFinite(points) ? rest : { ...rest, [id]: Math.trunc(points) },
        },
      };
    },
  },
  setPairPoints: {
    records: true,
    perform({ doc }, { target, draggable, points }) {
      if (byId(doc, target)?.kind !== AREA_TYPE.target || byId(doc, draggable)?.kind !== AREA_TYPE.draggable)
        return null;
      const { [draggable]: _old, ...rest } = doc.pairPoints[target] ?? {};
      const forTarget =
        points === null || !Number.isFinite(points) ? rest : { ...rest, [draggable]: Math.trunc(points) };
      const { [target]: _t, ...others } = doc.pairPoints;
      return {
        doc: { ...doc, pairPoints: Object.keys(forTarget).length ? { ...others, [target]: forTarget } : others },
      };
    },
  },
  setOption: {
    records: true,
    perform({ doc }, { name, value }) {
      if (doc.options[name] === value) return null;
      const next: AreaDoc = { ...doc, options: { ...doc.options, [name]: value } };
      if (!value) return { doc: next };
      if (name === "FixedWidth" || name === "FixedHeight") return { doc: withAreas(next, next.areas) };
      if (name === "OneToOneMatching") return { doc: { ...next, match: oneToOne(next) } };
      return { doc: { ...next, correct: singleAnswer(next) } };
    },
  },
  replaceImage: {
    records: true,
    // Areas are kept as they are: ones that no longer fit are pointed out (areasOutside) for the
    // author to fix, rather than silently moved.
    perform({ doc }, { image }) {
      return { doc: { ...doc, image } };
    },
  },
  select: {
    records: false,
    perform({ doc }, { ids }) {
      return { selected: existing(doc, ids), connectFrom: null };
    },
  },
  toggleSelect: {
    records: false,
    perform({ doc, selected }, { id }) {
      const ids = selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id];
      return { selected: existing(doc, ids), connectFrom: null };
    },
  },
  startConnect: {
    records: false,
    perform({ doc }, { target }) {
      if (target !== null && byId(doc, target)?.kind !== AREA_TYPE.target) return null;
      return { connectFrom: target };
    },
  },
};
