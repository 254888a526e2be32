// Large content is parsed in worker threads (server/workers): a call carrying megabytes of HTML
// does not hold up other callers, and content over the parse budgets is refused at its own path,
// naming the limit, with nothing stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  typedProperties,
  type DragDropProperties,
  type QuestionProperties,
} from "@/server/schemas/question/properties";
import { makePng, makeSvg, toBase64 } from "../support/media-fixtures";
import { expectNothingChanged, issuesOf, ok } from "../support/question-store";
import { createTestApp, examInput, type TestApp, type TestUser } from "../support/test-app";

/** About 500 KB of valid HTML that is slow to clean (spans 99 deep, repeated). */
function heavyHtml(label: string): string {
  const unit = `${"<span>".repeat(99)}${label}${"</span>".repeat(99)}`;
  return `<p>${unit.repeat(Math.floor(500_000 / unit.length))}</p>`;
}

/** A drag & drop question with 150 targets, 150 draggables and points for every pair: 22,500 values. */
function bigDragDrop(examId: number) {
  const areas = [];
  for (let i = 1; i <= 150; i++) areas.push({ id: `targ-${i}`, x: 0, y: 0, width: 30, height: 15, type: 1 });
  for (let i = 1; i <= 150; i++) areas.push({ id: `drag-${i}`, x: 40, y: 0, width: 30, height: 15, type: 2 });
  const points: Record<string, Record<string, number>> = {};
  for (let i = 1; i <= 150; i++)
    points[`targ-${i}`] = Object.fromEntries(Array.from({ length: 150 }, (_, j) => [`drag-${j + 1}`, (i + j) % 3]));
  return {
    question: {
      exam_id: examId,
      type: 3,
      question: "<p>Match them</p>",
      properties: {
        image: "board.png",
        areas,
        options: { FixedHeight: true, FixedWidth: true, OneToOneMatching: false },
        match: { "targ-1": "drag-1" },
        points,
      },
    },
    resources: { "board.png": toBase64(makePng(200, 100)) },
  };
}

/** A returned question's properties as drag & drop properties (type 3), or a clear failure. */
function dragDropOf(q: { type: number; properties: QuestionProperties }): DragDropProperties {
  const typed = typedProperties(q.type, q.properties);
  if (typed.type !== 3) throw new Error(`expected a drag & drop question (type 3), got type ${q.type}`);
  return typed.properties;
}

describe("with the default budgets", () => {
  let t: TestApp;
  let u: TestUser;
  let examId: number;
  beforeAll(async () => {
    // The reading caller below makes hundreds of calls in a few seconds.
    t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
    u = await t.newUser();
    examId = ok(await u.call("exam.examCreate", { exam: examInput() })).exam.id;
  });
  afterAll(() => t.close());

  it("answers other calls while a call's 10 MB of HTML is being cleaned", async () => {
    const answers = Array.from({ length: 20 }, (_, i) => ({ answer: heavyHtml(`a${i}`), is_correct: i === 0 }));
    let heavyDone = false;
    const heavy = u
      .call("exam.questionCreate", { question: { exam_id: examId, type: 1, question: "<p>Which?</p>" }, answers })
      .finally(() => {
        heavyDone = true;
      });
    // While the heavy call is in flight, a second caller keeps reading. Cleaning 10 MB of this
    // HTML takes seconds of CPU; one examGet takes milliseconds. Had the cleaning run on the
    // thread that answers requests, no read could be answered until it was done. Twenty reads
    // prove it; more would ask the cleaning to outlast them, which a loaded machine may not.
    let answeredMeanwhile = 0;
    while (!heavyDone && answeredMeanwhile < 20) {
      ok(await u.call("exam.examGet", { id: examId }));
      if (!heavyDone) answeredMeanwhile++;
    }
    expect(answeredMeanwhile).toBe(20);
    expect(heavyDone).toBe(false);
    const created = ok(await heavy);
    expect(created.answers).toHaveLength(20);
  });

  it("checks a question with large properties in a worker, with the same result", async () => {
    const params = bigDragDrop(examId);
    const created = ok(await u.call("exam.questionCreate", params));
    const properties = dragDropOf(created.question);
    expect(properties.points).toEqual(params.question.properties.points);
    expect(properties.areas).toHaveLength(300);
  });
});

describe("over the time budget", () => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ limits: { parseMs: 5 } });
    u = await t.newUser();
  });
  afterAll(() => t.close());

  it("refuses an SVG whose check takes too long, at the resource, naming the limit, storing nothing", async () => {
    const svg = makeSvg(100, 100, '<rect width="1" height="1" fill="red"/>'.repeat(20_000));
    const reply = await expectNothingChanged(t, u, () =>
      u.call("exam.examCreate", {
        exam: examInput({ description: '<p><img src="big.svg"></p>' }),
        resources: { "big.svg": toBase64(svg) },
      }),
    );
    expect(reply.error?.code).toBe(-32602);
    expect(issuesOf(reply)).toEqual([
      {
        code: "too_complex",
        path: 'resources["big.svg"]',
        message: "checking this file took longer than the limit of 0.005 seconds; make it simpler or smaller",
      },
    ]);
  });

  it("refuses a question whose large properties take too long to check, at the properties", async () => {
    const examId = ok(await u.call("exam.examCreate", { exam: examInput() })).exam.id;
    const reply = await expectNothingChanged(t, u, () => u.call("exam.questionCreate", bigDragDrop(examId)));
    expect(issuesOf(reply)).toEqual([
      {
        code: "too_complex",
        path: "question.properties",
        message: "checking these properties took longer than the limit of 0.005 seconds; make it simpler or smaller",
      },
    ]);
  });

  it("refuses a large HTML field the same way, at the field", async () => {
    const reply = await expectNothingChanged(t, u, () =>
      u.call("exam.examCreate", { exam: examInput({ description: heavyHtml("d") }) }),
    );
    expect(issuesOf(reply)).toEqual([
      {
        code: "too_complex",
        path: "exam.description",
        message: "checking this HTML took longer than the limit of 0.005 seconds; make it simpler or smaller",
      },
    ]);
  });
});
