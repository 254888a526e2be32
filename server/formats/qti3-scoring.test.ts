// @vitest-environment happy-dom
// Independent scoring (contract 13.1.2): a QTI 3 scoring implementation that is not ours —
// Citolab's @citolab/qti-components (web components with response processing), run here in
// happy-dom — given each exported item's qti-correct-response computes the question's maximum
// points (what our own scoring, server/domain/scoring, gives the fully correct response), and
// given no response 0. Our scoring also marks the item's correct response fully correct.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { areaAt } from "../domain/scoring/hit-test";
import { scoreQuestion } from "../domain/scoring/question-score";
import type { CandidateResponse, ScoredQuestion } from "../domain/scoring/types";
import { typedProperties, type QuestionProperties } from "../schemas/question/properties";
import { exportQti3 } from "./qti3-export";
import { allTypesExam } from "../../tests/support/qti3-fixture";
import { allModesExam } from "../../tests/support/scoring-modes-fixture";
import { scoreApiResponse } from "../domain/scoring/scenarios";
import type { ApiResponse } from "../schemas/question/response";
import type { ContentQuestion } from "./types";
import { readXml, type XmlElement } from "./xml-read";
import { readZip } from "./zip";

type QtiItem = HTMLElement & {
  updateComplete: Promise<unknown>;
  updateResponseVariable(identifier: string, value: string | string[] | undefined): void;
  processResponse(): boolean;
  getOutcome(identifier: string): { value: string | null } | null;
};

let transform: (xml: string) => string;

// The test files of a worker share its modules (vitest.config.ts): console.log is given back.
afterAll(() => {
  vi.restoreAllMocks();
});

beforeAll(async () => {
  // The components log their variable lookups.
  vi.spyOn(console, "log").mockImplementation(() => {});
  // happy-dom has no ElementInternals; the components only set form values through it.
  const proto = HTMLElement.prototype as unknown as { attachInternals?: () => unknown };
  proto.attachInternals ??= () => ({
    setFormValue() {},
    setValidity() {},
    checkValidity: () => true,
    reportValidity: () => true,
    states: new Set(),
    validity: { valid: true },
    validationMessage: "",
    form: null,
    labels: [],
  });
  // Nor the Observable API (EventTarget.when) the drag and drop interactions subscribe with.
  const noop: unknown = new Proxy(() => noop, {
    get: (_t, key) => (key === "subscribe" ? () => ({ unsubscribe() {} }) : () => noop),
  });
  for (const type of [EventTarget, Node, Element, HTMLElement, DocumentFragment, ShadowRoot, Document]) {
    const proto = type.prototype as unknown as { when?: () => unknown };
    proto.when ??= () => noop;
  }
  await import("@citolab/qti-components");
  const { qtiTransformItem } = await import("@citolab/qti-components/qti-transformers");
  transform = (xml) => qtiTransformItem().parse(xml).html();
});

/** The item in the document, its declarations connected after the item listens for them (happy-dom connects a subtree's children first). */
async function mount(xml: string): Promise<QtiItem> {
  document.body.innerHTML = "";
  const host = document.createElement("div");
  host.innerHTML = transform(xml);
  const item = host.querySelector("qti-assessment-item") as QtiItem;
  const children = [...item.childNodes];
  for (const child of children) item.removeChild(child);
  document.body.appendChild(item);
  await item.updateComplete;
  for (const child of children) item.appendChild(child);
  await item.updateComplete;
  return item;
}

async function qtiScore(xml: string, response: string | string[] | null): Promise<number> {
  const item = await mount(xml);
  if (response !== null) item.updateResponseVariable("RESPONSE", response);
  item.processResponse();
  return Number(item.getOutcome("SCORE")?.value ?? NaN);
}

const content = allTypesExam();
/** Items whose scoring in Citolab's engine departs from QTI 3 (see the test). */
const CITOLAB_DEVIATIONS = new Set([104]);
const exported = exportQti3(content);
const zip = readZip(exported.file.bytes, 1e8);
if (!zip.ok) throw new Error(zip.message);
const entries = zip.entries;
const itemFiles = [...entries.keys()].filter((n) => n.startsWith("items/"));

function find(el: XmlElement, local: string): XmlElement | null {
  if (el.local === local) return el;
  for (const c of el.children)
    if (typeof c !== "string") {
      const hit = find(c, local);
      if (hit) return hit;
    }
  return null;
}

/** The item's correct response as the engine takes it (one string, or a list for multiple and ordered). */
function correctResponse(root: XmlElement): string | string[] {
  const decl = find(root, "qti-response-declaration")!;
  const values = (find(decl, "qti-correct-response")?.children ?? [])
    .filter((c): c is XmlElement => typeof c !== "string")
    .map((v) => v.children.join("").trim());
  return decl.attributes.cardinality === "single" ? values[0]! : values;
}

/** The same response in our terms. */
function ourResponse(q: (typeof content.questions)[number], value: string | string[]): CandidateResponse {
  const list = Array.isArray(value) ? value : [value];
  const answerId = (id: string) => Number(id.slice(1)) - 1;
  switch (q.type) {
    case 1:
      return { type: 1, answerId: answerId(list[0]!) };
    case 2:
      return { type: 2, answerIds: list.map(answerId) };
    case 3:
      return {
        type: 3,
        placements: Object.fromEntries(list.map((pair) => pair.split(" ").reverse() as [string, string])),
      };
    case 4: {
      const areas = q.properties.areas as { id: string; x: number; y: number; width: number; height: number }[];
      return { type: 4, areaIds: list.map((p) => areaAt(areas, Number(p.split(" ")[0]), Number(p.split(" ")[1]))!) };
    }
    case 5:
      return { type: 5, areaIds: list };
    case 6:
      return { type: 6, order: list.map(answerId) };
    default:
      return { type: 7, text: list[0]! };
  }
}

const scored = (q: (typeof content.questions)[number]): ScoredQuestion => ({
  id: q.id,
  ...typedProperties(q.type, q.properties as QuestionProperties),
  points: q.points,
  answers: q.answers.map((a, i) => ({ id: i, is_correct: a.is_correct, points: a.points, order: a.order })),
});

describe("qti3 scoring by an independent QTI 3 engine (@citolab/qti-components)", () => {
  const refs = exported.report.items;
  content.questions.forEach((q, index) => {
    const report = refs[index]!;
    it(`question ${q.id} (type ${q.type}, ${report.fidelity}): the correct response earns the maximum, no response 0`, async () => {
      const file = itemFiles.find(
        (f) =>
          new TextDecoder().decode(entries.get(f)).includes(`data-es-points="${q.points}"`) &&
          f === expectedFile(index),
      )!;
      const xml = new TextDecoder().decode(entries.get(file));
      const root = readXml(xml);
      if (!root.ok) throw new Error(root.message);
      const response = correctResponse(root.root);
      const ours = scoreQuestion(scored(q), ourResponse(q, response));
      expect(ours.fullyCorrect).toBe(true);
      expect(ours.points).toBe(ours.maxPoints);
      expect(await qtiScore(xml, null)).toBe(0);
      if (CITOLAB_DEVIATIONS.has(q.id)) {
        // Citolab's qti-inside takes a single point only ("qti-inside requires single cardinality")
        // where QTI 3 says a container is inside when any of its points is: the fully correct
        // condition of a point & shoot question with several clicks is never true there, so it
        // computes the area points alone. Asserted, so that a fixed engine shows up here.
        expect(await qtiScore(xml, response)).toBe(ours.maxPoints - q.points);
        return;
      }
      expect(await qtiScore(xml, response)).toBe(ours.maxPoints);
    });
  });
});

function expectedFile(index: number): string {
  return [
    "items/Q-1.xml",
    "items/Q-2.xml",
    "items/Q-3.xml",
    "items/item-1.xml",
    "items/item-2.xml",
    "items/Q-6.xml",
    "items/Q-7.xml",
    "items/Q-8.xml",
    "items/Q-9.xml",
  ][index]!;
}

// ---------------------------------------------------------------------------------------------
// Every scoring mode (contract 16.3 point 5): each scenario of the all-modes exam, a partial
// response with the points our scoreQuestion gives it, earns the same SCORE in the engine.

const modes = allModesExam();
const modesExport = exportQti3(modes);
const modesZip = readZip(modesExport.file.bytes, 1e8);
if (!modesZip.ok) throw new Error(modesZip.message);

/** The item file of a question, by the external id our export writes. */
function modesItem(q: ContentQuestion): string {
  for (const [name, bytes] of modesZip.ok ? modesZip.entries : [])
    if (name.startsWith("items/")) {
      const xml = new TextDecoder().decode(bytes);
      if (xml.includes(`data-es-external-id="${q.external_id}"`)) return xml;
    }
  throw new Error(`no item of ${q.external_id}`);
}

/** A scenario's response (answer positions, areas by id, clicks) as the engine takes RESPONSE. */
function engineResponse(q: ContentQuestion, response: Record<string, unknown>): string | string[] {
  const choice = (position: number) => `A${position}`;
  switch (q.type) {
    case 2:
      return (response.answers as number[]).map(choice);
    case 3:
      return Object.entries(response.placements as Record<string, string>).map(([t, d]) => `${d} ${t}`);
    case 4: {
      const points = (response.clicks as { x: number; y: number }[]).map((c) => `${c.x} ${c.y}`);
      return (q.properties.options as { SingleAnswer?: boolean }).SingleAnswer ? points[0]! : points;
    }
    case 5:
      return response.areas as string[];
    default:
      return (response.order as number[]).map(choice);
  }
}

/**
 * Scenarios whose engine SCORE departs from QTI 3, with the SCORE Citolab gives. Question 204 is
 * a point & shoot question with several clicks: Citolab's qti-inside takes a single point only
 * (see CITOLAB_DEVIATIONS above), so no area flag is ever set and the count stays 0; the SCORE is
 * then the area points alone (its area mapping, map-response-point, works with several points).
 * The scenario "a router and a switch" is not listed: it earns 0 either way.
 */
const CITOLAB_MODE_DEVIATIONS: Record<string, number> = {
  "204/one router": 1,
  "204/two routers": 0,
  "204/key": 1,
};

describe("qti3 scoring modes: every scenario scores the same in the independent engine", () => {
  it("exports every mode's question as lossless, the mode in data-es-scoring", () => {
    for (const [i, q] of modes.questions.entries()) {
      expect(modesExport.report.items[i]!.fidelity, `question ${q.id}`).toBe("lossless");
      expect(modesItem(q)).toContain(`data-es-scoring="${String(q.properties.scoring)}"`);
    }
  });
  for (const q of modes.questions)
    for (const s of q.scenarios as { name: string; response: Record<string, unknown>; expected_points: number }[])
      it(`question ${q.id} (type ${q.type}, ${String(q.properties.scoring)}): ${s.name} earns ${s.expected_points}`, async () => {
        const ours = scoreApiResponse(scored(q), s.response as ApiResponse);
        if (!ours.ok) throw new Error(JSON.stringify(ours.problems));
        expect(ours.score.points).toBe(s.expected_points);
        const engine = await qtiScore(modesItem(q), engineResponse(q, s.response));
        const deviation = CITOLAB_MODE_DEVIATIONS[`${q.id}/${s.name}`];
        if (deviation !== undefined) {
          // Asserted, so that a fixed engine shows up here.
          expect(engine).not.toBe(s.expected_points);
          expect(engine).toBe(deviation);
          return;
        }
        expect(engine).toBe(s.expected_points);
      });
});
