// A matching question imported from a real GIFT file, and from the IMS QTI 2.1 associate example
// (contract 13.3 point 3), as a candidate sees
// it: Drag & Drop on the generated image, its stems and choices drawn in a readable font. The
// candidate places a tile on a stem's target; the screenshot is kept for a person to look at.
import { readFileSync } from "node:fs";
import path from "node:path";
import { looseItemPackage } from "../tests/support/qti2-fixtures";
import { expect, rpcOk, test } from "./support/fixtures";
import { question } from "./support/preview";

test.slow();

test("an imported GIFT matching question is answered by dragging its drawn tiles onto the stems' targets", async ({
  page,
  request,
  token,
}, testInfo) => {
  const file = readFileSync(path.resolve("tests/fixtures/real-world/gift/totara_moodle_match.gift"));
  const result = await rpcOk(request, token, "exam.examImport", {
    file: { base64: file.toString("base64"), name: "totara_moodle_match.gift" },
    exam: { type: 2, title: "Matching", category: "QA", code: "MATCH", evaluation_method: 3 },
  });
  expect(result.items.map((i: { type: number | null }) => i.type)).toEqual([3]);
  await rpcOk(request, token, "exam.examUpdate", {
    exam: { id: result.exam.id, testing_questions: 1, show_standard_introduction: false },
  });
  await page.goto(`/exams/${result.exam.id}/preview?seed=1`);
  const q = question(page);
  await expect(q.locator('[data-target="targ-4"]')).toBeVisible();
  await expect(q.locator("[data-draggable]")).toHaveCount(5);
  await q.locator('[data-draggable="drag-1"]').click();
  await q.locator('[data-target="targ-1"]').click();
  await expect(q.locator('[data-target="targ-1"] [data-holds]')).toHaveCount(1);
  await q.screenshot({ path: testInfo.outputPath("matching-candidate.png") });
});

test("an imported QTI associate item is answered the same way: the first of each pair a stem, its partner a tile", async ({
  page,
  request,
  token,
}) => {
  const result = await rpcOk(request, token, "exam.examImport", {
    file: { base64: Buffer.from(looseItemPackage("ims-2.1/associate.xml")).toString("base64"), name: "associate.zip" },
    exam: { type: 2, title: "Rivals", category: "QA", code: "RIVALS", evaluation_method: 3 },
  });
  expect(result.items.map((i: { type: number | null }) => i.type)).toEqual([3]);
  await rpcOk(request, token, "exam.examUpdate", {
    exam: { id: result.exam.id, testing_questions: 1, show_standard_introduction: false },
  });
  await page.goto(`/exams/${result.exam.id}/preview?seed=1`);
  const q = question(page);
  // Antonio, Capulet, Demetrius are the targets; Lysander, Montague, Prospero the tiles.
  await expect(q.locator("[data-target]")).toHaveCount(3);
  await expect(q.locator("[data-draggable]")).toHaveCount(3);
  // Prospero (drag-3) onto Antonio's target (targ-1).
  await q.locator('[data-draggable="drag-3"]').click();
  await q.locator('[data-target="targ-1"]').click();
  await expect(q.locator('[data-target="targ-1"] [data-holds]')).toHaveCount(1);
});
