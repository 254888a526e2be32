// npm run bench:area — is the area editor responsive with a large question? Starts the built app
// on a fresh embedded database, makes a point & shoot question with 200 areas on a 4000 × 3000
// image through /api/json, opens it in Chromium and drags one area across the canvas with the
// mouse, recording every animation frame during the drag. Prints the frame intervals and how many
// frames showed the dragged area at a new place (the goal: one for every mouse move, and no long
// frames while dragging).
//   AREA_BENCH_PORT  port for the app (default 3218)
import type { KonvaWindow } from "../e2e/support/area-canvas";
import { makePng } from "../tests/support/media-fixtures";
import { pct, signUpAuthor, startBenchApp } from "./browser-app";

const PORT = Number(process.env.AREA_BENCH_PORT ?? 3218);
const IMAGE = { width: 4000, height: 3000 };
const AREAS = 200;
const MOVES = 180;

interface Frame {
  t: number;
  x: number;
  y: number;
}

/** The page's window while the drag is recorded (the script given to page.evaluate below). */
type RecordingWindow = KonvaWindow & { __frames?: Frame[]; __recording?: boolean };

/** 200 areas in a 20 × 10 grid over the image. */
function gridAreas() {
  return Array.from({ length: AREAS }, (_, i) => ({
    id: `block-${i + 1}`,
    x: (i % 20) * 200 + 20,
    y: Math.floor(i / 20) * 300 + 40,
    width: 150,
    height: 100,
  }));
}

async function main() {
  const app = await startBenchApp(PORT, "exam-area-bench-");
  try {
    const { page, rpc } = await signUpAuthor(app);
    const { exam } = await rpc("exam.examCreate", {
      exam: { type: 2, title: "Big image", category: "Bench", code: "B-1", evaluation_method: 2, passing_score: 50 },
    });
    const png = Buffer.from(makePng(IMAGE.width, IMAGE.height, [200, 215, 230]));
    const { question } = await rpc("exam.questionCreate", {
      question: {
        exam_id: exam.id,
        type: 4,
        question: "<p>Click the faulty component.</p>",
        properties: {
          image: "big.png",
          areas: gridAreas(),
          options: { FixedHeight: false, FixedWidth: false, SingleAnswer: true },
          correct: { "block-1": true },
        },
      },
      resources: { "big.png": png.toString("base64") },
    });

    const opened = performance.now();
    await page.goto(`/exams/${exam.id}/questions/${question.id}`);
    await page.waitForFunction((n) => (window as KonvaWindow).Konva?.stages[0]?.find(".area").length === n, AREAS, {
      timeout: 60_000,
    });
    const openMs = performance.now() - opened;

    // Drag block-95 (in the middle of the image) with the mouse, 180 small moves.
    const target = "block-95";
    const start = await page.evaluate((id) => {
      const stage = (window as KonvaWindow).Konva?.stages[0];
      const node = stage?.findOne(`#${id}`);
      if (!stage || !node) throw new Error(`no area ${id} on the stage`);
      const r = node.getClientRect();
      const box = stage.container().getBoundingClientRect();
      return { x: box.left + r.x + r.width / 2, y: box.top + r.y + r.height / 2 };
    }, target);
    // As a string: tsx would wrap a named function in a helper the page does not have.
    await page.evaluate(`(() => {
      const node = window.Konva.stages[0].findOne("#${target}");
      window.__frames = [];
      window.__recording = true;
      const tick = (t) => {
        const p = node.getAbsolutePosition();
        window.__frames.push({ t, x: p.x, y: p.y });
        if (window.__recording) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    })()`);
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    for (let i = 1; i <= MOVES; i++) {
      await page.mouse.move(start.x + i, start.y + i / 2);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
    }
    await page.mouse.up();
    const frames = await page.evaluate(() => {
      const w = window as RecordingWindow;
      w.__recording = false;
      return w.__frames ?? [];
    });

    const intervals = frames
      .slice(1)
      .map((f, i) => f.t - frames[i]!.t)
      .sort((a, b) => a - b);
    const moved = frames.slice(1).filter((f, i) => f.x !== frames[i]!.x || f.y !== frames[i]!.y).length;
    const seconds = (frames.at(-1)!.t - frames[0]!.t) / 1000;
    console.log(
      `Area editor, ${AREAS} areas on a ${IMAGE.width} × ${IMAGE.height} image, Chromium (headless, software rendering):`,
    );
    console.log(`  editor open until the stage shows every area   ${openMs.toFixed(0)} ms`);
    console.log(
      `  drag of one area: ${MOVES} mouse moves over ${seconds.toFixed(2)} s, ${frames.length} frames (${(frames.length / seconds).toFixed(1)} fps)`,
    );
    console.log(
      `  frame interval  p50 ${pct(intervals, 50).toFixed(1)} ms   p95 ${pct(intervals, 95).toFixed(1)} ms   max ${intervals.at(-1)!.toFixed(1)} ms`,
    );
    // Each move waits for a frame, and a CDP round trip spans about three frames: the goal is one
    // frame with a new position per mouse move, and no long frames while dragging.
    console.log(`  frames that showed the area at a new position: ${moved} (mouse moves: ${MOVES})`);
  } finally {
    await app.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
