// Large files in the app under `npm start` (issue 23). Next's proxy (proxy.ts) buffered the body of
// every request it runs for, server actions included, only up to 10 MB and handed the action the
// rest cut off, so an import of more than about 7.5 MB (the file travels as Base64 in a server
// action) failed with a server error. A file up to LIMIT_IMPORT_MB imports whole through the
// dialog; a body over LIMIT_BODY_MB is refused with a message that says why. /api/json, which
// `npm start` answers without Next, refuses a resource over LIMIT_RESOURCE_MB at its path.
import type { Page } from "@playwright/test";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { makeSizedWav, mediaPath } from "../tests/support/media-fixtures";
import { expect, rpc, rpcOk, test } from "./support/fixtures";

const MiB = 1024 * 1024;
const EXAM = { type: 2, category: "IT", code: "BIG-1", evaluation_method: 1, passing_score: 60 };

async function openImport(page: Page, token: string, title: string) {
  const { exam } = await rpcOk(page.request, token, "exam.examCreate", { exam: { ...EXAM, title } });
  await page.goto(`/exams/${exam.id}`);
  await page.getByRole("button", { name: "Import questions" }).click();
  return { examId: exam.id as number, dialog: page.getByRole("dialog", { name: "Import questions into this exam" }) };
}

/** Writes `content` under the test's output folder: Chromium reads a large file from disk. */
function fileOnDisk(name: string, content: string | Buffer): string {
  const file = test.info().outputPath(name);
  fs.writeFileSync(file, content);
  return file;
}

test("a 40 MB archive with three recordings imports whole through the Import questions dialog", async ({
  page,
  token,
}) => {
  test.setTimeout(180_000);
  const sounds = [1, 2, 3].map((i) => makeSizedWav(10_000_000, i));
  const paths = sounds.map((s) => `/media/${createHash("sha256").update(s).digest("hex")}.wav`);
  const archive = JSON.stringify({
    format: "exam_studio_archive",
    version: 1,
    questions: sounds.map((_, i) => ({
      external_id: `REC-${i + 1}`,
      type: 1,
      question: `<p>Recording ${i + 1}</p><audio controls src="${paths[i]}"></audio>`,
      answers: [
        { answer: "<p>Tone</p>", is_correct: true },
        { answer: "<p>Voice</p>", is_correct: false },
      ],
    })),
    media: Object.fromEntries(sounds.map((s, i) => [paths[i], Buffer.from(s).toString("base64")])),
  });
  expect(Buffer.byteLength(archive)).toBeGreaterThan(40_000_000);
  expect(Buffer.byteLength(archive)).toBeLessThan(45 * MiB);

  const { examId, dialog } = await openImport(page, token, "Recordings");
  await dialog.getByLabel("File to import").setInputFiles(fileOnDisk("recordings.exam.json", archive));
  const plan = dialog.getByTestId("import-plan");
  await expect(plan).toContainText("3 to create, 0 to update, 0 to skip.", { timeout: 90_000 });
  await plan.getByRole("button", { name: "Import 3 questions" }).click();
  await expect(dialog.getByTestId("import-status")).toHaveText(
    "Imported recordings.exam.json: 3 created, 0 updated, 0 skipped.",
    { timeout: 90_000 },
  );

  // Each recording stored whole: its stored name is the SHA-256 of all its bytes.
  const { questions } = await rpcOk(page.request, token, "exam.questionList", { exam_id: examId });
  expect(questions.map((q: { question: string }) => q.question)).toEqual(
    sounds.map((s, i) => `<p>Recording ${i + 1}</p><audio controls src="${mediaPath(s, "wav")}"></audio>`),
  );
});

test("a file too large to send says so in the dialog and stores nothing", async ({ page, token }) => {
  test.setTimeout(180_000);
  // 54 MB: as Base64 in the request, more than LIMIT_BODY_MB (64 MiB).
  const file = fileOnDisk("huge.gift", "::Q:: What is large? {=This ~That}\n\n".repeat(1_500_000));
  expect(fs.statSync(file).size).toBeGreaterThan(51 * MiB);

  const { examId, dialog } = await openImport(page, token, "Too large");
  await dialog.getByLabel("File to import").setInputFiles(file);
  const errors = dialog.getByTestId("import-errors");
  await expect(errors).toContainText("Nothing can be imported from this file", { timeout: 90_000 });
  await expect(errors).toContainText(
    "This is too large to send at once: the server takes at most 64 MiB in one request, and a file takes a third more than its own size on the way.",
  );
  const { questions } = await rpcOk(page.request, token, "exam.questionList", { exam_id: examId });
  expect(questions).toEqual([]);
});

test("a 17 MiB resource sent to /api/json is refused at its path (-32013), and nothing is stored", async ({
  page,
  token,
}) => {
  const { exam } = await rpcOk(page.request, token, "exam.examCreate", { exam: { ...EXAM, title: "Long sound" } });
  const answer = await rpc(page.request, token, "exam.questionCreate", {
    question: { exam_id: exam.id, type: 1, question: '<p>Listen</p><audio controls src="long.wav"></audio>' },
    answers: [
      { answer: "<p>Tone</p>", is_correct: true },
      { answer: "<p>Voice</p>", is_correct: false },
    ],
    resources: { "long.wav": Buffer.from(makeSizedWav(17 * MiB, 5)).toString("base64") },
  });
  expect(answer.error?.code, JSON.stringify(answer).slice(0, 500)).toBe(-32013);
  expect(answer.errors).toEqual([expect.stringMatching(/^resources\["long\.wav"\]: .*16 MiB/)]);
  const { questions } = await rpcOk(page.request, token, "exam.questionList", { exam_id: exam.id });
  expect(questions).toEqual([]);
});
